/** In the webinar deletion dialog: how many registrants will receive a cancellation e-mail (decision 090). */
import { useEffect } from 'react';
import { webinarQueries } from './queries.ts';
import { useQuery } from '../../lib/query.ts';

export function cancellationText(count: number): string {
  if (count === 0) return 'Aucun inscrit ne sera prévenu.';
  if (count === 1) return '1 personne inscrite recevra un e-mail d’annulation.';
  return `${count} personnes inscrites recevront un e-mail d’annulation.`;
}

export function CancellationNotice({ webinarId }: { webinarId: number | undefined }) {
  const recipients = useQuery(webinarId === undefined ? null : webinarQueries.cancellationRecipients(webinarId));
  const { refetch } = recipients;
  // Sign-ups arrive from the public site at any time: count again each time the dialog opens.
  useEffect(() => {
    void refetch();
  }, [refetch]);
  if (!recipients.data) return null;
  return <span className="mt-2 block font-medium text-slate-800">{cancellationText(recipients.data.count)}</span>;
}
