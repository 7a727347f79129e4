export * from './pages';
export * from './template';
export * from './types';
