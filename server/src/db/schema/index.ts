export * from './core';
export * from './rules';
