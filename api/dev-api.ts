/** The API alone (no site build), for `npm run dev`: Astro's dev server serves the pages. */
import { loadConfigOrExit } from './platform/config.ts';
import { startServer } from './server.ts';

const running = await startServer(loadConfigOrExit());
process.stdout.write(`API prête sur ${running.url}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void running.stop().then(() => process.exit(0)));
}
