/**
 * A step's preview: the e-mail as a recipient would get it (`POST …/sequences/preview` of the step as it
 * stands in the editor, asked again once the typing pauses), in a sandboxed frame (no script, no
 * same-origin access), as the newsletter's preview, and its plain-text part. A viewer may not POST: they
 * read the Markdown instead.
 */
import { useState } from 'react';
import { useCanEdit } from '../../stores/session.ts';
import { buttonClass, cx, focusRing, Spinner } from '../../ui/primitives.tsx';
import { useLivePreview } from '../../ui/useLivePreview.ts';
import { SEQUENCE_COPY } from './copy.ts';
import { previewStep } from './queries.ts';

const copy = SEQUENCE_COPY.preview;

export function StepPreview(props: { subject: string; preview: string; body: string; transactional: boolean; position: number }) {
  const canEdit = useCanEdit();
  const [view, setView] = useState<'html' | 'text'>('html');
  const { subject, preview, body, transactional } = props;
  const ready = canEdit && subject.trim() !== '' && body.trim() !== '';
  const {
    answer: shown,
    error,
    pending,
  } = useLivePreview(ready ? (signal) => previewStep({ subject, preview, body, transactional }, signal) : null, JSON.stringify([subject, preview, body, transactional]));

  if (!canEdit) return <p className="text-sm text-slate-500">{copy.viewerOnly}</p>;
  return (
    <div className="space-y-3" data-step-preview>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={copy.viewLegend} className="flex gap-1">
          {(['html', 'text'] as const).map((mode) => (
            <button key={mode} type="button" aria-pressed={view === mode} onClick={() => setView(mode)} className={buttonClass(view === mode ? 'primary' : 'secondary', 'sm')}>
              {mode === 'html' ? copy.html : copy.text}
            </button>
          ))}
        </div>
        {pending ? (
          <span className="flex items-center gap-2 text-xs text-slate-500" role="status">
            <Spinner /> {copy.updating}
          </span>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {copy.failed} : {error}
        </p>
      ) : null}
      {!ready || !shown ? (
        <p className="py-6 text-center text-sm text-slate-500">{copy.empty}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            <span className="font-medium">{copy.subject}</span> <span data-preview-subject>{shown.subject}</span>
          </p>
          {view === 'html' ? (
            // sandbox with no allowance: no scripts, no forms, no same-origin access to the back office.
            <iframe title={copy.frame(props.position)} sandbox="" srcDoc={shown.html} tabIndex={0} className={cx('h-[560px] w-full rounded border border-slate-200 bg-white', focusRing)} />
          ) : (
            <pre className="max-h-[560px] overflow-auto rounded bg-slate-50 p-4 text-sm whitespace-pre-wrap text-slate-800" data-preview-text>
              {shown.text}
            </pre>
          )}
        </>
      )}
    </div>
  );
}
