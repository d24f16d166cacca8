/** Revenue per first touch (decision 134) as horizontal bars in francs, the origin named as the table names it. */
import * as Plot from '@observablehq/plot';
import type { RevenueJson } from '#contract/payments';
import { VISIT_CHANNEL_LABELS } from '#contract';
import { formatChf, paymentsCopy } from '../payments/index.ts';
import { style } from './charts.ts';

type RevenueRow = RevenueJson['byChannel'][number];

/** "Réseaux sociaux · linkedin · printemps": the table's three columns in one bar label. */
export function revenueOrigin(row: RevenueRow): string {
  const channel = row.channel ? VISIT_CHANNEL_LABELS[row.channel] : paymentsCopy.revenue.unknown;
  return [channel, row.source, row.campaign].filter((part): part is string => Boolean(part)).join(' · ');
}

/** The chart's accessible name: its bars in one sentence (the exact figures are in the table beside it). */
export function revenueSummary(data: RevenueJson): string {
  if (data.byChannel.length === 0) return `Barres des encaissements selon l’origine : ${paymentsCopy.revenue.empty}`;
  const bars = data.byChannel.map((row) => `${revenueOrigin(row)} ${formatChf(row.revenueCents)}`).join(', ');
  return `Barres des encaissements selon l’origine, ${formatChf(data.revenueCents)} en tout : ${bars}.`;
}

/** One bar per origin from 0 (x1/x2: a refund larger than the period's payments draws to the left), its amount at its end. */
export function revenueChart(data: RevenueJson, width: number) {
  const rows = data.byChannel.map((row) => ({ origin: revenueOrigin(row), francs: row.revenueCents / 100, label: formatChf(row.revenueCents) }));
  const marginLeft = Math.min(250, width / 2.4);
  const labelChars = Math.max(8, Math.floor((marginLeft - 14) / 7));
  const top = Math.max(1, ...rows.map((row) => row.francs));
  const bottom = Math.min(0, ...rows.map((row) => row.francs));
  return Plot.plot({
    width,
    height: 40 * Math.max(1, rows.length) + 50,
    style,
    marginLeft,
    marginRight: 24 + 7 * Math.max(0, ...rows.map((row) => row.label.length)),
    x: {
      label: 'CHF (HT)',
      grid: true,
      domain: [bottom, top],
      nice: true,
      tickFormat: (value: number) =>
        formatChf(Math.round(value * 100))
          .replace(/^CHF /, '')
          .replace(/\.00$/, ''),
    },
    y: {
      label: null,
      domain: rows.map((row) => row.origin),
      tickFormat: (label: string) => (label.length > labelChars ? `${label.slice(0, labelChars - 1)}…` : label),
    },
    marks: [
      Plot.barX(rows, { x1: 0, x2: 'francs', y: 'origin', fill: '#4f46e5' }),
      Plot.text(rows, { x: 'francs', y: 'origin', text: 'label', dx: 6, textAnchor: 'start', fill: '#0f172a' }),
      Plot.ruleX([0]),
    ],
  });
}
