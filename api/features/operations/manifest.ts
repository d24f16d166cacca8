/** What operations contribute to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { FeatureManifest } from '../../platform/feature.ts';
import { adminSettingsRouter } from './settings-routes.ts';
import { backupCron } from './backup-job.ts';
import { databaseUpkeepCron } from './database-upkeep-job.ts';
import { isServerRunning, ServerAlreadyRunningError, startControlSocket } from './backup-control.ts';
import { scheduleMaintenance } from './maintenance.ts';

export const operationsFeature = {
  name: 'operations',
  uses: ['contacts'],
  adminRouters: (base) => [adminSettingsRouter(base)],
  crons: [backupCron, databaseUpkeepCron],
  server: {
    // Two processes on one embedded data directory would corrupt it.
    async beforeOpen(config) {
      if (!config.databaseUrl && (await isServerRunning(config.dataDir))) throw new ServerAlreadyRunningError(config.dataDir);
    },
    async start({ config, knex, logger, controlHandlers }) {
      // The embedded database is single-process: `npm run db:backup` asks this server for its dump
      // (decision 023), and the other features' requests come the same way (decision 125).
      const control = config.databaseUrl ? undefined : await startControlSocket({ dataDir: config.dataDir, knex, logger, handlers: controlHandlers });
      const stopMaintenance = scheduleMaintenance(knex, logger);
      return { draining: stopMaintenance, workersDone: async () => void (await control?.close()) };
    },
  },
} satisfies FeatureManifest;
