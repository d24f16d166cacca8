/**
 * The analytics screen's counts and rates in words (decision 119): singular for 0 and 1, and no rate
 * whose base does not contain its numerator (never "Contacts 400 %" for 4 contacts and 1 counted visitor).
 */
import { describe, expect, it } from 'vitest';
import { countOf, percentText, shareOf } from '../../site/admin/features/analytics/rates.ts';
import { funnelCopy } from '../../site/admin/features/analytics/copy.ts';
import { presentSourceFunnel } from '#contract/analytics';

describe('counts', () => {
  it('agree with their number, 0 and 1 in the singular', () => {
    expect(countOf(0, 'visiteur', 'visiteurs')).toBe('0 visiteur');
    expect(countOf(1, 'visiteur', 'visiteurs')).toBe('1 visiteur');
    expect(countOf(2, 'visiteur', 'visiteurs')).toBe('2 visiteurs');
    expect(countOf(12_345, 'visite', 'visites')).toBe(`${(12_345).toLocaleString('fr-CH')} visites`);
  });

  it('read right in the period total and the chart summary', () => {
    expect(funnelCopy.visits.total(1, 1)).toBe('Sur la période : 1 visiteur (somme des visiteurs quotidiens), 1 visite.');
    expect(funnelCopy.visits.total(20, 29)).toBe('Sur la période : 20 visiteurs (somme des visiteurs quotidiens), 29 visites.');
    expect(funnelCopy.visits.summary(30, 1)).toBe('Courbe des visites de 30 jours, 1 visite en tout.');
  });
});

describe('rates', () => {
  it('are a share of a base that contains the numerator, never above 100 %', () => {
    expect(shareOf(4, 20)).toBe(20);
    expect(shareOf(1, 6)).toBe(16.7);
    expect(shareOf(3, 3)).toBe(100);
    expect(shareOf(4, 1)).toBeNull();
    expect(shareOf(1, 0)).toBeNull();
    expect(shareOf(0, 0)).toBeNull();
    expect(percentText(shareOf(4, 1))).toBe('—');
    expect(percentText(16.7)).toBe(`${(16.7).toLocaleString('fr-CH')} %`);
  });

  it('name their base in the funnel, and say why one is missing', () => {
    expect(funnelCopy.funnel.columns[2]).toBe('Part de l’étape précédente');
    expect(funnelCopy.funnel.shareOf.visitors).toBe('des visiteurs');
    expect(funnelCopy.funnel.noShare('Contacts', 'Visiteurs')).toMatch(/^« Contacts » compte plus que « Visiteurs »/);
  });

  it('are left out of the API per origin where the contacts outnumber the counted visitors', () => {
    const row = { channel: 'direct', source: null, campaign: null, signUps: 0, callsBooked: 0, qualified: 0 };
    const { sources } = presentSourceFunnel(
      [
        { ...row, visitors: 1, contacts: 4 },
        { ...row, visitors: 10, contacts: 3 },
      ] as never,
      false,
    );
    expect(sources.map((source) => source.conversionRate)).toEqual([null, 30]);
  });
});
