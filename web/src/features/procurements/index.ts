export { procurementsApi } from './api';
export { useGenerateDocuments } from './generate';
export { OutdatedDocuments } from './OutdatedDocuments';
export { ProcurementNotFound } from './ProcurementNotFound';
