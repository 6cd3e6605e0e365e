export * from './arrears';
