/**
 * The re-authentication dialog's state (docs/decisions/145-re-authentication.md): a request the API
 * refused with 403 `{reauth: true}` asks for a proof here and waits; the dialog settles every waiting
 * request at once (several refused together share one dialog): proved → each is sent again, once;
 * cancelled → each fails with the API's own message.
 */
import { atom } from 'nanostores';

export const $reauthOpen = atom(false);

let waiting: Array<(proved: boolean) => void> = [];

/** Opens the dialog (or joins the one open) and resolves with whether the person proved their identity. */
export function askForProof(): Promise<boolean> {
  $reauthOpen.set(true);
  return new Promise((resolve) => waiting.push(resolve));
}

/** Called by the dialog: `true` after `POST /api/simple-auth/reauth` succeeded, `false` on "Annuler". */
export function settleProof(proved: boolean): void {
  const settled = waiting;
  waiting = [];
  $reauthOpen.set(false);
  for (const resolve of settled) resolve(proved);
}
