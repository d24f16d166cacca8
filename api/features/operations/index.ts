/**
 * Operations: scheduled and on-demand backups (and the control socket the CLI talks to), database
 * upkeep, the periodic housekeeping of shared tables, and the mail settings screen.
 */
export { backupStats } from './backup-stats.ts';
export { scheduleMaintenance } from './maintenance.ts';
export { askRunningServer, isServerRunning, refuseWhileServerRuns, runningServerPid, serverHoldsDatabaseMessage, ServerAlreadyRunningError, startControlSocket } from './backup-control.ts';
export type { ControlHandler, Reply as ControlReply } from './backup-control.ts';
export { whyNotABackup } from './backup-check.ts';
export { makePrivate, pgToolConnection, preparePrivateFolder } from './pg-tools.ts';
