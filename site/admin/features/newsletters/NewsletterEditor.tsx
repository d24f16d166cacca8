/**
 * One newsletter issue (/admin/emails/newsletters/{id}, or …/new): its content in Markdown with the two
 * block buttons, its audience and archive choice, the live preview beside it, and below, once saved, its
 * sending (./SendPanel.tsx) and its recipients (./Recipients.tsx). Content changes only while the issue
 * is a draft or scheduled; the archive choice any time. A viewer sees everything, changes nothing.
 */
import { useEffect, useRef } from 'react';
import { NEWSLETTER_BLOCKS, newsletterCreateSchema, newsletterUpdateSchema } from '#contract/newsletters';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { navigate } from '../../stores/router.ts';
import { useCanEdit } from '../../stores/session.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { TextField } from '../../ui/forms.tsx';
import { ArrowLeftIcon } from '../../ui/icons.tsx';
import { Alert, buttonClass, Card, CardHeader, controlClass, cx, focusRing, PageHeader, Spinner } from '../../ui/primitives.tsx';
import { textFields, useDraftForm } from '../../ui/useDraftForm.ts';
import { AudienceFields } from './AudienceFields.tsx';
import { NewsletterStatusBadge } from './badges.tsx';
import { NEWSLETTER_COPY } from './copy.ts';
import { NewsletterPreview } from './NewsletterPreview.tsx';
import { newsletterMutations, newsletterQueries, type NewsletterAnswer } from './queries.ts';
import { Recipients } from './Recipients.tsx';
import { SendPanel } from './SendPanel.tsx';

const copy = NEWSLETTER_COPY.editor;
/** While an issue goes out, its counts are read again this often. */
const REFRESH_MS = 2000;

interface Draft {
  subject: string;
  preheader: string;
  body: string;
  tags: string[];
  archive: boolean;
}

const draftOf = (issue: NewsletterAnswer | undefined): Draft => ({
  ...textFields(issue, ['subject', 'preheader', 'body']),
  tags: issue ? [...issue.tags] : [],
  archive: issue?.archive ?? false,
});

const sameDraft = (a: Draft, b: Draft) => a.subject === b.subject && a.preheader === b.preheader && a.body === b.body && a.archive === b.archive && a.tags.join('\n') === b.tags.join('\n');

/** `line` on a paragraph of its own at the cursor: the body with it, and where the cursor goes after it. */
export function insertLine(body: string, start: number, end: number, line: string): { body: string; cursor: number } {
  const before = body.slice(0, start).replace(/[ \t]+$/, '');
  const after = body.slice(end).replace(/^[ \t]+/, '');
  const lead = before === '' ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' ? '\n' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const head = `${before}${lead}${line}${trail}`;
  return { body: head + after, cursor: head.length };
}

