/**
 * The dashboard's warning when a host's own calendar cannot be read or was not read for an hour
 * (GET {adminBase}/stats/booking-feeds): that host offers no slot until it is read again (decision 102).
 */
import type { UnreadFeedsJson } from '#contract/booking';
import { formatDateTime } from '../../lib/dates.ts';
import { cx, focusRing } from '../../ui/primitives.tsx';

export function FeedAlert({ feeds }: { feeds: UnreadFeedsJson | undefined }) {
  if (!feeds?.hosts.length) return null;
  return (
    <div role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <p className="font-semibold">
        {feeds.hosts.length > 1
          ? 'Des calendriers d’hôtes ne sont pas lus : ces hôtes ne proposent plus de rendez-vous.'
          : 'Un calendrier d’hôte n’est pas lu : cet hôte ne propose plus de rendez-vous.'}
      </p>
      <ul className="mt-1 list-disc pl-5">
        {feeds.hosts.map((host) => (
          <li key={host.userId}>
            {host.name} :{' '}
            {host.feed.status === 'failed' ? (host.feed.error ?? 'le calendrier ne peut pas être lu.') : host.feed.readAt ? `pas lu depuis le ${formatDateTime(host.feed.readAt)}.` : 'pas encore lu.'}
          </li>
        ))}
      </ul>
      <p className="mt-1">
        <a href="/admin/settings/rendez-vous" className={cx('font-medium underline', focusRing)}>
          Vérifier les calendriers dans Paramètres
        </a>
      </p>
    </div>
  );
}
