/** The contact's "Origine" (decision 115): where they came from when they first wrote in; an administrator corrects it. */
import { useState } from 'react';
import type { LeadJson as Lead } from '#contract/contacts';
import { VISIT_CHANNEL_LABELS } from '#contract';
import { formatPPP } from '../../../lib/dates.ts';
import { CanEdit } from '../../../ui/CanEdit.tsx';
import { buttonClass, Card, CardHeader } from '../../../ui/primitives.tsx';
import { ORIGIN_COPY } from './copy.ts';
import { OriginDialog } from './OriginDialog.tsx';

export function OriginCard({ lead }: { lead: Lead }) {
  const [correcting, setCorrecting] = useState(false);
  const touch = lead.firstTouch;
  const rows: Array<[string, string | null]> = touch
    ? [
        [ORIGIN_COPY.fields.channel, VISIT_CHANNEL_LABELS[touch.channel]],
        [ORIGIN_COPY.fields.source, touch.source],
        [ORIGIN_COPY.fields.medium, touch.medium],
        [ORIGIN_COPY.fields.campaign, touch.campaign],
        [ORIGIN_COPY.fields.referrer, touch.referrer],
        [ORIGIN_COPY.fields.landingPage, touch.landingPage],
        [ORIGIN_COPY.fields.at, formatPPP(touch.at)],
      ]
    : [];
  return (
    <Card className="mt-6" labelledBy="lead-origin-title">
      <CardHeader
        id="lead-origin-title"
        title={ORIGIN_COPY.card.title}
        description={ORIGIN_COPY.card.description}
        action={
          <CanEdit>
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setCorrecting(true)}>
              {ORIGIN_COPY.card.correct}
            </button>
          </CanEdit>
        }
      />
      <div className="px-5 py-4">
        {touch ? (
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {rows
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs font-medium text-slate-500">{label}</dt>
                  <dd className="break-words text-slate-900">{value}</dd>
                </div>
              ))}
          </dl>
        ) : (
          <p className="text-sm text-slate-500">{ORIGIN_COPY.card.none}</p>
        )}
      </div>
      {correcting ? <OriginDialog lead={lead} onClose={() => setCorrecting(false)} /> : null}
    </Card>
  );
}
