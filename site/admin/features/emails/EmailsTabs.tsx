/** The Emails screen's sections, E-mails, Newsletters and Séquences: links (the URL says which one is shown). */
import { SectionTabs } from '../../ui/SectionTabs.tsx';

const TABS = [
  { id: 'emails', label: 'E-mails', href: '/admin/emails' },
  { id: 'newsletters', label: 'Newsletters', href: '/admin/emails/newsletters' },
  { id: 'sequences', label: 'Séquences', href: '/admin/emails/sequences' },
] as const;

export function EmailsTabs({ current }: { current: (typeof TABS)[number]['id'] }) {
  return <SectionTabs label="Sections des e-mails" tabs={TABS} current={current} />;
}
