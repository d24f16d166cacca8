/**
 * One sequence (/admin/emails/sequences/{id}, or …/new): its settings (name, entry event and its delay,
 * exit events with the ones always on, goal, re-entry, sending window), its state (Mettre en pause /
 * Reprendre), its steps (./StepEditor.tsx: add, reorder, take out, preview, test), and its deletion. The
 * API's own schema checks the draft first; the server's 400 messages show beside their fields. A viewer
 * sees everything and changes nothing (docs/decisions/150-sequences-engine.md).
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { SEQUENCE_ENTRY_EVENTS, SEQUENCE_ENTRY_LABELS, SEQUENCE_GOAL_LABELS, SEQUENCE_GOALS, sequenceCreateSchema, sequenceUpdateSchema } from '#contract/sequences';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { navigate } from '../../stores/router.ts';
import { $session, useCanEdit } from '../../stores/session.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { SelectField, TextField } from '../../ui/forms.tsx';
import { ArrowLeftIcon, PlusIcon } from '../../ui/icons.tsx';
import { Alert, buttonClass, Card, CardHeader, cx, focusRing, PageHeader, Spinner } from '../../ui/primitives.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { SequenceStatusBadge } from './badges.tsx';
import { SEQUENCE_COPY } from './copy.ts';
import { DelayField } from './DelayField.tsx';
import { sequenceMutations, sequenceQueries, type SequenceAnswer } from './queries.ts';
import { StepEditor, type StepDraft } from './StepEditor.tsx';
import { bodyOf, draftOf, newStep, same, stepErrors } from './draft.ts';
import { StateCard } from './StateCard.tsx';

const copy = SEQUENCE_COPY.editor;
const failed = (error: unknown) => toastError(`${SEQUENCE_COPY.errors.action} : ${errorMessage(error)}`);

export function SequenceEditor({ id }: { id?: string }) {
  const sequence = useQuery(id ? sequenceQueries.sequence(id) : null);
  if (id && sequence.loading) {
    return (
      <p className="flex items-center gap-2 py-16 text-sm text-slate-500" role="status">
        <Spinner /> {copy.loading}
      </p>
    );
  }
  if (id && !sequence.data) return <Alert title={copy.notFound}>{sequence.errorText}</Alert>;
  return <SequenceForm key={sequence.data?.id ?? 'new'} sequence={sequence.data} />;
}

function SequenceForm({ sequence }: { sequence: SequenceAnswer | undefined }) {
  const canEdit = useCanEdit();
  const session = useStore($session);
  const ownAddress = session.status === 'ready' ? (session.user?.email ?? '') : '';
  const form = useDraftForm(() => draftOf(sequence));
  const { draft, errors } = form;
  // The record as last saved: what "unsaved" compares with, before the list comes back.
  const [saved, setSaved] = useState(sequence);
  const dirty = !sequence || !same(draft, draftOf(saved));
  const transactional = draft.event === 'invoice_paid';

  const create = useMutation(sequenceMutations.create, {
    onSuccess: (created) => {
      toast({ title: copy.created });
      navigate(`/admin/emails/sequences/${created.id}`, true);
    },
    onError: (error) => {
      form.showServerErrors(error);
      toastError(`${SEQUENCE_COPY.errors.save} : ${errorMessage(error)}`);
    },
  });
  const update = useMutation(sequenceMutations.update, {
    onSuccess: (answer) => {
      setSaved(answer);
      form.replace(draftOf(answer));
    },
    onError: (error) => {
      form.showServerErrors(error);
      toastError(`${SEQUENCE_COPY.errors.save} : ${errorMessage(error)}`);
    },
  });
  const [testing, setTesting] = useState<number | undefined>();
  const test = useMutation(sequenceMutations.test, {
    onSuccess: () => toast({ title: SEQUENCE_COPY.steps.testSent, description: SEQUENCE_COPY.steps.testSentTo(ownAddress) }),
    onError: failed,
  });

  /** Saves the draft; the saved sequence, or undefined when it was refused. */
  async function save(): Promise<SequenceAnswer | undefined> {
    if (!sequence) return undefined;
    const parsed = form.validate(sequenceUpdateSchema, bodyOf(draft), { focusFirstError: true });
    return parsed === undefined ? undefined : update.mutate(sequence.id, parsed);
  }

  /** A step's test: unsaved changes are saved first, so the test is the text as it will be sent. */
  async function testStep(index: number) {
    if (!sequence) return;
    setTesting(index);
    try {
      const current = dirty ? await save() : saved;
      const stepId = current?.steps[index]?.id;
      if (current && stepId !== undefined) await test.mutate(current.id, stepId);
    } finally {
      setTesting(undefined);
    }
  }

  const submit = sequence
    ? form.onSubmit(
        sequenceUpdateSchema,
        async (parsed) => {
          if ((await update.mutate(sequence.id, parsed)) !== undefined) toast({ title: copy.saved });
        },
        { body: bodyOf, focusFirstError: true },
      )
    : form.onSubmit(sequenceCreateSchema, (parsed) => create.mutate(parsed), { body: bodyOf, focusFirstError: true });

  const setSteps = (steps: StepDraft[]) => form.set('steps')(steps);
  const move = (index: number, by: -1 | 1) => {
    const steps = [...draft.steps];
    const [step] = steps.splice(index, 1);
    steps.splice(index + by, 0, step!);
    setSteps(steps);
  };
  const toggle = <V,>(list: V[], value: V, on: boolean) => (on ? [...list, value] : list.filter((item) => item !== value));
  const pending = create.pending || update.pending;

  return (
    <>
      <a href="/admin/emails/sequences" className={cx('mb-3 inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900', focusRing)}>
        <ArrowLeftIcon size={16} /> {copy.back}
      </a>
      <PageHeader
        title={sequence ? sequence.name : copy.newTitle}
        description={canEdit ? copy.description : copy.readOnly}
        actions={sequence ? <SequenceStatusBadge status={sequence.status} /> : null}
      />
      <form onSubmit={submit} noValidate className="space-y-6">
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Card labelledBy="sequence-settings-title">
            <CardHeader id="sequence-settings-title" title={copy.settingsTitle} />
            <fieldset disabled={!canEdit} className="grid gap-5 p-5 md:grid-cols-2">
              <TextField className="md:col-span-2" label={copy.name} required {...form.field('name')} />
              <SelectField
                label={copy.entryEvent}
                name="event"
                value={draft.event}
                onChange={form.set('event')}
                error={errors['entry.event'] ?? errors.entry}
                options={SEQUENCE_ENTRY_EVENTS.map((event) => ({ value: event, label: SEQUENCE_ENTRY_LABELS[event] }))}
              />
              <DelayField label={copy.entryAfter} hint={copy.entryAfterHint} value={draft.after} onChange={form.set('after')} error={errors['entry.afterMinutes']} disabled={!canEdit} />
              <fieldset className="md:col-span-2">
                <legend className="text-sm font-medium text-slate-800">{copy.exitLegend}</legend>
                <p className="mt-1 text-xs text-slate-500">{copy.exitHint}</p>
                <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
                  {SEQUENCE_GOALS.map((goal) => (
                    <li key={goal}>
                      <label className="flex items-center gap-2 text-sm text-slate-800">
                        <input
                          type="checkbox"
                          name="exitOn"
                          value={goal}
                          checked={draft.exitOn.includes(goal)}
                          onChange={(event) => form.set('exitOn')(toggle(draft.exitOn, goal, event.target.checked))}
                          className={cx('size-4 accent-accent-600', focusRing)}
                        />
                        {SEQUENCE_GOAL_LABELS[goal]}
                      </label>
                    </li>
                  ))}
                </ul>
                <p className="mt-2 text-sm text-slate-600" data-always-exit>
                  {transactional ? copy.alwaysExitTransactional : copy.alwaysExit}
                </p>
                {errors.exitOn ? <p className="mt-1 text-sm text-red-700">{errors.exitOn}</p> : null}
              </fieldset>
              <SelectField
                label={copy.goal}
                name="goal"
                value={draft.goal}
                onChange={form.set('goal')}
                error={errors.goal}
                options={SEQUENCE_GOALS.map((goal) => ({ value: goal, label: SEQUENCE_GOAL_LABELS[goal] }))}
              />
              <label className="flex items-start gap-3 self-end text-sm md:pb-2">
                <input type="checkbox" checked={draft.reentry} onChange={(event) => form.set('reentry')(event.target.checked)} className={cx('mt-0.5 size-4 accent-accent-600', focusRing)} />
                <span className="font-medium text-slate-800">{copy.reentry}</span>
              </label>
              <fieldset className="md:col-span-2">
                <legend className="text-sm font-medium text-slate-800">{copy.windowLegend}</legend>
                <p className="mt-1 text-xs text-slate-500">{copy.windowHint}</p>
                <div className="mt-2 flex flex-wrap gap-4">
                  <TextField className="w-36" label={copy.windowFrom} name="windowFrom" type="time" value={draft.windowFrom} onChange={form.set('windowFrom')} error={errors['window.from']} />
                  <TextField className="w-36" label={copy.windowTo} name="windowTo" type="time" value={draft.windowTo} onChange={form.set('windowTo')} error={errors['window.to'] ?? errors.window} />
                </div>
                <fieldset className="mt-3">
                  <legend className="text-sm text-slate-700">{copy.windowDays}</legend>
                  <ul className="mt-1 flex flex-wrap gap-2">
                    {SEQUENCE_COPY.days.map((day, index) => (
                      <li key={day}>
                        <label className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-200 px-3 py-1 text-sm text-slate-700 has-checked:border-accent-600 has-checked:bg-accent-50 has-focus-visible:outline-2 has-focus-visible:outline-accent-600">
                          <input
                            type="checkbox"
                            name="windowDays"
                            value={index + 1}
                            checked={draft.windowDays.includes(index + 1)}
                            onChange={(event) => form.set('windowDays')(toggle(draft.windowDays, index + 1, event.target.checked).sort((a, b) => a - b))}
                            className="accent-accent-600"
                          />
                          {day}
                        </label>
                      </li>
                    ))}
                  </ul>
                  {errors['window.days'] ? <p className="mt-1 text-sm text-red-700">{errors['window.days']}</p> : null}
                </fieldset>
              </fieldset>
            </fieldset>
          </Card>
          {sequence ? <StateCard sequence={sequence} /> : null}
        </div>

        <Card labelledBy="sequence-steps-title">
          <CardHeader id="sequence-steps-title" title={SEQUENCE_COPY.steps.title} description={SEQUENCE_COPY.steps.description} />
          {draft.steps.length === 0 ? <p className="px-5 py-6 text-sm text-slate-500">{SEQUENCE_COPY.steps.none}</p> : null}
          {errors.steps ? <p className="px-5 pt-4 text-sm text-red-700">{errors.steps}</p> : null}
          <ol className="list-none">
            {draft.steps.map((step, index) => (
              <StepEditor
                key={step.key}
                step={step}
                position={index + 1}
                count={draft.steps.length}
                editable={canEdit}
                transactional={transactional}
                errors={stepErrors(errors, index)}
                onChange={(next) => setSteps(draft.steps.map((item, at) => (at === index ? next : item)))}
                onMove={(by) => move(index, by)}
                onRemove={() => setSteps(draft.steps.filter((_, at) => at !== index))}
                onTest={sequence && canEdit && step.id !== undefined ? () => void testStep(index) : undefined}
                testPending={testing === index}
              />
            ))}
          </ol>
          {canEdit ? (
            <div className="border-t border-slate-100 px-5 py-4">
              <button type="button" className={buttonClass('secondary')} onClick={() => setSteps([...draft.steps, newStep()])}>
                <PlusIcon size={16} /> {SEQUENCE_COPY.steps.add}
              </button>
            </div>
          ) : null}
        </Card>

        {canEdit ? (
          <div className="sticky bottom-0 z-10 flex justify-end border-t border-slate-200 bg-slate-50/95 py-3">
            <button type="submit" className={buttonClass('primary')} disabled={pending || (sequence !== undefined && !dirty)}>
              {pending ? <Spinner /> : null}
              {pending ? copy.saving : copy.save}
            </button>
          </div>
        ) : null}
      </form>
    </>
  );
}
