/** What Paramètres shows of the accounts: the profile, sessions and users tabs. */
export { ProfileTab } from './ProfileTab.tsx';
export { SessionsTab } from './SessionsTab.tsx';
export { UsersTab } from './UsersTab.tsx';
