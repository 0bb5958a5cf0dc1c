export { tariffsApi } from './api';
