export { procurementsApi } from './api';
export { ProcurementNotFound } from './ProcurementNotFound';
