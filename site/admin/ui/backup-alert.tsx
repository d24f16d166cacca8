/** The dashboard's warning when the last scheduled backup failed (GET {adminBase}/stats/backups); nothing otherwise. */
import type { BackupStatsJson } from '#contract/analytics';
import { formatDateTime } from '../lib/dates.ts';

export function BackupAlert({ stats }: { stats: BackupStatsJson | undefined }) {
  if (!stats?.failing || !stats.lastFailureAt) return null;
  return (
    <div role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <p className="font-semibold">La dernière sauvegarde automatique a échoué ({formatDateTime(stats.lastFailureAt)}).</p>
      <p className="mt-1">
        {stats.lastSuccessAt ? `Dernière sauvegarde réussie : ${formatDateTime(stats.lastSuccessAt)}.` : 'Aucune sauvegarde automatique n’a encore réussi.'} Le détail figure dans le journal du serveur
        et dans le journal de sécurité (événement backup_failed).
      </p>
    </div>
  );
}
