export * from './iso-date';
export * from './production-calendar';
export * from './lead-times';
export * from './check-procurement-dates';
export * from './reporting-deadlines';
export * from './status-terms';
