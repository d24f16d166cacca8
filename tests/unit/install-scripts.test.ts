/**
 * Install scripts run only for the exact package versions someone reviewed. npm matches an
 * `allowScripts` entry like "esbuild@0.28.2" against the lockfile's registry URL of that package, so
 * the lockfile must keep those URLs (.npmrc: omit-lockfile-registry-resolved=false).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { allowScripts: Record<string, boolean> };
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; resolved?: string; hasInstallScript?: boolean }>;
};
const EXACT = /^((?:@[^/@]+\/)?[^@]+)@(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/;

function lockedPackages(name: string) {
  return Object.entries(lock.packages).filter(([location]) => location === `node_modules/${name}` || location.endsWith(`/node_modules/${name}`));
}

describe('allowScripts', () => {
  it('names an exact version in every entry that allows scripts', () => {
    const allowed = Object.entries(manifest.allowScripts).filter(([, allow]) => allow);
    expect(allowed.length).toBeGreaterThan(0);
    for (const [entry] of allowed) expect(entry, entry).toMatch(EXACT);
  });

  it('pins the versions the lockfile installs, with the registry URL npm needs to verify them', () => {
    for (const [entry, allow] of Object.entries(manifest.allowScripts)) {
      if (!allow) continue;
      const [, name, version] = EXACT.exec(entry)!;
      const locked = lockedPackages(name!).filter(([, info]) => info.version === version);
      expect(locked.length, `${entry} is not in package-lock.json`).toBeGreaterThan(0);
      for (const [location, info] of locked) expect(info.resolved, `${location} has no resolved URL`).toMatch(/^https:\/\/registry\.npmjs\.org\//);
    }
  });

  it('covers every locked package that has an install script', () => {
    const allowedExact = new Set(
      Object.entries(manifest.allowScripts)
        .filter(([, allow]) => allow)
        .map(([entry]) => entry),
    );
    const denied = new Set(
      Object.entries(manifest.allowScripts)
        .filter(([, allow]) => !allow)
        .map(([entry]) => entry),
    );
    const uncovered = Object.entries(lock.packages)
      .filter(([location, info]) => location !== '' && info.hasInstallScript)
      .map(([location, info]) => `${location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${info.version}`)
      .filter((id) => !allowedExact.has(id) && !denied.has(id.slice(0, id.lastIndexOf('@'))));
    expect(uncovered).toEqual([]);
  });

  it('keeps registry URLs in the lockfile, whatever the machine-wide npm configuration says', () => {
    expect(readFileSync(path.join(ROOT, '.npmrc'), 'utf8')).toMatch(/^omit-lockfile-registry-resolved=false$/m);
  });
});

describe('package-lock.json installs with `npm ci` on any platform', () => {
  const packages = lock.packages as Record<string, { optionalDependencies?: Record<string, string> }>;
  /** Where Node would find `name` from the package at `location`: its own node_modules, then each parent's. */
  function resolveLocation(location: string, name: string): string | undefined {
    let base = location;
    for (;;) {
      const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (!base) return undefined;
      const parent = base.lastIndexOf('/node_modules/');
      base = parent === -1 ? '' : base.slice(0, parent);
    }
  }

  it('locks every optional dependency, those for other platforms included (npm ci refuses a lock without them)', () => {
    const missing: string[] = [];
    for (const [location, info] of Object.entries(packages)) {
      for (const name of Object.keys(info.optionalDependencies ?? {})) {
        if (!resolveLocation(location, name)) missing.push(`${name} (for ${location || 'the project'})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
