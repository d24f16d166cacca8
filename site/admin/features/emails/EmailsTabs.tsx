/** The Emails screen's two sections, E-mails and Newsletters: links (the URL says which one is shown). */
import { SectionTabs } from '../../ui/SectionTabs.tsx';

const TABS = [
  { id: 'emails', label: 'E-mails', href: '/admin/emails' },
  { id: 'newsletters', label: 'Newsletters', href: '/admin/emails/newsletters' },
] as const;

export function EmailsTabs({ current }: { current: (typeof TABS)[number]['id'] }) {
  return <SectionTabs label="Sections des e-mails" tabs={TABS} current={current} />;
}
