export * from './gratuity';
export * from './compute-settlement';
