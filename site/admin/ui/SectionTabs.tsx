/**
 * A screen's sections as a row of tabs that are links: the URL says which one is shown (the back
 * button works), the current one is marked for assistive technologies.
 */
import { cx, focusRing } from './primitives.tsx';

export interface SectionTab {
  id: string;
  label: string;
  href: string;
}

export function SectionTabs({ label, tabs, current }: { label: string; tabs: readonly SectionTab[]; current: string }) {
  return (
    <nav aria-label={label} className="mb-6 overflow-x-auto border-b border-slate-200">
      <ul className="flex gap-1">
        {tabs.map(({ id, label: tabLabel, href }) => (
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
              {tabLabel}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
