/**
 * An issue's sending: its counts, a test send ("[Test]", to oneself or a typed address), "Envoyer
 * maintenant" or "Programmer" (Swiss time) behind a confirmation naming the number of recipients, and
 * Pause / Reprendre / Annuler while it goes out. Unsaved content is saved first (`beforeAction`).
 */
import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { newsletterTestSchema } from '#contract/newsletters';
import { formatDateTime, todayInZurich, zurichLocalToIso } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { useMutation } from '../../lib/query.ts';
import { $session, useCanEdit } from '../../stores/session.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { Modal } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/forms.tsx';
import { Alert, buttonClass, Card, CardHeader, Spinner } from '../../ui/primitives.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { useAudienceCount } from './AudienceFields.tsx';
import { NEWSLETTER_COPY } from './copy.ts';
import { newsletterMutations, type NewsletterAnswer } from './queries.ts';

const copy = NEWSLETTER_COPY.send;
const failed = (error: unknown) => toastError(`${NEWSLETTER_COPY.errors.action}: ${errorMessage(error)}`);

function Counts({ issue }: { issue: NewsletterAnswer }) {
  const labels = NEWSLETTER_COPY.counts;
  const figures: Array<[string, number]> = [
    [labels.recipients, issue.counts.recipients],
    [labels.sent, issue.counts.sent],
    [labels.queued, issue.counts.queued],
    [labels.failed, issue.counts.failed],
    [labels.cancelled, issue.counts.cancelled],
    [labels.unsubscribedSince, issue.unsubscribedSince],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-newsletter-counts>
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function TestSend({ issue, beforeAction }: { issue: NewsletterAnswer; beforeAction: () => Promise<boolean> }) {
  const text = NEWSLETTER_COPY.test;
  const session = useStore($session);
  const own = session.status === 'ready' ? (session.user?.email ?? '') : '';
  const form = useDraftForm(() => ({ mode: 'own' as 'own' | 'other', to: '' }));
  const send = useMutation(newsletterMutations.test, {
    onSuccess: (_result, _id, body) => toast({ title: text.sent, description: text.sentTo(typeof body.to === 'string' && body.to ? body.to : own) }),
    onError: (error) => {
      form.showServerErrors(error);
      failed(error);
    },
  });
  const submit = form.onSubmit(
    newsletterTestSchema,
    async (parsed) => {
      if (await beforeAction()) await send.mutate(issue.id, parsed);
    },
    {
      body: (draft) => (draft.mode === 'own' ? {} : { to: draft.to }),
      extraErrors: (errors) => {
        if (form.draft.mode === 'other' && !form.draft.to.trim()) errors.to = text.addressMissing;
      },
    },
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby="newsletter-test-title">
      <h3 id="newsletter-test-title" className="text-sm font-semibold text-slate-900">
        {text.title}
      </h3>
      <p className="text-sm text-slate-500">{text.description}</p>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">{text.title}</legend>
        {(['own', 'other'] as const).map((mode) => (
          <label key={mode} className="flex items-center gap-2">
            <input type="radio" name="test-mode" checked={form.draft.mode === mode} onChange={() => form.set('mode')(mode)} className="accent-accent-600" />
            {mode === 'own' ? `${text.own}${own ? ` (${own})` : ''}` : text.other}
          </label>
        ))}
      </fieldset>
      {form.draft.mode === 'other' ? <TextField label={text.address} type="email" autoComplete="email" required {...form.field('to')} /> : null}
      <button type="submit" className={buttonClass('secondary')} disabled={send.pending}>
        {send.pending ? <Spinner /> : null}
        {send.pending ? text.pending : text.submit}
      </button>
    </form>
  );
}

function SendForm({ issue, beforeAction }: { issue: NewsletterAnswer; beforeAction: () => Promise<boolean> }) {
  const count = useAudienceCount(issue.tags);
  const [mode, setMode] = useState<'now' | 'later'>('now');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [dateError, setDateError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const at = mode === 'later' ? zurichLocalToIso(date, time) : undefined;
  const send = useMutation(newsletterMutations.send, {
    onSuccess: () => {
      setConfirming(false);
      toast({ title: mode === 'now' ? copy.started : copy.scheduled });
    },
    onError: (error) => {
      setConfirming(false);
      failed(error);
    },
  });

  async function ask() {
    if (mode === 'later' && !at) {
      setDateError(copy.invalidDate);
      return;
    }
    setDateError(undefined);
    if (await beforeAction()) setConfirming(true);
  }

  const when = at ? formatDateTime(at) : '';
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{copy.whenLegend}</legend>
        {(['now', 'later'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" name="send-mode" checked={mode === value} onChange={() => setMode(value)} className="accent-accent-600" />
            {value === 'now' ? copy.now : copy.schedule}
          </label>
        ))}
      </fieldset>
      {mode === 'later' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={copy.date} name="send-date" type="date" min={todayInZurich()} value={date} onChange={setDate} error={dateError} required />
          <TextField label={copy.time} name="send-time" type="time" value={time} onChange={setTime} required />
        </div>
      ) : null}
      <button type="button" className={buttonClass('primary')} onClick={() => void ask()} disabled={send.pending}>
        {mode === 'now' ? copy.now : copy.schedule}
      </button>
      <Modal
        open={confirming}
        onClose={() => (send.pending ? undefined : setConfirming(false))}
        title={mode === 'now' ? copy.confirmNowTitle : copy.confirmScheduleTitle}
        description={mode === 'now' ? copy.confirmNow(count ?? 0) : copy.confirmSchedule(count ?? 0, when)}
      >
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass('secondary')} onClick={() => setConfirming(false)} disabled={send.pending}>
            {copy.keep}
          </button>
          <button type="button" className={buttonClass('primary')} onClick={() => void send.mutate(issue.id, at ? { at } : {})} disabled={send.pending}>
            {send.pending ? <Spinner /> : null}
            {send.pending ? copy.pending : mode === 'now' ? copy.confirm : copy.confirmScheduled}
          </button>
        </div>
      </Modal>
    </div>
  );
}

