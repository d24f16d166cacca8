import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../api/platform/config.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('loadConfig', () => {
  it('defaults to the embedded database on port 3000', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/innercircle-config-test' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('names the variable when DATABASE_URL is not a postgres URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/db' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/db' })).toThrow(/DATABASE_URL/);
  });

  it('requires SESSION_SECRET of 32 characters in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'court' })).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://innercircle.example.ch' }).isProduction).toBe(true);
  });

  it('refuses TRUST_PROXY=true with TRUSTED_PROXY_COUNT below 1 (the client would choose its own IP)', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true', TRUSTED_PROXY_COUNT: '0' })).toThrow('Configuration invalide : TRUSTED_PROXY_COUNT — doit valoir au moins 1 quand TRUST_PROXY=true');
    expect(loadConfig({ TRUST_PROXY: 'true', TRUSTED_PROXY_COUNT: '2' }).trustedProxyCount).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false', TRUSTED_PROXY_COUNT: '0' }).trustProxy).toBe(false);
  });

  it('bounds password hashing to 2 computations at once by default', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/innercircle-config-test' });
    expect(config.passwordHashConcurrency).toBe(2);
    expect(config.passwordHashQueue).toBe(8);
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASH_CONCURRENCY/);
  });

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('reads the shutdown grace period in seconds, 5 by default, and names the variable when it is not a number', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/innercircle-config-test' }).shutdownGraceMs).toBe(5000);
    expect(loadConfig({ DATA_DIR: '/tmp/innercircle-config-test', SHUTDOWN_GRACE_SECONDS: '0' }).shutdownGraceMs).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: 'bientôt' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '-1' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
  });

  it('takes a send job again after 300 s by default, never sooner than 30 s', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/innercircle-config-test' }).mail.sendExpireSeconds).toBe(300);
    expect(loadConfig({ DATA_DIR: '/tmp/innercircle-config-test', EMAIL_SEND_EXPIRE_SECONDS: '30' }).mail.sendExpireSeconds).toBe(30);
    expect(() => loadConfig({ EMAIL_SEND_EXPIRE_SECONDS: '29' })).toThrow('Configuration invalide : EMAIL_SEND_EXPIRE_SECONDS — un nombre entier de secondes entre 30 et 3600 est attendu');
  });

  it('requires a second factor in production only, unless MFA_REQUIRED says otherwise', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://innercircle.example.ch', DATA_DIR: '/tmp/innercircle-config-test' };
    expect(loadConfig({ ...secret, NODE_ENV: 'production' }).mfaRequired).toBe(true);
    expect(loadConfig({ ...secret, NODE_ENV: 'production', MFA_REQUIRED: 'false' }).mfaRequired).toBe(false);
    expect(loadConfig({ DATA_DIR: '/tmp/innercircle-config-test' }).mfaRequired).toBe(false);
    expect(loadConfig({ DATA_DIR: '/tmp/innercircle-config-test', MFA_REQUIRED: 'true' }).mfaRequired).toBe(true);
  });

  it('keeps the access log at least a year', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/innercircle-config-test' }).accessLogRetentionDays).toBe(730);
    expect(() => loadConfig({ ACCESS_LOG_RETENTION_DAYS: '364' })).toThrow('Configuration invalide : ACCESS_LOG_RETENTION_DAYS — le journal des accès est gardé au moins 365 jours');
  });
});

/** `npm start` with this environment only. start.ts imports the whole server before reading the config: slow on a loaded machine. */
const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['api/start.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: '/tmp/innercircle-config-test', ...env },
    encoding: 'utf8',
    timeout: 90_000,
  });

describe('npm start with bad configuration', { timeout: 120_000 }, () => {
  it('exits non-zero with one line naming DATABASE_URL', () => {
    const result = run({ DATABASE_URL: 'pas-une-url' });
    expect(result.status).not.toBe(0);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration invalide : DATABASE_URL/);
  });

  it('exits 78 with one line when TRUST_PROXY=true and TRUSTED_PROXY_COUNT=0', () => {
    const result = run({ TRUST_PROXY: 'true', TRUSTED_PROXY_COUNT: '0' });
    expect(result.status).toBe(78);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Configuration invalide : TRUSTED_PROXY_COUNT/)]);
  });

  it('exits non-zero with one line when SESSION_SECRET is missing in production', () => {
    const result = run({ NODE_ENV: 'production' });
    expect(result.status).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Configuration invalide : SESSION_SECRET/)]);
  });
});

