import path from 'node:path';
import { ensureSiteBuilt } from '../../api/cli/build-site.ts';

/** Builds dist/ once (only when stale) so every worker's `npm start` serves the production build. */
export default function globalSetup(): void {
  ensureSiteBuilt(path.resolve(import.meta.dirname, '..', '..', 'dist'));
}
