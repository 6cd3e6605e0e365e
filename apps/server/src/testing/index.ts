export * from './harness';
export * from './images';
