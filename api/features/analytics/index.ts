/** Analytics: the dashboard's figures and the analytics screen (with its CSV report). */

// Nothing here serves another feature yet: what it adds to the application is in ./manifest.ts.
export {};
