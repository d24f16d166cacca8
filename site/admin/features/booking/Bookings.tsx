/**
 * Appels découverte (/admin/bookings): the calls booked from the booking page, upcoming (earliest
 * first) and past (latest first, those still to mark on top of their minds), per host (kept in the
 * URL). Each call shows its person (their contact page, with the history, one click away), what they
 * wrote and its status; administrators mark it Effectué or Absent once it has started, or cancel or
 * move it before: the person is told by e-mail, and the screen says so before it is done.
 */
import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import type { AgendaBookingJson, BookingTeamStatus } from '#contract/booking';
import { frenchClockTime, frenchLongDate } from '#french-dates';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { activityQueries } from '../activities/queries.ts';
import { $router, navigate } from '../../stores/router.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { CanEdit } from '../../ui/CanEdit.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { listState } from '../../ui/list-state.tsx';
import { FilterSelect } from '../../ui/FilterSelect.tsx';
import { Badge, buttonClass, Card, CardHeader, cx, focusRing, fullName, PageHeader } from '../../ui/primitives.tsx';
import { BookingStatusBadge } from './BookingStatusBadge.tsx';
import { MoveBookingDialog } from './MoveBookingDialog.tsx';
import { OfferDialog } from '../offers/index.ts';
import { bookingMutations, bookingQueries } from './queries.ts';

/** How far back the past calls go. */
const PAST_DAYS = 30;

const DONE_TEXTS: Record<BookingTeamStatus, string> = {
  held: 'Appel marqué effectué',
  'no-show': 'Appel marqué absent',
  cancelled: 'Appel annulé',
};

/** "lundi 29 mars 2027, 09:00 – 09:30" in Swiss time. */
function when(booking: AgendaBookingJson): string {
  const start = new Date(booking.start);
  return `${frenchLongDate(start, { weekday: true })}, ${frenchClockTime(start)} – ${frenchClockTime(new Date(booking.end))}`;
}

function CallActions({ booking, started, person }: { booking: AgendaBookingJson; started: boolean; person: string }) {
  const [dialog, setDialog] = useState<'cancel' | 'move' | null>(null);
  const change = useMutation((status: BookingTeamStatus) => bookingMutations.setStatus(booking.id, booking.lead.id, status), {
    onSuccess: (_result, status) => {
      toast({ title: DONE_TEXTS[status], description: status === 'cancelled' ? `${person} est informé·e par e-mail de l’annulation.` : undefined });
      setDialog(null);
    },
    onError: (error) => toastError(`Impossible de modifier l’appel : ${errorMessage(error)}`),
  });
  const about = <span className="sr-only"> : appel avec {person}</span>;
  // After the call, the sale: "Faire une offre" from the held call (decision 130).
  if (booking.status === 'held') return <MakeOffer leadId={booking.lead.id} person={person} about={about} />;
  if (booking.status !== 'confirmed') return null;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {started ? (
        <>
          <button type="button" className={buttonClass('secondary', 'sm')} disabled={change.pending} onClick={() => void change.mutate('held')}>
            Effectué{about}
          </button>
          <button type="button" className={buttonClass('secondary', 'sm')} disabled={change.pending} onClick={() => void change.mutate('no-show')}>
            Absent{about}
          </button>
        </>
      ) : (
        <>
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setDialog('move')}>
            Déplacer{about}
          </button>
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setDialog('cancel')}>
            Annuler{about}
          </button>
        </>
      )}
      {dialog === 'move' ? <MoveBookingDialog booking={booking} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        onConfirm={() => void change.mutate('cancelled')}
        pending={change.pending}
        title="Annuler l’appel"
        description={`L’appel avec ${person} du ${when(booking)} (heure suisse) sera annulé et le créneau libéré. ${person} recevra un e-mail d’annulation.`}
        confirmLabel="Annuler l’appel et prévenir"
        pendingLabel="Annulation..."
      />
    </div>
  );
}

