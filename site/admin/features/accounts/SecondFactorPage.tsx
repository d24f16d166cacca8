/**
 * /admin/second-facteur, and every screen while the account must enrol: the enrolment screen, full page
 * when the account must add a second factor before anything else, else inside the admin layout (reached
 * from Paramètres → Sécurité) (docs/decisions/149-second-factor-screens.md).
 */
import type { CurrentUser } from '../../stores/session.ts';
import { AdminLayout } from '../../ui/Layout.tsx';
import { EnrolmentScreen } from './EnrolmentScreen.tsx';

export function SecondFactorPage({ user, required }: { user: CurrentUser; required: boolean }) {
  if (required) return <EnrolmentScreen required />;
  return (
    <AdminLayout user={user}>
      <EnrolmentScreen required={false} />
    </AdminLayout>
  );
}
