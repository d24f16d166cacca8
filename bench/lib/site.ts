/**
 * A private copy of the production build for the whole run. dist/ is shared with other people who
 * rebuild it (under /tmp/e2e.lock); the benchmark builds it if stale and copies it under that lock,
 * then serves the copy, whose build stamp is dated in the future so `npm start` never rebuilds it.
 */
import { cpSync, existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureSiteBuilt, isSiteStale } from '../../api/cli/build-site.ts';
import { withLock } from './lock.ts';
import { ROOT, WORK_DIR, log, timed } from './util.ts';

export const SITE_SNAPSHOT = path.join(WORK_DIR, 'dist');

export interface SiteSnapshot {
  dir: string;
  builtNow: boolean;
  buildMs: number;
}

export async function snapshotSite(): Promise<SiteSnapshot> {
  const dist = path.join(ROOT, 'dist');
  return withLock('site build', async () => {
    const stale = isSiteStale(dist);
    if (stale) log('building the site (dist/ is stale)…');
    const { ms } = await timed(async () => ensureSiteBuilt(dist, log));
    rmSync(SITE_SNAPSHOT, { recursive: true, force: true });
    cpSync(dist, SITE_SNAPSHOT, { recursive: true });
    const stamp = path.join(SITE_SNAPSHOT, '.build-stamp');
    if (!existsSync(stamp)) writeFileSync(stamp, 'bench snapshot');
    const future = new Date('2100-01-01T00:00:00Z');
    utimesSync(stamp, future, future);
    return { dir: SITE_SNAPSHOT, builtNow: stale, buildMs: ms };
  });
}