function MakeOffer({ leadId, person, about }: { leadId: number; person: string; about: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <button type="button" className={buttonClass('primary', 'sm')} onClick={() => setOpen(true)}>
        Faire une offre{about}
      </button>
      {open ? <OfferDialog leadId={leadId} person={person} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function CallItem({ booking, hostName, now }: { booking: AgendaBookingJson; hostName: string | undefined; now: number }) {
  const person = fullName(booking.lead) || booking.lead.email;
  const started = Date.parse(booking.start) <= now;
  const toMark = started && booking.status === 'confirmed';
  return (
    <li className="px-5 py-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900 tabular-nums">{when(booking)}</span>
        <BookingStatusBadge status={booking.status} />
        {toMark ? <Badge tone="amber">À marquer</Badge> : null}
        {hostName ? <span className="ml-auto text-sm text-slate-500">Hôte : {hostName}</span> : null}
      </div>
      <p className="mt-1 text-sm">
        <a href={`/admin/leads/${booking.lead.id}`} className={cx('rounded font-medium text-accent-700 hover:underline', focusRing)}>
          {person}
          <span className="sr-only"> (fiche du contact et son historique)</span>
        </a>{' '}
        <span className="text-slate-500">{booking.lead.email}</span>
      </p>
      {booking.message ? (
        <blockquote className="mt-2 border-l-2 border-slate-200 pl-3 text-sm whitespace-pre-line text-slate-700">
          <span className="sr-only">Ce que la personne a écrit : </span>
          {booking.message}
        </blockquote>
      ) : (
        <p className="mt-2 text-sm text-slate-500">Aucun message.</p>
      )}
      <CanEdit>
        <CallActions booking={booking} started={started} person={person} />
      </CanEdit>
    </li>
  );
}

function CallList(props: {
  id: string;
  title: string;
  description: string;
  bookings: AgendaBookingJson[] | undefined;
  state: { loading: boolean; errorText?: string };
  empty: string;
  hosts: Map<number, string>;
  now: number;
}) {
  return (
    <Card labelledBy={props.id} className="mt-6">
      <CardHeader
        id={props.id}
        title={
          <span className="flex items-center gap-2">
            {props.title} <Badge tone="blue">{props.bookings?.length ?? 0}</Badge>
          </span>
        }
        description={props.description}
      />
      <ul className="divide-y divide-slate-100" aria-label={props.title}>
        {listState(props.state, !props.bookings?.length, { loading: 'Chargement des appels...', empty: props.empty }) ??
          props.bookings?.map((booking) => <CallItem key={booking.id} booking={booking} hostName={props.hosts.get(booking.hostId)} now={props.now} />)}
      </ul>
    </Card>
  );
}

export function Bookings() {
  const route = useStore($router);
  const hostId = route?.search.hostId ?? '';
  // One "now" per visit: the lists' cache keys must not change at each render.
  const [now] = useState(() => Date.now());
  const nowIso = new Date(now).toISOString();
  const upcoming = useQuery(bookingQueries.list({ from: nowIso, hostId: hostId || undefined }));
  const past = useQuery(bookingQueries.list({ from: new Date(now - PAST_DAYS * 86_400_000).toISOString(), to: nowIso, hostId: hostId || undefined }));
  const users = useQuery(activityQueries.assignees());
  const hosts = new Map((users.data?.users ?? []).map((user) => [user.id, user.name]));
  // Latest first: the calls just finished, to mark, come on top.
  const pastCalls = past.data?.bookings.slice().reverse();

  return (
    <>
      <PageHeader
        title="Appels découverte"
        description="Les appels réservés depuis la page de rendez-vous, en heure suisse. Annuler ou déplacer un appel prévient la personne par e-mail."
        actions={
          <a href="/admin/tasks" className={buttonClass('secondary', 'sm')}>
            Voir les tâches
          </a>
        }
      />
      <Card>
        <div className="flex flex-wrap gap-3 p-4">
          <FilterSelect label="Hôte" anyLabel="Tous les hôtes" value={hostId} onChange={(host) => navigate(host ? `/admin/bookings?hostId=${encodeURIComponent(host)}` : '/admin/bookings', true)}>
            {users.data?.users.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
          </FilterSelect>
        </div>
      </Card>
      <CallList
        id="calls-upcoming"
        title="À venir"
        description="Les prochains appels, du plus proche au plus lointain."
        bookings={upcoming.data?.bookings}
        state={upcoming}
        empty="Aucun appel à venir."
        hosts={hosts}
        now={now}
      />
      <CallList
        id="calls-past"
        title="Passés"
        description={`Les appels des ${PAST_DAYS} derniers jours, du plus récent au plus ancien. Marquez chacun effectué ou absent.`}
        bookings={pastCalls}
        state={past}
        empty={`Aucun appel ces ${PAST_DAYS} derniers jours.`}
        hosts={hosts}
        now={now}
      />
    </>
  );
}
