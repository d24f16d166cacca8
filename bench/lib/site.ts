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
  /** Set when the build failed and a previous build was used instead. */
  error?: string;
}

export async function snapshotSite(): Promise<SiteSnapshot> {
  const dist = path.join(ROOT, 'dist');
  return withLock('site build', async () => {
    const stale = isSiteStale(dist);
    if (stale) log('building the site (dist/ is stale)…');
    let buildMs = 0;
    try {
      buildMs = (await timed(async () => ensureSiteBuilt(dist, log))).ms;
    } catch (error) {
      // Someone's work in progress may not build: the API phases can still run on the last good build.
      const fallback = existsSync(path.join(SITE_SNAPSHOT, 'index.html')) ? SITE_SNAPSHOT : existsSync(path.join(dist, 'index.html')) ? dist : undefined;
      if (!fallback) throw error;
      log(`site build failed (${(error as Error).message}); using the previous build in ${path.relative(ROOT, fallback)}`);
      if (fallback === dist) copySnapshot(dist);
      return { dir: SITE_SNAPSHOT, builtNow: false, buildMs: 0, error: (error as Error).message };
    }
    copySnapshot(dist);
    return { dir: SITE_SNAPSHOT, builtNow: stale, buildMs };
  });
}

function copySnapshot(dist: string): void {
  rmSync(SITE_SNAPSHOT, { recursive: true, force: true });
  cpSync(dist, SITE_SNAPSHOT, { recursive: true });
  const stamp = path.join(SITE_SNAPSHOT, '.build-stamp');
  if (!existsSync(stamp)) writeFileSync(stamp, 'bench snapshot');
  const future = new Date('2100-01-01T00:00:00Z');
  utimesSync(stamp, future, future);
}
