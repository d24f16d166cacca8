/**
 * Whether the signed-in account must add a second factor before anything else: set when an admin call
 * answers 403 `enrolmentRequired` (docs/decisions/149-second-factor-screens.md); the app then shows only the
 * enrolment screen, and a full page load after enrolling starts again from a clean state.
 */
import { atom } from 'nanostores';

export const $enrolmentRequired = atom(false);

export function requireEnrolment(): void {
  $enrolmentRequired.set(true);
}
