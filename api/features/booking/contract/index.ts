/** The booking feature's contract: its schemas and presenters, for the server and the browser (#contract/booking; decision 135). */
export * from './agenda-presenters.ts';
export * from './booking-schemas.ts';
export * from './host-availability-schemas.ts';
export * from './booking-statuses.ts';
export * from './hosts-presenters.ts';
export * from './manage-presenters.ts';
