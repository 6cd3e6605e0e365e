export * from './platform';
export * from './people';
