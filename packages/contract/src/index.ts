export * from './messages';
export * from './errors';
export * from './common';
export * from './auth';
export * from './companies';
export * from './users';
export * from './socket';
export * from './catalog-menu';
