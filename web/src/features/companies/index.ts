export { companiesApi } from './api';
export { StorageUsage } from './StorageUsage';
export { useCompanyOptions } from './useCompanyOptions';
