export * from './schools';
export * from './users';
export * from './auth';
export * from './messages';
export * from './blobs';
export * from './scheduler';
export * from './fact-sheets';
export * from './knowledge';