export function NewsletterEditor({ id }: { id?: string }) {
  const issue = useQuery(id ? newsletterQueries.issue(id) : null);
  const status = issue.data?.status;
  const { refetch } = issue;
  useEffect(() => {
    if (status !== 'sending' && status !== 'scheduled') return;
    const timer = window.setInterval(() => void refetch(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [status, refetch]);

  if (id && issue.loading) {
    return (
      <p className="flex items-center gap-2 py-16 text-sm text-slate-500" role="status">
        <Spinner /> {NEWSLETTER_COPY.send.loading}
      </p>
    );
  }
  if (id && !issue.data) return <Alert title={NEWSLETTER_COPY.send.notFound}>{issue.errorText}</Alert>;
  return <IssueForm key={issue.data?.id ?? 'new'} issue={issue.data} />;
}

function IssueForm({ issue }: { issue: NewsletterAnswer | undefined }) {
  const canEdit = useCanEdit();
  const editable = canEdit && (!issue || issue.status === 'draft' || issue.status === 'scheduled');
  const form = useDraftForm(() => draftOf(issue));
  const { draft } = form;
  const body = useRef<HTMLTextAreaElement>(null);
  const dirty = !sameDraft(draft, draftOf(issue));

  const create = useMutation(newsletterMutations.create, {
    onSuccess: (created) => {
      toast({ title: copy.created });
      navigate(`/admin/emails/newsletters/${created.id}`, true);
    },
    onError: (error) => form.showServerErrors(error),
  });
  const update = useMutation(newsletterMutations.update, {
    onError: (error) => {
      form.showServerErrors(error);
      toastError(`${NEWSLETTER_COPY.errors.save}: ${errorMessage(error)}`);
    },
  });

  /** What a save sends: everything while the content may change, else only the archive choice. */
  const saveBody = (current: Draft) => (editable ? current : { archive: current.archive });

  /** Saves unsaved changes before a test or a send; false when the save was refused. */
  async function ensureSaved(): Promise<boolean> {
    if (!issue || !dirty) return true;
    const parsed = form.validate(newsletterUpdateSchema, saveBody(draft), { focusFirstError: true });
    return parsed !== undefined && (await update.mutate(issue.id, parsed)) !== undefined;
  }

  const submit = issue
    ? form.onSubmit(
        newsletterUpdateSchema,
        async (parsed) => {
          if ((await update.mutate(issue.id, parsed)) !== undefined) toast({ title: copy.saved });
        },
        { body: saveBody, focusFirstError: true },
      )
    : form.onSubmit(newsletterCreateSchema, (parsed) => create.mutate(parsed), { focusFirstError: true });

  function insert(line: string) {
    const area = body.current;
    const next = insertLine(draft.body, area?.selectionStart ?? draft.body.length, area?.selectionEnd ?? draft.body.length, line);
    form.set('body')(next.body);
    window.requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.cursor, next.cursor);
    });
  }

  const pending = create.pending || update.pending;
  return (
    <>
      <a href="/admin/emails/newsletters" className={cx('mb-3 inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900', focusRing)}>
        <ArrowLeftIcon size={16} /> {copy.back}
      </a>
      <PageHeader
        title={issue ? issue.subject : copy.newTitle}
        description={!canEdit ? copy.readOnly : issue && !editable ? copy.locked : copy.description}
        actions={issue ? <NewsletterStatusBadge status={issue.status} /> : null}
      />
      {/* Side by side on a wide screen; the desktop preview (a 720 px e-mail) needs more than half of it, so
          while it is chosen the preview goes under the form at the full width (decision 119). */}
      <div className="grid items-start gap-6 xl:grid-cols-2 xl:has-[[data-preview-width=desktop]]:grid-cols-1">
        <div className="min-w-0 space-y-6">
          <Card labelledBy="newsletter-content-title">
            <CardHeader id="newsletter-content-title" title={copy.contentTitle} />
            <form onSubmit={submit} noValidate className="space-y-5 p-5">
              <fieldset disabled={!editable} className="space-y-5">
                <TextField label={copy.subject} required {...form.field('subject')} />
                <TextField label={copy.preheader} hint={copy.preheaderHint} {...form.field('preheader')} />
                <div>
                  <label htmlFor="newsletter-body" className="mb-1.5 block text-sm font-medium text-slate-800">
                    {copy.body}
                    <span className="text-red-600" aria-hidden="true">
                      {' '}
                      *
                    </span>
                  </label>
                  <div role="group" aria-label={copy.insert} className="mb-2 flex flex-wrap items-center gap-2">
                    <span className="text-xs font-medium text-slate-500" aria-hidden="true">
                      {copy.insert} :
                    </span>
                    <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => insert(NEWSLETTER_BLOCKS.webinars)}>
                      {copy.insertWebinars}
                    </button>
                    <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => insert(NEWSLETTER_BLOCKS.booking)}>
                      {copy.insertCall}
                    </button>
                  </div>
                  <textarea
                    id="newsletter-body"
                    ref={body}
                    name="body"
                    rows={16}
                    value={draft.body}
                    onChange={(event) => form.set('body')(event.target.value)}
                    aria-required="true"
                    aria-invalid={form.errors.body ? true : undefined}
                    aria-describedby="newsletter-body-hint newsletter-body-error"
                    className={cx(controlClass, 'resize-y font-mono text-sm')}
                  />
                  <p id="newsletter-body-hint" className="mt-1 text-xs text-slate-500">
                    {copy.bodyHint}
                  </p>
                  <p id="newsletter-body-error" className="mt-1 text-sm text-red-700">
                    {form.errors.body}
                  </p>
                </div>
                <AudienceFields tags={draft.tags} onChange={form.set('tags')} disabled={!editable} />
              </fieldset>
              <fieldset disabled={!canEdit}>
                <label className="flex items-start gap-3 text-sm">
                  <input
                    type="checkbox"
                    name="archive"
                    checked={draft.archive}
                    onChange={(event) => form.set('archive')(event.target.checked)}
                    className={cx('mt-0.5 size-4 accent-accent-600', focusRing)}
                  />
                  <span>
                    <span className="font-medium text-slate-800">{copy.archive}</span>
                    <span className="block text-xs text-slate-500">{copy.archiveHint}</span>
                  </span>
                </label>
              </fieldset>
              {canEdit ? (
                <div className="flex justify-end">
                  <button type="submit" className={buttonClass('primary')} disabled={pending || (issue !== undefined && !dirty)}>
                    {pending ? <Spinner /> : null}
                    {pending ? copy.saving : copy.save}
                  </button>
                </div>
              ) : null}
            </form>
          </Card>
          {issue ? <SendPanel issue={issue} beforeAction={ensureSaved} /> : null}
        </div>
        <div className="min-w-0 xl:sticky xl:top-6">
          <NewsletterPreview subject={draft.subject} preheader={draft.preheader} body={draft.body} saved={editable ? undefined : issue?.id} />
        </div>
      </div>
      {issue && issue.status !== 'draft' && issue.status !== 'scheduled' ? <Recipients issue={issue} /> : null}
    </>
  );
}
