/**
 * The contact detail's "Séquences" card: the contact's runs, newest first (`GET …/leads/{id}/sequence-runs`),
 * each with its sequence, its step, its next send (Swiss time) or why it ended; an administrator stops an
 * active run ("Arrêter", confirmed: `POST …/sequence-runs/{id}/stop`) and the card then shows it stopped.
 */
import { useState } from 'react';
import { SEQUENCE_EXIT_REASON_LABELS } from '#contract/sequences';
import { formatDateTime } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { CanEdit } from '../../ui/CanEdit.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { buttonClass, Card, CardHeader } from '../../ui/primitives.tsx';
import { RunStateBadge } from './badges.tsx';
import { SEQUENCE_COPY } from './copy.ts';
import { sequenceMutations, sequenceQueries, type SequenceRunAnswer } from './queries.ts';

const copy = SEQUENCE_COPY.runs;

function RunLine({ run }: { run: SequenceRunAnswer }) {
  const details = [
    run.currentStep ? copy.step(run.currentStep.position, run.currentStep.subject ?? '') : null,
    run.state === 'active' && run.nextSendAt ? copy.next(formatDateTime(run.nextSendAt)) : null,
    run.state === 'exited' && run.exitReason ? copy.exitedBecause(SEQUENCE_EXIT_REASON_LABELS[run.exitReason]) : null,
    copy.sent(run.sent),
    copy.entered(formatDateTime(run.enteredAt)),
  ].filter((part): part is string => Boolean(part));
  return <p className="text-xs text-slate-500">{details.join(' · ')}</p>;
}

export function LeadSequencesCard({ leadId }: { leadId: number }) {
  const runs = useQuery(sequenceQueries.lead(leadId));
  const [stopping, setStopping] = useState<SequenceRunAnswer | undefined>();
  const stop = useMutation(sequenceMutations.stop, {
    onSuccess: () => {
      setStopping(undefined);
      toast({ title: copy.stopped });
    },
    onError: (error) => {
      setStopping(undefined);
      toastError(`${copy.stopFailed} : ${errorMessage(error)}`);
    },
  });
  const rows = runs.data?.items ?? [];
  return (
    <div className="mt-6">
      <Card labelledBy="lead-sequences-title">
        <CardHeader id="lead-sequences-title" title={copy.title} description={copy.description} />
        {runs.loading ? (
          <p className="px-5 py-6 text-sm text-slate-500" role="status">
            {copy.loading}
          </p>
        ) : runs.errorText && !runs.data ? (
          <p className="px-5 py-6 text-sm text-red-700" role="alert">
            {runs.errorText}
          </p>
        ) : rows.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-500">{copy.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={copy.listLabel}>
            {rows.map((run) => (
              <li key={run.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
                <div className="min-w-0">
                  <a
                    href={`/admin/emails/sequences/${run.sequence.id}`}
                    className="block truncate rounded text-sm font-medium text-slate-900 hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
                  >
                    {run.sequence.name}
                  </a>
                  <RunLine run={run} />
                </div>
                <div className="flex items-center gap-2">
                  <RunStateBadge state={run.state} />
                  {run.state === 'active' ? (
                    <CanEdit>
                      <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setStopping(run)}>
                        {copy.stop}
                        <span className="sr-only">{copy.stopAbout(run.sequence.name)}</span>
                      </button>
                    </CanEdit>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <ConfirmDialog
        open={stopping !== undefined}
        onClose={() => setStopping(undefined)}
        onConfirm={() => stopping && void stop.mutate(stopping.id, stopping.sequence.id)}
        pending={stop.pending}
        title={copy.stopTitle}
        description={stopping ? copy.stopText(stopping.sequence.name) : ''}
        confirmLabel={copy.stopConfirm}
        pendingLabel={copy.stopPending}
      />
    </div>
  );
}
