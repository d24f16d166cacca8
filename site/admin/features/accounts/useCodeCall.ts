/**
 * A call that proves a factor (a code, a passkey) with a pending flag. Unlike `useMutation`, its failures
 * are not reported to the app's handler: a wrong code answers 401, which there means "signed out" and would
 * leave for the login screen; here it is the field's error (docs/decisions/149-second-factor-screens.md).
 */
import { useState } from 'react';

export function useCodeCall<A extends unknown[], R>(run: (...args: A) => Promise<R>, onSuccess: (result: R) => void, onError: (error: unknown) => void) {
  const [pending, setPending] = useState(false);
  const mutate = async (...args: A): Promise<void> => {
    setPending(true);
    try {
      const result = await run(...args);
      setPending(false);
      onSuccess(result);
    } catch (error) {
      setPending(false);
      onError(error);
    }
  };
  return { mutate, pending };
}
