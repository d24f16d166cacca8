/** The payments feature's contract: its schemas and presenters, for the server and the browser (#contract/payments; decision 135). */
export * from './presenters.ts';
export * from './schemas.ts';
