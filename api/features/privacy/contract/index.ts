/** The privacy feature's contract: its schemas and presenters, for the server and the browser (#contract/privacy; decision 135). */
export * from './presenters.ts';
export * from './schemas.ts';
export * from './access-log-presenters.ts';
export * from './access-log-schemas.ts';
