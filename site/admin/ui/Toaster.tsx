/** The toast viewport: one toast at a time, auto-closing after 5 s (paused while hovered or focused). */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $toast, dismissToast } from '../stores/toast.ts';
import { CloseIcon } from './icons.tsx';
import { cx } from './primitives.tsx';

const DURATION_MS = 5000;

/** Horizontal distance (px) past which a swiped toast is dismissed (spec 4: "swiped away"). */
const SWIPE_DISMISS_PX = 80;

export function Toaster() {
  const current = useStore($toast);
  const [paused, setPaused] = useState(false);
  const [swipe, setSwipe] = useState<{ id: number; startX: number; dx: number } | undefined>();
  const offset = swipe && current && swipe.id === current.id ? swipe.dx : 0;

  useEffect(() => {
    if (!current || paused) return;
    const timer = window.setTimeout(() => dismissToast(current.id), DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [current, paused]);

  const destructive = current?.variant === 'destructive';
  const card = current ? (
    <div
      key={current.id}
      data-variant={current.variant}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onPointerDown={(event) => {
        if ((event.target as HTMLElement).closest('button')) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        setSwipe({ id: current.id, startX: event.clientX, dx: 0 });
      }}
      onPointerMove={(event) => swipe && setSwipe({ ...swipe, dx: event.clientX - swipe.startX })}
      onPointerUp={() => {
        if (swipe && Math.abs(swipe.dx) > SWIPE_DISMISS_PX) dismissToast(current.id);
        setSwipe(undefined);
      }}
      onPointerCancel={() => setSwipe(undefined)}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - Math.abs(offset) / 240) } : undefined}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={cx(
        'toast-enter pointer-events-auto relative w-full touch-pan-y rounded-lg border p-4 pr-10 shadow-lg select-none',
        destructive ? 'border-red-700 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900',
      )}
    >
      <p className="text-sm font-semibold">{current.title}</p>
      {current.description ? <p className={cx('mt-1 text-sm', destructive ? 'text-red-50' : 'text-slate-600')}>{current.description}</p> : null}
      <button
        type="button"
        onClick={() => dismissToast(current.id)}
        className={cx(
          'absolute top-2 right-2 rounded p-1 focus-visible:outline-2 focus-visible:outline-offset-1',
          destructive
            ? 'text-red-100 hover:bg-red-500 focus-visible:outline-white'
            : 'text-slate-500 hover:bg-slate-100 focus-visible:outline-accent-600',
        )}
      >
        <CloseIcon size={16} />
        <span className="sr-only">Fermer la notification</span>
      </button>
    </div>
  ) : null;

  // Two live regions stay mounted so each new toast is announced: errors assertively, others politely.
  return (
    <div
      aria-label="Notifications"
      role="region"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center p-4 sm:items-end md:top-0 md:bottom-auto"
    >
      <div role="status" aria-live="polite" aria-atomic="true" className="w-full md:max-w-[420px]">
        {destructive ? null : card}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" className="w-full md:max-w-[420px]">
        {destructive ? card : null}
      </div>
    </div>
  );
}
