/** The sequences feature's contract: its schemas and presenters, for the server and the browser (#contract/sequences; decision 135). */
export * from './presenters.ts';
export * from './schemas.ts';
