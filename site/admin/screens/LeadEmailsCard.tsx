/** The contact detail's e-mails: what was sent to (or about) this contact, newest first (issue 12). */
import { formatDateTime } from '../lib/dates.ts';
import { emailQueries } from '../lib/emails-api.ts';
import { useQuery } from '../lib/query.ts';
import { Card, CardHeader } from '../ui/primitives.tsx';
import { EmailStatusBadge, emailKindLabel } from './email-badges.tsx';

export function LeadEmailsCard({ leadId }: { leadId: number }) {
  const emails = useQuery(emailQueries.emails({ page: 1, leadId, limit: 50 }));
  const rows = emails.data?.emails ?? [];
  return (
    <div className="mt-6">
      <Card labelledBy="lead-emails-title">
        <CardHeader id="lead-emails-title" title="E-mails" description="Les e-mails envoyés à ce contact ou à son sujet." />
        {emails.loading ? (
          <p className="px-5 py-6 text-sm text-slate-500" role="status">
            Chargement des e-mails...
          </p>
        ) : emails.errorText && !emails.data ? (
          <p className="px-5 py-6 text-sm text-red-700" role="alert">
            {emails.errorText}
          </p>
        ) : rows.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-500">Aucun e-mail pour ce contact.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {rows.map((email) => (
              <li key={email.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
                <div className="min-w-0">
                  <a
                    href={`/admin/emails/${email.id}`}
                    className="block truncate rounded text-sm font-medium text-slate-900 hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
                  >
                    {email.subject ?? emailKindLabel(email.kind)}
                  </a>
                  <p className="text-xs text-slate-500">
                    {emailKindLabel(email.kind)} · {email.to} · {formatDateTime(email.sentAt ?? email.createdAt)}
                  </p>
                </div>
                <EmailStatusBadge status={email.status} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
