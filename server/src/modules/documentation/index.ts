import type { Module } from '../../platform/module';
import { documentationRoutes } from './routes';
import { defineDocumentationJobs, documentationSocket } from './socket';

export { generateDocuments } from './generate-documents';
export { isElectronicMethod, listDocuments, saveValues } from './list-documents';

/** Документация о закупке: user fields of the documents and DOCX generation. */
export const documentationModule: Module = {
  name: 'documentation',
  routes: documentationRoutes,
  jobs: defineDocumentationJobs,
  socket: documentationSocket,
};
