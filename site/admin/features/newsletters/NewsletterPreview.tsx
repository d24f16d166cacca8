/**
 * The editor's preview: the e-mail as a sample recipient would get it, live while the content may change
 * (`POST …/newsletters/preview` of the draft, asked again once the typing pauses), else the saved issue's
 * (`GET …/newsletters/{id}/preview`: a viewer may not POST), in a sandboxed frame (no script, no same-origin access) at a
 * phone's or a desktop's width, and its plain-text part.
 */
import { useState } from 'react';
import { Card, CardHeader, cx, focusRing, Spinner } from '../../ui/primitives.tsx';
import { NEWSLETTER_COPY } from './copy.ts';
import { useQuery } from '../../lib/query.ts';
import { newsletterQueries, previewNewsletter } from './queries.ts';
import { useLivePreview } from '../../ui/useLivePreview.ts';

const copy = NEWSLETTER_COPY.preview;
const WIDTHS = { phone: 390, desktop: 720 } as const;
const FRAME_HEIGHT = 640;
type Width = keyof typeof WIDTHS;
type View = 'html' | 'text';

function Switch<V extends string>({ legend, name, value, options, onChange }: { legend: string; name: string; value: V; options: Array<{ value: V; label: string }>; onChange: (value: V) => void }) {
  return (
    <fieldset className="inline-flex rounded-md border border-slate-200 bg-slate-50 p-0.5">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={cx(
            'cursor-pointer rounded px-3 py-1 text-sm font-medium has-focus-visible:outline-2 has-focus-visible:outline-accent-600',
            value === option.value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="sr-only" />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** `saved`: the id of an issue whose stored content is shown instead of the draft (it cannot change here). */
export function NewsletterPreview({ subject, preheader, body, saved }: { subject: string; preheader: string; body: string; saved?: number }) {
  const stored = useQuery(saved === undefined ? null : newsletterQueries.preview(String(saved)));
  const live = useLivePreview(saved === undefined && body.trim() ? (signal) => previewNewsletter({ subject, preheader, body }, signal) : null, JSON.stringify([subject, preheader, body]));
  const [width, setWidth] = useState<Width>('desktop');
  const [view, setView] = useState<View>('html');

  // An empty body shows no preview (the last one would be stale).
  const shown = saved !== undefined ? stored.data : body.trim() ? live.answer : undefined;
  const failure = saved !== undefined ? stored.errorText : live.error;
  const busy = saved !== undefined ? stored.fetching : live.pending;
  return (
    <Card labelledBy="newsletter-preview-title">
      <CardHeader
        id="newsletter-preview-title"
        title={copy.title}
        action={
          busy ? (
            <span className="flex items-center gap-2 text-xs text-slate-500" role="status">
              <Spinner /> {copy.updating}
            </span>
          ) : null
        }
      />
      <div className="flex flex-wrap items-center gap-3 px-5 pt-4 pb-3">
        <Switch
          legend={copy.widthLegend}
          name="preview-width"
          value={width}
          onChange={setWidth}
          options={[
            { value: 'phone', label: copy.phone },
            { value: 'desktop', label: copy.desktop },
          ]}
        />
        <Switch
          legend={copy.viewLegend}
          name="preview-view"
          value={view}
          onChange={setView}
          options={[
            { value: 'html', label: copy.html },
            { value: 'text', label: copy.text },
          ]}
        />
      </div>
      <div className="px-5 pb-5">
        {failure ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {NEWSLETTER_COPY.errors.preview} : {failure}
          </p>
        ) : null}
        {!shown ? (
          <p className="py-10 text-center text-sm text-slate-500">{copy.empty}</p>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-700">
              <span className="font-medium">{copy.subject}</span> <span data-preview-subject>{shown.subject}</span>
            </p>
            {view === 'html' ? (
              <div className="overflow-x-auto rounded border border-slate-200 bg-slate-100 p-2">
                <iframe
                  title={copy.frame}
                  sandbox=""
                  srcDoc={shown.html}
                  tabIndex={0}
                  style={{ width: WIDTHS[width], height: FRAME_HEIGHT }}
                  className={cx('mx-auto block max-w-none rounded bg-white', focusRing)}
                  data-preview-width={width}
                />
              </div>
            ) : (
              <pre className="max-h-[640px] overflow-auto rounded bg-slate-50 p-4 text-sm whitespace-pre-wrap text-slate-800" data-preview-text>
                {shown.text}
              </pre>
            )}
          </>
        )}
      </div>
    </Card>
  );
}
