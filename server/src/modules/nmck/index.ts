import type { Module } from '../../platform/module';
import { nmckRoutes } from './routes';

/** Обоснование НМЦК (ст. 22 44-ФЗ) of a procurement: method, price sources, figures, DOCX/XLSX justification. */
export const nmckModule: Module = {
  name: 'nmck',
  routes: nmckRoutes,
};
export { computeNmck } from './compute-nmck';
export { addSource, applyNmck, saveNmck } from './nmck-calculation';
