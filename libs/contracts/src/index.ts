export * from './auth';
export * from './roles';
export * from './problems';
export * from './judge';
export * from './execution';
export * from './contests';
export * from './profiles';
export * from './messages';
