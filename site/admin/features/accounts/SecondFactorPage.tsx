/**
 * /admin/second-facteur, and every screen while the account must enrol: the enrolment screen, full page
 * when a second factor is required and the account has none yet (nothing else is allowed), else inside
 * the admin layout, reached from Paramètres → Sécurité (docs/decisions/149-second-factor-screens.md).
 */
import { useQuery } from '../../lib/query.ts';
import type { CurrentUser } from '../../stores/session.ts';
import { AdminLayout } from '../../ui/Layout.tsx';
import { Spinner } from '../../ui/primitives.tsx';
import { EnrolmentScreen } from './EnrolmentScreen.tsx';
import { accountQueries } from './queries.ts';

export function SecondFactorPage({ user, required }: { user: CurrentUser; required: boolean }) {
  const list = useQuery(required ? null : accountQueries.factors());
  if (required || (list.data?.required && list.data.factors.length === 0)) return <EnrolmentScreen required />;
  if (!list.data) {
    return (
      <div className="flex min-h-dvh items-center justify-center bg-slate-50 p-6">
        <p className="flex items-center gap-2 text-sm text-slate-500" role="status">
          <Spinner className="h-5 w-5 text-accent-600" /> Chargement…
        </p>
      </div>
    );
  }
  return (
    <AdminLayout user={user}>
      <EnrolmentScreen required={false} />
    </AdminLayout>
  );
}
