/** The analytics feature's contract: its schemas and presenters, for the server and the browser (#contract/analytics; decision 135). */
export * from './analytics-presenters.ts';
export * from './analytics-schemas.ts';
export * from './funnel-presenters.ts';
export * from './funnel-schemas.ts';
export * from './stats-presenters.ts';
