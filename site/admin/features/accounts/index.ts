/** What Paramètres shows of the accounts: the profile, sessions, security (second factor), users and journal tabs. */
export { ProfileTab } from './ProfileTab.tsx';
export { SessionsTab } from './SessionsTab.tsx';
export { UsersTab } from './UsersTab.tsx';
export { JournalTab } from './JournalTab.tsx';
export { SecurityTab } from './SecurityTab.tsx';
