// the ЕИС exchange the plans, notices and contracts screens share: its API, import status, period import, file upload
export { eisApi, NOTICE44_METHOD_TITLES, PLAN_ITEM_FILTERS, PLAN_STATUS, showPending, TENDER_POSITION_FILTERS } from './api';
export { EisImportStatus } from './EisImportStatus';
export { EisPeriodField, isoPeriod, type PeriodValue } from './EisPeriodField';
export { PeriodImportButton } from './PeriodImportModal';
export { UploadEisButton } from './UploadEisButton';
