/** The Emails screen's two sections, E-mails and Newsletters: links (the URL says which one is shown). */
import { cx, focusRing } from '../../ui/primitives.tsx';

const TABS = [
  { id: 'emails', label: 'E-mails', href: '/admin/emails' },
  { id: 'newsletters', label: 'Newsletters', href: '/admin/emails/newsletters' },
] as const;

export function EmailsTabs({ current }: { current: (typeof TABS)[number]['id'] }) {
  return (
    <nav aria-label="Sections des e-mails" className="mb-6 overflow-x-auto border-b border-slate-200">
      <ul className="flex gap-1">
        {TABS.map(({ id, label, href }) => (
          <li key={id}>
            <a
              href={href}
              aria-current={current === id ? 'page' : undefined}
              className={cx(
                'inline-block rounded-t-md border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap',
                focusRing,
                current === id ? 'border-accent-600 text-accent-700' : 'border-transparent text-slate-600 hover:text-slate-900',
              )}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
