import path from 'node:path';
import { ensureSiteBuilt } from '../../api/cli/build-site.ts';
import { prepareTemplateDataDir, removeDataDir, TEMPLATE_ENV } from './server.ts';

/**
 * Builds dist/ once (only when stale) so every worker's `npm start` serves the production build, then
 * prepares the migrated template every test server starts from (decision 100). Workers inherit the
 * environment, hence the template's path in it. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => void> {
  ensureSiteBuilt(path.resolve(import.meta.dirname, '..', '..', 'dist'));
  const template = await prepareTemplateDataDir();
  process.env[TEMPLATE_ENV] = template;
  return () => removeDataDir(template);
}
