export * from './common.ts';
export * from './users.ts';
export * from './leads.ts';
export * from './webinars.ts';
export * from './activities.ts';
export * from './stats.ts';
