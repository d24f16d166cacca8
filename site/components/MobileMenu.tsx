/**
 * The header's menu on small screens: a toggle button opens the same entries as the
 * desktop navigation plus the webinar button; choosing an entry, pressing Escape or clicking outside
 * closes it. Hydrated on the first interaction with the toggle (`client:interaction`, which replays
 * the tap that woke it), so no visitor downloads it before using it and desktops never do.
 */
import { useEffect, useId, useRef, useState } from 'react';

export interface MenuEntry {
  label: string;
  href: string;
  external: boolean;
}

interface Props {
  entries: MenuEntry[];
  webinar: { label: string; href: string };
  labels: { openLabel: string; closeLabel: string; title: string; newTabHint: string };
}

export default function MobileMenu({ entries, webinar, labels }: Props) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <div ref={root}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? labels.closeLabel : labels.openLabel}
        onClick={() => setOpen((value) => !value)}
        className="grid size-11 place-items-center rounded-full text-ink transition hover:bg-sand"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        >
          {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      <nav
        id={panelId}
        aria-label={labels.title}
        hidden={!open}
        className="fixed inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-line bg-cream px-5 pt-2 pb-6 shadow-lg shadow-pine-900/10"
      >
        <ul className="divide-y divide-line">
          {entries.map((entry) => (
            <li key={entry.href}>
              <a
                href={entry.href}
                onClick={() => setOpen(false)}
                className="flex items-center justify-between py-4 text-lg text-ink hover:text-copper"
                {...(entry.external ? { target: '_blank', rel: 'noopener' } : {})}
              >
                {entry.label}
                {entry.external && <span className="sr-only"> {labels.newTabHint}</span>}
                {entry.external && (
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="size-4 text-muted"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  >
                    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
                  </svg>
                )}
              </a>
            </li>
          ))}
        </ul>
        <a
          href={webinar.href}
          onClick={() => setOpen(false)}
          className="mt-4 flex w-full items-center justify-center rounded-full bg-copper px-6 py-3.5 font-semibold text-white hover:bg-copper-dark"
        >
          {webinar.label}
        </a>
      </nav>
    </div>
  );
}
