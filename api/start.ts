/** `npm start`: build the site if stale, migrate, serve site + API from one process. */
import { loadConfigOrExit } from './platform/config.ts';

// The configuration is checked before the server's modules load: a bad variable ends the process
// with its one line at once, not after the whole server (and its libraries) has been imported.
const config = loadConfigOrExit();
const { ensureSiteBuilt } = await import('./cli/build-site.ts');
const { startServer } = await import('./server.ts');
const { writeAfterLog } = await import('./platform/logger.ts');
const { ServerAlreadyRunningError } = await import('./features/operations/index.ts');
const { DataDirectoryInUseError } = await import('./platform/data-dir-lock.ts');
const { checkEmailContentOrExit, describeMailDelivery } = await import('./jobs.ts');
checkEmailContentOrExit();
ensureSiteBuilt(config.siteDistDir);
const running = await startServer(config).catch((error: unknown) => {
  if (!(error instanceof ServerAlreadyRunningError) && !(error instanceof DataDirectoryInUseError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
// `npm start` execs this process (package.json), so a supervisor's signal to npm reaches it. A Ctrl-C
// signals the whole process group and npm forwards it once more: the stop starts on the first signal
// and later ones are ignored rather than killing the process mid-drain (decision 096). The handlers are
// in place before the ready line is written: a harness that stops the server as soon as it reads that
// line finds them, not the default action that ends the process at once.
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        running.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

running.logger.info({ url: running.url, database: config.databaseUrl ? 'postgresql' : 'pglite' }, 'listening');
// Test harnesses read this line to learn the port when PORT=0, then the setup code logged before it:
// it goes through the log's stream so it never overtakes that line.
writeAfterLog(running.logger, `Serveur prêt sur ${running.url}\n`);
writeAfterLog(running.logger, `${describeMailDelivery(config)}\n`);