function Controls({ issue }: { issue: NewsletterAnswer }) {
  const [cancelling, setCancelling] = useState(false);
  const pause = useMutation(newsletterMutations.pause, { onSuccess: () => toast({ title: copy.paused }), onError: failed });
  const resume = useMutation(newsletterMutations.resume, { onSuccess: () => toast({ title: copy.resumed }), onError: failed });
  const cancel = useMutation(newsletterMutations.cancel, {
    onSuccess: () => {
      setCancelling(false);
      toast({ title: copy.cancelled });
    },
    onError: (error) => {
      setCancelling(false);
      failed(error);
    },
  });
  const { status } = issue;
  if (status !== 'sending' && status !== 'paused' && status !== 'scheduled') return null;
  const busy = pause.pending || resume.pending || cancel.pending;
  return (
    <div className="flex flex-wrap gap-2">
      {status === 'sending' ? (
        <button type="button" className={buttonClass('secondary')} onClick={() => void pause.mutate(issue.id)} disabled={busy}>
          {copy.pause}
        </button>
      ) : null}
      {status === 'paused' ? (
        <button type="button" className={buttonClass('primary')} onClick={() => void resume.mutate(issue.id)} disabled={busy}>
          {copy.resume}
        </button>
      ) : null}
      <button type="button" className={buttonClass('destructive')} onClick={() => setCancelling(true)} disabled={busy}>
        {copy.cancel}
      </button>
      <Modal open={cancelling} onClose={() => (cancel.pending ? undefined : setCancelling(false))} title={copy.cancelTitle} description={copy.cancelText}>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass('secondary')} onClick={() => setCancelling(false)} disabled={cancel.pending}>
            {copy.keep}
          </button>
          <button type="button" className={buttonClass('destructive')} onClick={() => void cancel.mutate(issue.id)} disabled={cancel.pending}>
            {cancel.pending ? <Spinner /> : null}
            {cancel.pending ? copy.cancelPending : copy.cancelConfirm}
          </button>
        </div>
      </Modal>
    </div>
  );
}

export function SendPanel({ issue, beforeAction }: { issue: NewsletterAnswer; beforeAction: () => Promise<boolean> }) {
  const canEdit = useCanEdit();
  let state: ReactNode = null;
  if (issue.status === 'scheduled' && issue.scheduledAt) state = <p className="text-sm text-slate-700">{copy.scheduledFor(formatDateTime(issue.scheduledAt))}</p>;
  if (issue.status === 'sent' && issue.sentAt) state = <p className="text-sm text-slate-700">{copy.sentOn(formatDateTime(issue.sentAt))}</p>;
  if (issue.status === 'paused' && issue.pausedReason)
    state = (
      <Alert title={copy.pausedBecause} tone="amber">
        {issue.pausedReason}
      </Alert>
    );
  return (
    <Card labelledBy="newsletter-send-title">
      <CardHeader id="newsletter-send-title" title={copy.title} />
      <div className="space-y-6 p-5">
        {state}
        {issue.status !== 'draft' ? <Counts issue={issue} /> : null}
        {canEdit ? (
          <>
            <Controls issue={issue} />
            {issue.status === 'draft' ? <SendForm issue={issue} beforeAction={beforeAction} /> : null}
            {issue.status !== 'cancelled' ? <TestSend issue={issue} beforeAction={beforeAction} /> : null}
          </>
        ) : null}
      </div>
    </Card>
  );
}
