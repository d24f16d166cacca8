/** The operations feature's contract: its schemas and presenters, for the server and the browser (#contract/operations; decision 135). */
export * from './presenters.ts';
