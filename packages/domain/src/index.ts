export * from './org/identifiers';
export * from './org/settings';
export * from './org/logo';
export * from './money/inr';
export * from './dates/calendar';
