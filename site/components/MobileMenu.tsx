/**
 * The header's menu on small screens: a toggle button opens the same entries as the desktop
 * navigation plus the webinar and booking buttons; choosing an entry, pressing Escape or tapping outside closes it.
 *
 * The panel is an HTML popover (`popover` + the button's `popovertarget`,
 * https://developer.mozilla.org/docs/Web/API/Popover_API): the browser itself opens it on the first tap,
 * closes it on Escape or a tap outside and returns focus to the button, before and without any
 * JavaScript (decision 042: the first tap paints the list at once instead of waiting for React). The island
 * still hydrates on that first interaction (`client:interaction`, which leaves popover buttons to the
 * browser) and then adds what HTML alone cannot: closing when an entry is chosen, and the button's label.
 */
import { useCallback, useId, useRef, useSyncExternalStore } from 'react';
import { LineIcon } from './LineIcon.tsx';

const neverChanges = () => () => {};

export interface MenuEntry {
  label: string;
  href: string;
  external: boolean;
}

interface Props {
  entries: MenuEntry[];
  webinar: { label: string; href: string };
  booking: { label: string; href: string };
  labels: { openLabel: string; closeLabel: string; title: string; newTabHint: string };
}

export default function MobileMenu({ entries, webinar, booking, labels }: Props) {
  const panel = useRef<HTMLElement>(null);
  const panelId = useId();
  // The panel's state is the browser's (the tap that woke the island may have opened it before React
  // was there): read it from the popover itself. On the server, and while hydrating, it is closed.
  const subscribe = useCallback((onChange: () => void) => {
    const element = panel.current;
    element?.addEventListener('toggle', onChange);
    return () => element?.removeEventListener('toggle', onChange);
  }, []);
  const open = useSyncExternalStore(
    subscribe,
    () => panel.current?.matches(':popover-open') ?? false,
    () => false,
  );
  // Until hydrated, the button carries no aria-expanded: the browser exposes its popover's state itself.
  const hydrated = useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );

  const close = () => panel.current?.hidePopover();

  return (
    <div className="group">
      <button
        type="button"
        popoverTarget={panelId}
        aria-expanded={hydrated ? open : undefined}
        aria-label={open ? labels.closeLabel : labels.openLabel}
        className="grid size-11 place-items-center rounded-full text-ink transition hover:bg-sand"
      >
        {/* The icons follow the panel's state in CSS, so they are right before hydration too. */}
        <LineIcon d="M4 7h16M4 12h16M4 17h16" className="size-6 group-has-[:popover-open]:hidden" strokeWidth="1.8" />
        <LineIcon d="M6 6l12 12M18 6 6 18" className="hidden size-6 group-has-[:popover-open]:block" strokeWidth="1.8" />
      </button>
      <nav
        ref={panel}
        id={panelId}
        popover="auto"
        aria-label={labels.title}
        // A popover sits in the top layer with the browser's own box (inset 0, fit-content size, border
        // and padding, Canvas colours): the classes below place it under the 4rem header, full width.
        className="menu-panel"
      >
        <ul className="divide-y divide-line">
          {entries.map((entry) => (
            <li key={entry.href}>
              <a
                href={entry.href}
                onClick={close}
                className="flex items-center justify-between py-4 text-lg text-ink hover:text-copper"
                {...(entry.external ? { target: '_blank', rel: 'noopener' } : {})}
              >
                {entry.label}
                {entry.external && <span className="sr-only">{` ${labels.newTabHint}`}</span>}
                {entry.external && <LineIcon d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" className="size-4 text-muted" strokeWidth="1.8" roundJoins />}
              </a>
            </li>
          ))}
        </ul>
        <a href={webinar.href} onClick={close} className="mt-4 flex w-full items-center justify-center rounded-full bg-copper px-6 py-3.5 font-semibold text-white hover:bg-copper-dark">
          {webinar.label}
        </a>
        <a href={booking.href} onClick={close} className="mt-3 flex w-full items-center justify-center rounded-full border border-pine-700/30 px-6 py-3.5 font-semibold text-pine-800 hover:bg-pine-50">
          {booking.label}
        </a>
      </nav>
    </div>
  );
}
