/**
 * How a toast goes away, the same in both toasters: its close button, a sideways swipe past
 * `SWIPE_DISTANCE_PX`, or by itself after `autoCloseMs` (paused while hovered or focused;
 * `keepErrors` leaves destructive toasts until they are closed). Spread `handlers` on the card.
 */
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { dismissToast, type Toast } from './toast.ts';

export const SWIPE_DISTANCE_PX = 80;

export function useToastDismissal(toast: Toast, options: { autoCloseMs: number; keepErrors: boolean }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const start = useRef<number | null>(null);

  useEffect(() => {
    if (paused || (options.keepErrors && toast.variant === 'destructive')) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), options.autoCloseMs);
    return () => window.clearTimeout(timer);
  }, [toast, paused, options.autoCloseMs, options.keepErrors]);

  function onPointerEnd() {
    if (start.current === null) return;
    start.current = null;
    setDragging(false);
    if (Math.abs(offset) >= SWIPE_DISTANCE_PX) dismissToast(toast.id);
    else setOffset(0);
  }

  const handlers = {
    onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
      if ((event.target as HTMLElement).closest('button')) return;
      start.current = event.clientX;
      setDragging(true);
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
      if (start.current !== null) setOffset(event.clientX - start.current);
    },
    onPointerUp: onPointerEnd,
    onPointerCancel: onPointerEnd,
    onMouseEnter: () => setPaused(true),
    onMouseLeave: () => setPaused(false),
    onFocus: () => setPaused(true),
    onBlur: () => setPaused(false),
  };
  return { offset, dragging, handlers, dismiss: () => dismissToast(toast.id) };
}
