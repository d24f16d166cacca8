/** The signed-in user (`GET /api/simple-auth/user`, null on 401). */
import { atom, computed } from 'nanostores';
import { useStore } from '@nanostores/react';
import type { UserJson } from '#contract/accounts';
import { errorMessage, http, isUnauthorized } from '../lib/http.ts';

/** The signed-in user as `presentUser` answers it; `enrolmentRequired` while the account must first add a second factor. */
export type CurrentUser = UserJson & { enrolmentRequired?: boolean };

export type Session = { status: 'loading' } | { status: 'ready'; user: CurrentUser | null } | { status: 'error'; message: string };

export const $session = atom<Session>({ status: 'loading' });

export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await http.get('/api/simple-auth/user').json<CurrentUser>();
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export async function loadSession(): Promise<void> {
  try {
    $session.set({ status: 'ready', user: await fetchCurrentUser() });
  } catch (error) {
    $session.set({ status: 'error', message: errorMessage(error) });
  }
}

/** A refused logout raises "Erreur lors de la déconnexion"; success empties the cached user. */
export async function logout(): Promise<void> {
  try {
    await http.post('/api/simple-auth/logout');
  } catch {
    throw new Error('Erreur lors de la déconnexion');
  }
  $session.set({ status: 'ready', user: null });
}

/**
 * Whether the signed-in user may change data (role `admin`); a viewer (« Lecture seule ») only reads
 * (decision 065). Screens hide what a viewer cannot do with `useCanEdit()`; the server refuses it anyway.
 */
export const $canEdit = computed($session, (session) => session.status === 'ready' && session.user?.role === 'admin');

export function useCanEdit(): boolean {
  return useStore($canEdit);
}

/** Replaces the cached user after a change of the own profile. */
export function setCurrentUser(user: CurrentUser): void {
  $session.set({ status: 'ready', user });
}
