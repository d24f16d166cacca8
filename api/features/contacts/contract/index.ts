/** The contacts feature's contract: its schemas and presenters, for the server and the browser (#contract/contacts; decision 135). */
export * from './activities-presenters.ts';
export * from './activities-schemas.ts';
export * from './exports-schemas.ts';
export * from './lead-bulk-presenters.ts';
export * from './lead-bulk-schemas.ts';
export * from './leads-presenters.ts';
export * from './leads-schemas.ts';
export * from './tags-presenters.ts';
export * from './tasks-presenters.ts';
export * from './tasks-schemas.ts';
