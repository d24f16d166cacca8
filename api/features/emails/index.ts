/** The Emails screen: every e-mail the outbox holds, one contact's e-mails, and "Renvoyer". */

// Nothing here serves another feature yet: what it adds to the application is in ./manifest.ts.
export {};
