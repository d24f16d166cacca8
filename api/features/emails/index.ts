/** The Emails screen: every e-mail the outbox holds, one contact's e-mails, and "Renvoyer". */


// Nothing here serves another feature yet: its routers are in ./http.ts.
export {};
