/**
 * One step of the editor: its delay in a person's unit, subject, preview line, Markdown body with the
 * blocks documented beside it, the sending window toggle, its preview and its test send; move it up or
 * down (the API keeps the list's order) or take it out.
 */
import { useId, useState } from 'react';
import { TextField } from '../../ui/forms.tsx';
import { buttonClass, controlClass, cx, focusRing, Spinner } from '../../ui/primitives.tsx';
import { SEQUENCE_COPY } from './copy.ts';
import { DelayField } from './DelayField.tsx';
import { StepPreview } from './StepPreview.tsx';
import type { HumanDelay } from './units.ts';

const copy = SEQUENCE_COPY.steps;

export interface StepDraft {
  /** React's key: the step's id once saved. */
  key: string;
  id?: number;
  delay: HumanDelay;
  subject: string;
  preview: string;
  body: string;
  window: boolean;
}

export function StepEditor(props: {
  step: StepDraft;
  position: number;
  count: number;
  editable: boolean;
  transactional: boolean;
  errors: Record<string, string>;
  onChange: (step: StepDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onTest?: () => void;
  testPending: boolean;
}) {
  const { step, position, editable } = props;
  const id = useId();
  const [previewOpen, setPreviewOpen] = useState(false);
  const change =
    <K extends keyof StepDraft>(key: K) =>
    (value: StepDraft[K]) =>
      props.onChange({ ...step, [key]: value });
  const about = <span className="sr-only">{copy.about(position)}</span>;
  return (
    <li className="border-t border-slate-100 first:border-t-0" aria-labelledby={`${id}-title`} data-step={position}>
      <div className="flex flex-wrap items-center justify-between gap-2 bg-slate-50 px-5 py-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {copy.step(position)}
          {step.subject ? <span className="font-normal text-slate-600"> · {step.subject}</span> : null}
        </h3>
        {editable ? (
          <div className="flex flex-wrap gap-1">
            <button type="button" className={buttonClass('ghost', 'sm')} disabled={position === 1} onClick={() => props.onMove(-1)}>
              {copy.up}
              {about}
            </button>
            <button type="button" className={buttonClass('ghost', 'sm')} disabled={position === props.count} onClick={() => props.onMove(1)}>
              {copy.down}
              {about}
            </button>
            <button type="button" className={buttonClass('danger-ghost', 'sm')} onClick={props.onRemove}>
              {copy.remove}
              {about}
            </button>
          </div>
        ) : null}
      </div>
      <fieldset disabled={!editable} className="grid gap-4 p-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <legend className="sr-only">{copy.step(position)}</legend>
        <div className="min-w-0 space-y-4">
          <DelayField label={`${copy.delay} (${copy.step(position).toLowerCase()})`} value={step.delay} onChange={change('delay')} error={props.errors.delayMinutes} disabled={!editable} />
          <TextField label={copy.subject} name={`step-${position}-subject`} required value={step.subject} onChange={change('subject')} error={props.errors.subject} />
          <TextField label={copy.preview} name={`step-${position}-preview`} hint={copy.previewHint} value={step.preview} onChange={change('preview')} error={props.errors.preview} />
          <div>
            <label htmlFor={`${id}-body`} className="mb-1.5 block text-sm font-medium text-slate-800">
              {copy.body}
              <span className="text-red-600" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <textarea
              id={`${id}-body`}
              name={`step-${position}-body`}
              rows={10}
              value={step.body}
              onChange={(event) => change('body')(event.target.value)}
              aria-required="true"
              aria-invalid={props.errors.body ? true : undefined}
              aria-describedby={`${id}-blocks ${id}-hint${props.errors.body ? ` ${id}-error` : ''}`}
              className={cx(controlClass, 'resize-y font-mono text-sm')}
            />
            <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
              {copy.bodyHint}
            </p>
            {props.errors.body ? (
              <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                {props.errors.body}
              </p>
            ) : null}
          </div>
          <label className="flex items-center gap-3 text-sm">
            <input type="checkbox" checked={step.window} onChange={(event) => change('window')(event.target.checked)} className={cx('size-4 accent-accent-600', focusRing)} />
            <span className="font-medium text-slate-800">{copy.window}</span>
          </label>
        </div>
        <aside id={`${id}-blocks`} className="h-fit rounded-md bg-slate-50 p-4 text-sm text-slate-700">
          <h4 className="mb-2 font-semibold text-slate-900">{copy.blocksTitle}</h4>
          <dl className="space-y-2">
            {copy.blocks.map(([block, meaning]) => (
              <div key={block}>
                <dt>
                  <code className="rounded bg-white px-1 py-0.5 text-xs text-slate-900 ring-1 ring-slate-200">{block}</code>
                </dt>
                <dd className="mt-0.5 text-xs text-slate-600">{meaning}</dd>
              </div>
            ))}
          </dl>
        </aside>
      </fieldset>
      <div className="space-y-3 px-5 pb-5">
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass('secondary', 'sm')} aria-expanded={previewOpen} onClick={() => setPreviewOpen((open) => !open)}>
            {previewOpen ? copy.hidePreview : copy.showPreview}
            {about}
          </button>
          {props.onTest ? (
            <button type="button" className={buttonClass('secondary', 'sm')} disabled={props.testPending} onClick={props.onTest}>
              {props.testPending ? <Spinner /> : null}
              {props.testPending ? copy.testPending : copy.test}
              {about}
            </button>
          ) : null}
        </div>
        {previewOpen ? <StepPreview subject={step.subject} preview={step.preview} body={step.body} transactional={props.transactional} position={position} /> : null}
      </div>
    </li>
  );
}
