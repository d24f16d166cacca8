/** The webinars feature's contract: its schemas and presenters, for the server and the browser (#contract/webinars; decision 135). */
export * from './lead-registrations-presenters.ts';
export * from './public-submission-presenters.ts';
export * from './registrations-schemas.ts';
export * from './webinars-presenters.ts';
export * from './webinars-schemas.ts';
