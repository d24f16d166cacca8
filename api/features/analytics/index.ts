/** Analytics: the dashboard's figures and the analytics screen (with its CSV report). */


// Nothing here serves another feature yet: its routers are in ./http.ts.
export {};
