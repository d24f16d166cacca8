/**
 * The `astro build` that `npm start` may run gets the environment without the server's
 * secrets (SESSION_SECRET, DATABASE_URL, and anything that looks like a credential).
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSite, siteBuildEnvironment } from '../../api/cli/build-site.ts';

const saved = { ...process.env };
const dirs: string[] = [];
afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the site build environment', () => {
  it('drops the session secret, the database URLs and credentials, and keeps the rest', () => {
    const env = siteBuildEnvironment({
      PATH: '/usr/bin',
      HOME: '/home/site',
      PUBLIC_SITE_URL: 'https://innercircle.example.ch',
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'postgres://app:motdepasse@db/innercircle',
      TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1/test',
      PGPASSWORD: 'motdepasse',
      SMTP_URL: 'smtp://user:pass@mail.example.ch',
      GITHUB_TOKEN: 'ghp_x',
      AWS_SECRET_ACCESS_KEY: 'aws',
    });
    expect(env).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/site',
      PUBLIC_SITE_URL: 'https://innercircle.example.ch',
      NODE_ENV: 'production',
      ASTRO_TELEMETRY_DISABLED: '1',
    });
  });

  it('runs the build command with that environment', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'site-build-env-'));
    dirs.push(dir);
    const dist = path.join(dir, 'dist');
    mkdirSync(dist);
    // Stands in for node_modules/.bin/astro only to show what environment the build command receives.
    const recorder = path.join(dir, 'astro');
    writeFileSync(recorder, `#!/bin/sh\nenv > "${dir}/env.txt"\n`);
    chmodSync(recorder, 0o755);
    process.env.SESSION_SECRET = 's'.repeat(40);
    process.env.DATABASE_URL = 'postgres://app:motdepasse@db/innercircle';
    process.env.PUBLIC_SITE_URL = 'https://innercircle.example.ch';

    buildSite(dist, { astro: recorder });

    const seen = readFileSync(path.join(dir, 'env.txt'), 'utf8');
    expect(seen).toMatch(/^PUBLIC_SITE_URL=https:\/\/innercircle\.example\.ch$/m);
    expect(seen).toMatch(/^ASTRO_TELEMETRY_DISABLED=1$/m);
    expect(seen).not.toMatch(/^SESSION_SECRET=/m);
    expect(seen).not.toMatch(/^DATABASE_URL=/m);
    expect(seen).not.toContain('motdepasse');
  });
});
