/**
 * Paramètres (/admin/settings/{tab}): Profil, Sessions, Sécurité (the second factor), Utilisateurs (administrators only),
 * Rendez-vous (the discovery call and its hosts), Facturation (billing), Journal, Système. The account menu's "Profil" (/admin/profile) and "Paramètres" open it.
 * Each tab is a link (the URL says which one is shown, the back button works).
 */
import type { ReactNode } from 'react';
import type { CurrentUser } from '../../stores/session.ts';
import { useCanEdit } from '../../stores/session.ts';
import { PageHeader } from '../../ui/primitives.tsx';
import { SectionTabs } from '../../ui/SectionTabs.tsx';
import { JournalTab, ProfileTab, SecurityTab, SessionsTab, UsersTab } from '../accounts/index.ts';
import { SystemTab } from './SystemTab.tsx';
import { BookingTab } from '../booking/index.ts';
import { BillingTab } from '../billing/index.ts';
import { BankImport } from '../payments/index.ts';

/** Each tab of Paramètres: its address and label, who sees it, and what it shows. */
interface SettingsTab {
  id: string;
  label: string;
  adminOnly?: boolean;
  panel: (user: CurrentUser) => ReactNode;
}

const TABS: SettingsTab[] = [
  { id: 'profil', label: 'Profil', panel: (user) => <ProfileTab key={user.id} user={user} /> },
  { id: 'sessions', label: 'Sessions', panel: () => <SessionsTab /> },
  { id: 'securite', label: 'Sécurité', panel: () => <SecurityTab /> },
  { id: 'utilisateurs', label: 'Utilisateurs', adminOnly: true, panel: (user) => <UsersTab currentUserId={user.id} /> },
  { id: 'rendez-vous', label: 'Rendez-vous', panel: () => <BookingTab /> },
  { id: 'facturation', label: 'Facturation', panel: () => <BillingTab /> },
  // Importer un relevé (decision 133): beside billing's Facturation tab.
  { id: 'paiements', label: 'Paiements', panel: () => <BankImport /> },
  { id: 'journal', label: 'Journal', panel: () => <JournalTab /> },
  { id: 'systeme', label: 'Système', panel: () => <SystemTab /> },
];

export function Settings({ tab, user }: { tab: string | undefined; user: CurrentUser }) {
  const canEdit = useCanEdit();
  const tabs = TABS.filter((candidate) => canEdit || !candidate.adminOnly);
  // An unknown tab, or one the user may not see, shows the first: Profil.
  const current = tabs.find((candidate) => candidate.id === tab) ?? tabs[0]!;

  return (
    <>
      <PageHeader
        title="Paramètres"
        description={
          canEdit
            ? 'Votre profil, vos sessions, votre second facteur, les utilisateurs, les rendez-vous et le journal.'
            : 'Votre profil, vos sessions et votre second facteur. Votre rôle « Lecture seule » permet de consulter sans modifier.'
        }
      />
      <SectionTabs label="Sections des paramètres" tabs={tabs.map(({ id, label }) => ({ id, label, href: `/admin/settings/${id}` }))} current={current.id} />
      {current.panel(user)}
    </>
  );
}
