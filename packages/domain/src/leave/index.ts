export * from './balance';
export * from './policy';
export * from './codes-annual-leave';
