export { default as NmckTab } from './NmckTab';
