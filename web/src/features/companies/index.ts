export { companiesApi } from './api';
export { useCompanyOptions } from './useCompanyOptions';
