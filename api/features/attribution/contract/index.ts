/** The attribution feature's contract: its schemas and presenters, for the server and the browser (#contract/attribution; decision 135). */
export * from './touch-schemas.ts';
export * from './visits-presenters.ts';
export * from './visits-schemas.ts';