describe('e-mail configuration', () => {
  const base = { DATA_DIR: '/tmp/innercircle-config-test' };

  it('defaults to .eml files under DATA_DIR/mail, reminders 1440 and 60 minutes before, workers on', () => {
    const config = loadConfig(base);
    expect(config.mail).toMatchObject({
      smtpUrl: undefined,
      fileDir: '/tmp/innercircle-config-test/mail',
      from: undefined,
      notifyEmails: undefined,
      reminderOffsets: [1440, 60],
      workers: true,
    });
  });

  it('reads SMTP_URL, MAIL_FROM, NOTIFY_EMAIL, WEBINAR_REMINDERS and WORKERS', () => {
    const config = loadConfig({
      ...base,
      SMTP_URL: 'smtps://user:secret@smtp.example.ch:465',
      MAIL_FROM: 'Clairval <bonjour@clairval.ch>',
      NOTIFY_EMAIL: 'a@clairval.ch, b@clairval.ch',
      WEBINAR_REMINDERS: '60, 2880,60',
      WORKERS: 'off',
    });
    expect(config.mail).toMatchObject({
      smtpUrl: 'smtps://user:secret@smtp.example.ch:465',
      from: { name: 'Clairval', address: 'bonjour@clairval.ch' },
      notifyEmails: ['a@clairval.ch', 'b@clairval.ch'],
      reminderOffsets: [2880, 60],
      workers: false,
    });
  });

  it.each([
    ['SMTP_URL', 'http://smtp.example.ch'],
    ['SMTP_URL', 'pas une url'],
    ['MAIL_FROM', 'Clairval'],
    ['NOTIFY_EMAIL', 'a@clairval.ch, pas-une-adresse'],
    ['WEBINAR_REMINDERS', '1 jour'],
    ['WEBINAR_REMINDERS', '60,0'],
    ['WORKERS', 'peut-être'],
    ['BACKUP_SCHEDULE', 'tous les jours'],
    ['BACKUP_SCHEDULE', '61 2 * * *'],
    ['BACKUP_SCHEDULE', '0 30 2 * * *'],
    ['BACKUP_KEEP', '0'],
    ['BACKUP_KEEP', 'quatorze'],
  ])('names %s when it is %j', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(`^Configuration invalide : ${name} — `));
  });

  it('backs up daily at 02:30 (Swiss time) keeping 14 files by default; BACKUP_SCHEDULE=off turns it off', () => {
    expect(loadConfig(base).backup).toEqual({ schedule: '30 2 * * *', keep: 14, folder: path.join(base.DATA_DIR, 'backups') });
    expect(loadConfig({ ...base, BACKUP_SCHEDULE: '0 */6 * * 1-5', BACKUP_KEEP: '30' }).backup).toMatchObject({ schedule: '0 */6 * * 1-5', keep: 30 });
    expect(loadConfig({ ...base, BACKUP_SCHEDULE: 'off' }).backup.schedule).toBeUndefined();
  });

  it('requires PUBLIC_URL in production, except on an ephemeral port (PORT=0) where links use the bound address', () => {
    const production = { ...base, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(/^Configuration invalide : PUBLIC_URL/);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://innercircle.example.ch/' }).publicUrl).toBe('https://innercircle.example.ch');
    expect(loadConfig({ ...production, PORT: '0' }).publicUrl).toBeUndefined();
  });
});

describe('npm start with bad e-mail configuration', { timeout: 120_000 }, () => {
  it('exits 78 with one line naming SMTP_URL', () => {
    const result = run({ SMTP_URL: 'smtp//oubli' });
    expect(result.status).toBe(78);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Configuration invalide : SMTP_URL — /)]);
  });

  it('exits 78 with one line naming BACKUP_KEEP', () => {
    const result = run({ BACKUP_KEEP: '-1' });
    expect(result.status).toBe(78);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Configuration invalide : BACKUP_KEEP — /)]);
  });

  it('exits 78 with one line when PUBLIC_URL is missing in production', () => {
    const result = run({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PORT: '3999' });
    expect(result.status).toBe(78);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Configuration invalide : PUBLIC_URL/)]);
  });
});

describe('password hashing cost (decision 093)', () => {
  const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://innercircle.example.ch', DATA_DIR: '/tmp/innercircle-config-test' };

  it("defaults to production's 64 MiB and 2 passes, and reads a smaller cost outside production", () => {
    expect(loadConfig({ DATA_DIR: '/tmp/innercircle-config-test' }).passwordHashCost).toEqual({ memoryKib: 65_536, passes: 2 });
    expect(loadConfig(production).passwordHashCost).toEqual({ memoryKib: 65_536, passes: 2 });
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/innercircle-config-test', PASSWORD_HASH_MEMORY_KIB: '64', PASSWORD_HASH_PASSES: '1' }).passwordHashCost).toEqual({
      memoryKib: 64,
      passes: 1,
    });
    expect(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: '4' })).toThrow(/^Configuration invalide : PASSWORD_HASH_MEMORY_KIB/);
    expect(() => loadConfig({ PASSWORD_HASH_PASSES: 'deux' })).toThrow(/^Configuration invalide : PASSWORD_HASH_PASSES/);
  });

  it("refuses in production a cost below OWASP's minimum for Argon2id (19 MiB, 2 passes), naming the variable", () => {
    expect(() => loadConfig({ ...production, PASSWORD_HASH_MEMORY_KIB: '19455' })).toThrow('Configuration invalide : PASSWORD_HASH_MEMORY_KIB — au moins 19456 (19 Mio) en production');
    expect(() => loadConfig({ ...production, PASSWORD_HASH_PASSES: '1' })).toThrow('Configuration invalide : PASSWORD_HASH_PASSES — au moins 2 en production');
    expect(loadConfig({ ...production, PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_PASSES: '2' }).passwordHashCost).toEqual({ memoryKib: 19_456, passes: 2 });
  });
});

describe('npm start in production with a cheap password hash', { timeout: 120_000 }, () => {
  it('exits 78 with one line naming PASSWORD_HASH_MEMORY_KIB', () => {
    const result = run({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PORT: '0', PASSWORD_HASH_MEMORY_KIB: '64' });
    expect(result.status).toBe(78);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Configuration invalide : PASSWORD_HASH_MEMORY_KIB/)]);
  });

  it('exits 78 with one line naming PASSWORD_HASH_PASSES', () => {
    const result = run({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PORT: '0', PASSWORD_HASH_PASSES: '1' });
    expect(result.status).toBe(78);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Configuration invalide : PASSWORD_HASH_PASSES/)]);
  });
});
