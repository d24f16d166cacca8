export { BaseModel } from './BaseModel.ts';
export { User } from './User.ts';
export { Lead } from './Lead.ts';
export { Webinar } from './Webinar.ts';
export { WebinarRegistration } from './WebinarRegistration.ts';
export { Activity, type ActivityTouch } from './Activity.ts';
export { Newsletter } from './Newsletter.ts';
export type { NewsletterCounts } from './Newsletter.ts';
