/** The toast viewport: one toast at a time, auto-closing after 5 s (paused while hovered or focused), swiped away or closed. */
import { useStore } from '@nanostores/react';
import { useToastDismissal } from '../../lib/use-toast-dismissal.ts';
import { $toast, type Toast } from '../stores/toast.ts';
import { CloseIcon } from './icons.tsx';
import { cx } from './primitives.tsx';

const DURATION_MS = 5000;

function ToastCard({ toast }: { toast: Toast }) {
  const { offset, handlers, dismiss } = useToastDismissal(toast, { autoCloseMs: DURATION_MS, keepErrors: false });
  const destructive = toast.variant === 'destructive';
  return (
    <div
      data-variant={toast.variant}
      {...handlers}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - Math.abs(offset) / 240) } : undefined}
      className={cx(
        'toast-enter pointer-events-auto relative w-full touch-pan-y rounded-lg border p-4 pr-10 shadow-lg select-none',
        destructive ? 'border-red-700 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900',
      )}
    >
      <p className="text-sm font-semibold">{toast.title}</p>
      {toast.description ? <p className={cx('mt-1 text-sm', destructive ? 'text-red-50' : 'text-slate-600')}>{toast.description}</p> : null}
      <button
        type="button"
        onClick={dismiss}
        className={cx(
          'absolute top-2 right-2 rounded p-1 focus-visible:outline-2 focus-visible:outline-offset-1',
          destructive ? 'text-red-100 hover:bg-red-700 focus-visible:outline-white' : 'text-slate-500 hover:bg-slate-100 focus-visible:outline-accent-600',
        )}
      >
        <CloseIcon size={16} />
        <span className="sr-only">Fermer la notification</span>
      </button>
    </div>
  );
}

export function Toaster() {
  const current = useStore($toast);
  const destructive = current?.variant === 'destructive';
  const card = current ? <ToastCard key={current.id} toast={current} /> : null;

  // Two live regions stay mounted so each new toast is announced: errors assertively, others politely.
  return (
    <div aria-label="Notifications" role="region" className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center p-4 sm:items-end md:top-0 md:bottom-auto">
      <div role="status" aria-live="polite" aria-atomic="true" className="w-full md:max-w-[420px]">
        {destructive ? null : card}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" className="w-full md:max-w-[420px]">
        {destructive ? card : null}
      </div>
    </div>
  );
}
