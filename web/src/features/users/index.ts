export { usersApi } from './api';
