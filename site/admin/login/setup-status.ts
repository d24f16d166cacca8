/**
 * Whether the first administrator can still be created from the login screen, and whether the
 * one-time setup code (production) is asked: `GET /api/simple-auth/setup`.
 */
import { useEffect, useState } from 'react';
import { http } from '../lib/http.ts';

export interface SetupStatus {
  available: boolean;
  codeRequired: boolean;
}

/** `undefined` while unknown: the setup section stays hidden until the API has answered. */
export function useSetupStatus(): [SetupStatus | undefined, (status: SetupStatus) => void] {
  const [status, setStatus] = useState<SetupStatus | undefined>();
  useEffect(() => {
    let active = true;
    http
      .get('/api/simple-auth/setup')
      .json<SetupStatus>()
      .then((answer) => active && setStatus(answer))
      .catch(() => active && setStatus({ available: false, codeRequired: false }));
    return () => {
      active = false;
    };
  }, []);
  return [status, setStatus];
}

/** The strength check, loaded only when someone creates the first administrator (its dictionaries weigh a few MB). */
export async function weakPasswordReason(password: string, userInputs: string[]): Promise<string | undefined> {
  const strength = await import('../../../api/platform/lib/password-strength.ts');
  return strength.weakPasswordReason(password, userInputs);
}
