export * from './core';
export * from './rules';
export * from './procurements';
export * from './catalogs';
