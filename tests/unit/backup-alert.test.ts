/** The dashboard's warning about automatic backups, as the administrator reads it. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { BackupAlert } from '../../site/admin/ui/backup-alert.tsx';
import { formatDateTime } from '../../site/admin/lib/dates.ts';

const text = (stats: Parameters<typeof BackupAlert>[0]['stats']) =>
  renderToStaticMarkup(createElement(BackupAlert, { stats }))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('backup alert on the dashboard', () => {
  test('says nothing while backups succeed, or before the figures load', () => {
    expect(text(undefined)).toBe('');
    expect(text({ lastSuccessAt: '2026-11-23T01:30:00.000Z', lastFailureAt: '2026-11-20T01:30:00.000Z', lastFailureMessage: 'x', failing: false })).toBe('');
  });

  test('warns with the failure time and the last success when the last run failed', () => {
    const shown = text({ lastSuccessAt: '2026-11-21T01:30:00.000Z', lastFailureAt: '2026-11-23T01:30:00.000Z', lastFailureMessage: 'ENOSPC', failing: true });
    expect(shown).toContain(`La dernière sauvegarde automatique a échoué (${formatDateTime('2026-11-23T01:30:00.000Z')}).`);
    expect(shown).toContain(`Dernière sauvegarde réussie : ${formatDateTime('2026-11-21T01:30:00.000Z')}.`);
    expect(renderToStaticMarkup(createElement(BackupAlert, { stats: { lastSuccessAt: null, lastFailureAt: '2026-11-23T01:30:00.000Z', lastFailureMessage: 'ENOSPC', failing: true } }))).toContain(
      'role="alert"',
    );
  });

  test('says when no automatic backup ever succeeded', () => {
    expect(text({ lastSuccessAt: null, lastFailureAt: '2026-11-23T01:30:00.000Z', lastFailureMessage: 'ENOSPC', failing: true })).toContain('Aucune sauvegarde automatique n’a encore réussi.');
  });
});
