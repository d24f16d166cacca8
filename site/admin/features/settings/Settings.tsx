/**
 * Paramètres (/admin/settings/{tab}): Profil, Sessions, Utilisateurs (administrators only),
 * Rendez-vous (the discovery call and its hosts), Journal, Système. The account menu's "Profil" (/admin/profile) and "Paramètres" open it.
 * Each tab is a link (the URL says which one is shown, the back button works).
 */
import type { CurrentUser } from '../../stores/session.ts';
import { useCanEdit } from '../../stores/session.ts';
import { PageHeader } from '../../ui/primitives.tsx';
import { SectionTabs } from '../../ui/SectionTabs.tsx';
import { JournalTab } from './JournalTab.tsx';
import { ProfileTab, SessionsTab, UsersTab } from '../accounts/index.ts';
import { SystemTab } from './SystemTab.tsx';
import { BookingTab } from './BookingTab.tsx';

const TABS = [
  { id: 'profil', label: 'Profil', adminOnly: false },
  { id: 'sessions', label: 'Sessions', adminOnly: false },
  { id: 'utilisateurs', label: 'Utilisateurs', adminOnly: true },
  { id: 'rendez-vous', label: 'Rendez-vous', adminOnly: false },
  { id: 'journal', label: 'Journal', adminOnly: false },
  { id: 'systeme', label: 'Système', adminOnly: false },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function Settings({ tab, user }: { tab: string | undefined; user: CurrentUser }) {
  const canEdit = useCanEdit();
  const tabs = TABS.filter((candidate) => canEdit || !candidate.adminOnly);
  const current: TabId = tabs.find((candidate) => candidate.id === tab)?.id ?? 'profil';

  return (
    <>
      <PageHeader
        title="Paramètres"
        description={
          canEdit
            ? 'Votre profil, vos sessions, les utilisateurs, les rendez-vous et le journal.'
            : 'Votre profil et vos sessions. Votre rôle « Lecture seule » permet de consulter sans modifier.'
        }
      />
      <SectionTabs label="Sections des paramètres" tabs={tabs.map(({ id, label }) => ({ id, label, href: `/admin/settings/${id}` }))} current={current} />
      {current === 'profil' ? <ProfileTab key={user.id} user={user} /> : null}
      {current === 'sessions' ? <SessionsTab /> : null}
      {current === 'utilisateurs' ? <UsersTab currentUserId={user.id} /> : null}
      {current === 'rendez-vous' ? <BookingTab /> : null}
      {current === 'journal' ? <JournalTab /> : null}
      {current === 'systeme' ? <SystemTab /> : null}
    </>
  );
}
