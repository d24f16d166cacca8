/** The signed-in user (spec 7: `GET /api/simple-auth/user`, null on 401). */
import { atom } from 'nanostores';
import { errorMessage, http, isUnauthorized } from '../lib/http.ts';

export interface CurrentUser {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  bio?: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
}

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

/** Spec 7: a refused logout raises "Erreur lors de la déconnexion"; success empties the cached user. */
export async function logout(): Promise<void> {
  try {
    await http.post('/api/simple-auth/logout');
  } catch {
    throw new Error('Erreur lors de la déconnexion');
  }
  $session.set({ status: 'ready', user: null });
}
