export * from './core';
export * from './rules';
export * from './procurements';
export * from './catalogs';
export * from './contracts';
export * from './plans';
export * from './execution';
export * from './eis-imports';
