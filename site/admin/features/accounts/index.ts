/** What Paramètres shows of the accounts: the profile, sessions, users and journal tabs. */
export { ProfileTab } from './ProfileTab.tsx';
export { SessionsTab } from './SessionsTab.tsx';
export { UsersTab } from './UsersTab.tsx';
export { JournalTab } from './JournalTab.tsx';
