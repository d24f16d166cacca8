/** The emails feature's contract: its schemas and presenters, for the server and the browser (#contract/emails; decision 135). */
export * from './presenters.ts';
export * from './schemas.ts';
