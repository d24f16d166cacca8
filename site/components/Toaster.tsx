/**
 * The one toast region of the public pages: one toast at a time, closed with its
 * button, by swiping it sideways, or by itself after a while (success only: an error stays until the
 * visitor closes it). The region exists before any toast, so screen readers announce each new one.
 *
 * It is not an island of its own: the form islands mount it on hydration (`mountToaster`), so it
 * costs no JavaScript before a form is near, and it shares their React runtime and toast store.
 */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createRoot } from 'react-dom/client';
import { useStore } from '@nanostores/react';
import { $toast, type Toast } from '../lib/toast.ts';
import { useToastDismissal } from '../lib/use-toast-dismissal.ts';
import { LineIcon } from './LineIcon.tsx';

export interface ToasterLabels {
  closeLabel: string;
  regionLabel: string;
}

const AUTO_CLOSE_MS = 6000;

/** The gap between the toast and the window's edge (the region's `p-4`). */
const EDGE_GAP = 16;

type Edge = 'top' | 'bottom';

/** The submit buttons of the page's forms that are on screen. */
function visibleSubmitButtons(): DOMRect[] {
  return [...document.querySelectorAll<HTMLElement>('form button[type="submit"], form button:not([type]), form input[type="submit"]')]
    .map((button) => button.getBoundingClientRect())
    .filter((rect) => rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < window.innerHeight);
}

/** How much of the buttons a card of this size would cover at that edge (px², 0 when none). */
function coverage(card: DOMRect, edge: Edge, buttons: DOMRect[]): number {
  const top = edge === 'top' ? EDGE_GAP : window.innerHeight - EDGE_GAP - card.height;
  const bottom = top + card.height;
  return buttons.reduce((sum, button) => {
    const width = Math.min(card.right, button.right) - Math.max(card.left, button.left);
    const height = Math.min(bottom, button.bottom) - Math.max(top, button.top);
    return sum + (width > 0 && height > 0 ? width * height : 0);
  }, 0);
}

/**
 * A toast never covers a form's submit button (a click on it would hit the toast): it sits at the
 * bottom of the window unless it would cover one there, then at the top; checked again as the page
 * scrolls or the window changes size.
 */
function useEdgeClearOfSubmitButtons(card: RefObject<HTMLDivElement | null>, toastId: number | string | undefined): Edge {
  const [edge, setEdge] = useState<Edge>('bottom');
  useLayoutEffect(() => {
    if (toastId === undefined) return;
    let frame = 0;
    const place = () => {
      frame = 0;
      const element = card.current;
      if (!element) return;
      const rect = element.getBoundingClientRect();
      const buttons = visibleSubmitButtons();
      const bottom = coverage(rect, 'bottom', buttons);
      const top = coverage(rect, 'top', buttons);
      setEdge(bottom === 0 || bottom <= top ? 'bottom' : 'top');
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [card, toastId]);
  return edge;
}

export function Toaster({ closeLabel, regionLabel }: ToasterLabels) {
  const toast = useStore($toast);
  const card = useRef<HTMLDivElement>(null);
  const edge = useEdgeClearOfSubmitButtons(card, toast?.id);
  return (
    <section
      aria-label={regionLabel}
      data-edge={edge}
      className={`pointer-events-none fixed inset-x-0 z-50 flex justify-center p-4 md:inset-x-auto md:right-0 md:w-full md:max-w-[420px] ${edge === 'top' ? 'top-0' : 'bottom-0'}`}
    >
      <div ref={card} role="status" aria-live="polite" aria-atomic="true" className="w-full">
        {toast && <ToastCard key={toast.id} toast={toast} closeLabel={closeLabel} />}
      </div>
    </section>
  );
}

function ToastCard({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const { offset, dragging, handlers, dismiss } = useToastDismissal(toast, { autoCloseMs: AUTO_CLOSE_MS, keepErrors: true });
  const destructive = toast.variant === 'destructive';
  return (
    <div
      data-variant={toast.variant}
      className={`pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-2xl border p-4 pr-12 shadow-xl shadow-pine-900/10 select-none ${
        destructive ? 'border-danger bg-danger text-white' : 'border-line bg-white text-ink'
      } ${dragging ? '' : 'transition-transform duration-200'}`}
      style={{ transform: `translateX(${offset}px)`, opacity: 1 - Math.min(Math.abs(offset) / 240, 0.6) }}
      {...handlers}
    >
      {!destructive && (
        <span aria-hidden="true" className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-success-bg text-success">
          <LineIcon d="m5 12.5 4.5 4.5L19 7.5" className="size-4" strokeWidth="2.2" roundJoins />
        </span>
      )}
      <div className="min-w-0">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className={`mt-1 text-sm leading-relaxed whitespace-pre-line ${destructive ? 'text-white' : 'text-muted'}`}>{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label={closeLabel}
        className={`absolute top-3 right-3 grid size-8 place-items-center rounded-full ${destructive ? 'hover:bg-white/15' : 'hover:bg-sand'}`}
      >
        <LineIcon d="M6 6l12 12M18 6 6 18" className="size-4" />
      </button>
    </div>
  );
}

let mounted = false;

/** Mounts the toaster once per page, whichever form island hydrates first. */
export function mountToaster(labels: ToasterLabels): void {
  if (mounted || typeof document === 'undefined') return;
  mounted = true;
  const container = document.createElement('div');
  container.id = 'toaster';
  document.body.append(container);
  createRoot(container).render(<Toaster {...labels} />);
}
