/**
 * One e-mail (/admin/emails/{id}): who, why, how delivery went (attempts, last error), the text part
 * and the HTML part in a sandboxed frame (no scripts, no same-origin access); "Renvoyer" queues a copy.
 */
import { useState } from 'react';
import { useCanEdit } from '../../stores/session.ts';
import { formatPPP } from '../../lib/dates.ts';
import { emailMutations, emailQueries } from './queries.ts';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { navigate } from '../../stores/router.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { Alert, buttonClass, Card, CardHeader, cx, PageHeader, Spinner } from '../../ui/primitives.tsx';
import { EmailStatusBadge, emailKindLabel } from './email-badges.tsx';

const TRANSPORTS: Record<string, string> = { smtp: 'SMTP', file: 'Fichier .eml (DATA_DIR/mail)' };

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-800">{children}</dd>
    </div>
  );
}

export function EmailDetail({ id }: { id: string }) {
  const email = useQuery(emailQueries.email(id));
  const canEdit = useCanEdit();
  const [view, setView] = useState<'html' | 'text'>('html');
  const resend = useMutation(emailMutations.resend, {
    onSuccess: (copy) => {
      toast({ title: 'E-mail renvoyé', description: 'Une nouvelle copie est en file d’envoi.' });
      navigate(`/admin/emails/${copy.id}`);
    },
    onError: (error) => toastError(`Erreur lors du renvoi de l’e-mail: ${errorMessage(error)}`),
  });

  if (email.loading) {
    return (
      <p className="flex items-center gap-2 py-16 text-sm text-slate-500" role="status">
        <Spinner /> Chargement de l’e-mail…
      </p>
    );
  }
  if (!email.data) return <Alert title="E-mail non trouvé">{email.errorText ?? 'Cet e-mail n’existe pas.'}</Alert>;
  const data = email.data;
  const canResend = data.status === 'sent' || data.status === 'failed';

  return (
    <>
      <a href="/admin/emails" className="mb-4 inline-block rounded text-sm text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600">
        ← Retour aux e-mails
      </a>
      <PageHeader
        title={data.subject ?? '(en préparation)'}
        description={emailKindLabel(data.kind)}
        actions={
          canResend && canEdit ? (
            <button type="button" className={buttonClass('primary')} disabled={resend.pending} onClick={() => void resend.mutate(data.id)}>
              {resend.pending ? <Spinner /> : null}
              {resend.pending ? 'Renvoi...' : 'Renvoyer'}
            </button>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-5 lg:col-span-1">
          <dl className="grid gap-4">
            <Fact label="Statut">
              <EmailStatusBadge status={data.status} />
            </Fact>
            <Fact label="Destinataire">{data.to}</Fact>
            <Fact label="Créé le">{formatPPP(data.createdAt)}</Fact>
            {data.status === 'queued' && data.scheduledAt > data.createdAt ? <Fact label="Prévu le">{formatPPP(data.scheduledAt)}</Fact> : null}
            <Fact label="Envoyé le">{data.sentAt ? formatPPP(data.sentAt) : 'Pas encore envoyé'}</Fact>
            <Fact label="Tentatives">{data.attempts}</Fact>
            <Fact label="Transport">{data.transport ? (TRANSPORTS[data.transport] ?? data.transport) : '-'}</Fact>
            {data.lastError ? (
              <Fact label="Dernière erreur">
                <span className="break-words text-red-800">{data.lastError}</span>
              </Fact>
            ) : null}
            {data.leadId ? (
              <Fact label="Contact">
                <a href={`/admin/leads/${data.leadId}`} className="rounded text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600">
                  Voir le contact
                </a>
              </Fact>
            ) : null}
          </dl>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader
            title="Contenu"
            action={
              <div role="group" aria-label="Affichage" className="flex gap-1">
                {(['html', 'text'] as const).map((mode) => (
                  <button key={mode} type="button" aria-pressed={view === mode} onClick={() => setView(mode)} className={cx(buttonClass(view === mode ? 'primary' : 'secondary', 'sm'))}>
                    {mode === 'html' ? 'Aperçu HTML' : 'Texte'}
                  </button>
                ))}
              </div>
            }
          />
          <div className="p-4">
            {!data.html && !data.text ? (
              <p className="text-sm text-slate-500">Le contenu est rédigé au moment de l’envoi.</p>
            ) : view === 'html' && data.html ? (
              // sandbox with no allowance: no scripts, no forms, no same-origin access to the back office.
              <iframe title="Aperçu HTML de l’e-mail" sandbox="" srcDoc={data.html} className="h-[640px] w-full rounded border border-slate-200 bg-white" />
            ) : (
              <pre className="max-h-[640px] overflow-auto rounded bg-slate-50 p-4 text-sm whitespace-pre-wrap text-slate-800">{data.text}</pre>
            )}
          </div>
        </Card>
      </div>
    </>
  );
}
