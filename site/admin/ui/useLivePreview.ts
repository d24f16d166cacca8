/**
 * An e-mail's preview asked again once the typing pauses (the newsletter editor, a sequence's step): the
 * call for the current draft runs after `DEBOUNCE_MS` without a change, and a newer draft aborts the call
 * still running, so an old answer never replaces a newer one.
 */
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../lib/http.ts';

/** The pause in typing after which the preview is asked again. */
export const DEBOUNCE_MS = 400;

/**
 * `ask` the call for the draft (null: nothing to ask, e.g. an empty body), `draft` what it depends on, as
 * one string (the call is asked again when it changes).
 */
export function useLivePreview<T>(ask: ((signal: AbortSignal) => Promise<T>) | null, draft: string): { answer: T | undefined; error: string | undefined; pending: boolean } {
  const [answer, setAnswer] = useState<T | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  // The latest call, read by the effect below (effects run in order): the draft string, not the call's identity, says when to ask.
  const latest = useRef(ask);
  useEffect(() => {
    latest.current = ask;
  });
  const asking = ask !== null;

  useEffect(() => {
    const call = latest.current;
    if (!asking || !call) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setPending(true);
      call(controller.signal)
        .then((result) => {
          setAnswer(result);
          setError(undefined);
        })
        .catch((failure: unknown) => {
          if (!controller.signal.aborted) setError(errorMessage(failure));
        })
        .finally(() => {
          if (!controller.signal.aborted) setPending(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [asking, draft]);

  return { answer, error, pending };
}
