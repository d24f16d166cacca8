/** The dashboard's "Prochains appels": the next five discovery calls still planned, each opening the agenda. */
import { useState } from 'react';
import { frenchClockTime, frenchLongDate } from '#french-dates';
import { useQuery } from '../../lib/query.ts';
import { bookingQueries } from '../booking/queries.ts';
import { listState } from '../../ui/list-state.tsx';
import { Card, CardHeader, CardLink, cx, focusRing, fullName } from '../../ui/primitives.tsx';

const SHOWN = 5;

export function UpcomingCallsCard() {
  // One "now" per visit: the cache key must not change at each render.
  const [from] = useState(() => new Date().toISOString());
  const calls = useQuery(bookingQueries.list({ from, status: 'confirmed', limit: SHOWN }));
  return (
    <Card className="mt-6" labelledBy="upcoming-calls">
      <CardHeader
        id="upcoming-calls"
        title="Prochains appels"
        description="Les prochains appels découverte réservés (heure suisse)"
        action={<CardLink href="/admin/bookings" text="Voir l'agenda des appels" />}
      />
      <ul className="divide-y divide-slate-100" aria-label="Prochains appels">
        {listState(calls, !calls.data?.bookings.length, { loading: 'Chargement des appels...', empty: 'Aucun appel à venir.', spacing: 'py-3' }) ??
          calls.data?.bookings.map((call) => {
            const start = new Date(call.start);
            return (
              <li key={call.id}>
                <a href="/admin/bookings" className={cx('flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3 hover:bg-slate-50', focusRing)}>
                  <span className="text-xs font-medium text-accent-700 tabular-nums">
                    {frenchLongDate(start, { weekday: true })}, {frenchClockTime(start)}
                  </span>
                  <span className="text-sm font-medium text-slate-900">{fullName(call.lead) || call.lead.email}</span>
                  {call.message ? <span className="w-full truncate text-sm text-slate-600">{call.message}</span> : null}
                </a>
              </li>
            );
          })}
      </ul>
    </Card>
  );
}
