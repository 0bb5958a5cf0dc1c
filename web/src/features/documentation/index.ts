export { OutdatedDocuments } from './OutdatedDocuments';
export { useGenerateDocuments } from './generate';
