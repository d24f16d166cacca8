/** Paramètres → Système: read-only facts — e-mail sending (never the SMTP password) and data retention. */
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/dates.ts';
import { useQuery } from '../../lib/query.ts';
import { operationQueries } from './queries.ts';
import { Badge, Card, CardHeader } from '../../ui/primitives.tsx';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-5 py-3 sm:grid-cols-3">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

const count = (value: number) => new Intl.NumberFormat('fr-CH').format(value);

export function SystemTab() {
  const mail = useQuery(operationQueries.mail());
  const retention = useQuery(operationQueries.retention());
  const unavailable = <span className="text-slate-500">Non disponible</span>;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card labelledBy="mail-title">
        <CardHeader id="mail-title" title="Envoi des e-mails" description="Réglé par la configuration du serveur (voir README)." />
        <dl className="divide-y divide-slate-100">
          <Fact term="Serveur SMTP">
            {mail.data ? (
              mail.data.smtpConfigured ? (
                <>
                  <Badge tone="green">Configuré</Badge> <span className="ml-1">{mail.data.smtpHost}</span>
                </>
              ) : (
                <>
                  <Badge tone="amber">Non configuré</Badge>
                  <span className="mt-1 block text-xs text-slate-600">Les e-mails sont écrits en fichiers sur le serveur, pas envoyés.</span>
                </>
              )
            ) : mail.errorText ? (
              unavailable
            ) : (
              'Chargement…'
            )}
          </Fact>
          <Fact term="Expéditeur">{mail.data ? `${mail.data.senderName ? `${mail.data.senderName} ` : ''}<${mail.data.senderAddress}>` : mail.errorText ? unavailable : 'Chargement…'}</Fact>
          <Fact term="Alertes de l'équipe">
            {mail.data ? (mail.data.notifyEmails ? mail.data.notifyEmails.join(', ') : 'Tous les administrateurs actifs') : mail.errorText ? unavailable : 'Chargement…'}
          </Fact>
        </dl>
      </Card>
      <Card labelledBy="retention-title">
        <CardHeader id="retention-title" title="Conservation des données" description="Effacement automatique des données anciennes." />
        <dl className="divide-y divide-slate-100">
          <Fact term="Prochain passage">
            {retention.data ? (retention.data.nextRunAt ? formatDateTime(retention.data.nextRunAt) : 'Non planifié') : retention.loading ? 'Chargement…' : unavailable}
          </Fact>
          <Fact term="Contacts à effacer">{retention.data ? count(retention.data.leadsToErase) : retention.loading ? 'Chargement…' : unavailable}</Fact>
          <Fact term="Contenus d'e-mails à vider">{retention.data ? count(retention.data.emailBodiesToEmpty) : retention.loading ? 'Chargement…' : unavailable}</Fact>
        </dl>
      </Card>
    </div>
  );
}
