/** Where a visit comes from and its device class (decision 111): the rules of api/features/attribution/classify.ts. */
import { describe, expect, it } from 'vitest';
import { createHmac, createSecretKey } from 'node:crypto';
import { browserDevice, classifyVisit, deviceClass, REFERRER_TABLE_VERSION } from '../../api/features/attribution/classify.ts';
import { swissDay, visitorHash } from '../../api/features/attribution/salts.ts';
import { ConfigError, loadConfig } from '../../api/platform/config.ts';

const own = new Set(['clairval.ch']);

describe('visit sources', () => {
  it('reads the versioned table of referring domains', () => {
    expect(REFERRER_TABLE_VERSION).toBeGreaterThanOrEqual(1);
  });

  it('prefers UTM parameters, lower-cased and cut to 100 characters, with the channel of the medium or of a known source', () => {
    expect(classifyVisit({ utm_source: ' LinkedIn ', utm_medium: 'Social', utm_campaign: 'Printemps' }, 'https://www.google.ch/', own)).toEqual({
      channel: 'social',
      source: 'linkedin',
      medium: 'social',
      campaign: 'printemps',
      referrer: 'google.ch',
      internal: false,
    });
    expect(classifyVisit({ utm_source: 'google' }, undefined, own).channel).toBe('search');
    expect(classifyVisit({ utm_source: 'podcast-xy' }, undefined, own).channel).toBe('referral');
    expect(classifyVisit({ ref: 'conference' }, undefined, own)).toMatchObject({ channel: 'referral', source: 'conference' });
    expect(classifyVisit({ utm_source: ['a', 'b'] }, undefined, own).source).toBe('a');
    expect(classifyVisit({ utm_campaign: 'x'.repeat(300) }, undefined, own).campaign).toHaveLength(100);
  });

  it('classifies referring domains, the most specific first, and never the site itself', () => {
    expect(classifyVisit({}, 'https://mail.google.com/mail/u/0/', own)).toMatchObject({ channel: 'email', source: 'gmail' });
    expect(classifyVisit({}, 'https://www.google.com/search?q=x', own)).toMatchObject({ channel: 'search', source: 'google', referrer: 'google.com' });
    expect(classifyVisit({}, 'https://m.facebook.com/', own)).toMatchObject({ channel: 'social', source: 'facebook', referrer: 'm.facebook.com' });
    expect(classifyVisit({}, 'android-app://com.linkedin.android/', own)).toMatchObject({ channel: 'social', source: 'linkedin' });
    expect(classifyVisit({}, 'https://notgoogle.com/', own)).toMatchObject({ channel: 'referral', source: 'notgoogle.com' });
    expect(classifyVisit({}, 'pas une adresse', own)).toMatchObject({ channel: 'direct', source: '', internal: false });
    expect(classifyVisit({}, undefined, own)).toMatchObject({ channel: 'direct', internal: false });
    expect(classifyVisit({}, 'https://www.clairval.ch/webinaire', own)).toMatchObject({ channel: 'direct', referrer: '', internal: true });
    expect(classifyVisit({ utm_source: 'emails' }, 'https://clairval.ch/', own)).toMatchObject({ source: 'emails', referrer: '', internal: false });
  });

  it('tells phones, tablets and computers apart by a few words of the User-Agent', () => {
    expect(deviceClass('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148 Safari/604.1')).toBe('mobile');
    expect(deviceClass('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36')).toBe('mobile');
    expect(deviceClass('Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/131.0 Safari/537.36')).toBe('tablet');
    expect(deviceClass('Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) Mobile/15E148 Safari/604.1')).toBe('tablet');
    expect(deviceClass('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36')).toBe('desktop');
    expect(deviceClass('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/17.6 Safari/605.1.15')).toBe('desktop');
  });
});

describe('VISITS_FLUSH_SECONDS', () => {
  const base = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/innercircle-visits-config' } as const;

  it('writes every 5 seconds by default, and takes a whole number of seconds from 1 to 3600', () => {
    expect(loadConfig(base).visitsFlushMs).toBe(5000);
    expect(loadConfig({ ...base, VISITS_FLUSH_SECONDS: '30' }).visitsFlushMs).toBe(30_000);
    for (const wrong of ['0', '3601', '2.5', 'souvent']) {
      expect(() => loadConfig({ ...base, VISITS_FLUSH_SECONDS: wrong })).toThrow(
        new ConfigError('Configuration invalide : VISITS_FLUSH_SECONDS — un nombre entier de secondes entre 1 et 3600 est attendu'),
      );
    }
  });

  it('tells bots from browsers and their device class, the same on every ask', () => {
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148 Safari/604.1';
    for (let ask = 0; ask < 2; ask += 1) {
      expect(browserDevice(phone)).toBe('mobile');
      expect(browserDevice('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBeNull();
      expect(browserDevice('curl/8.5.0')).toBeNull();
    }
  });

  it('hashes a visitor as HMAC-SHA256 keyed with the salt of the day, whatever form the key is held in', () => {
    const salt = Buffer.alloc(32, 7);
    const expected = createHmac('sha256', salt).update('10.0.0.1\nMozilla/5.0\nclairval.ch').digest('base64url').slice(0, 22);
    expect(visitorHash(createSecretKey(salt), '10.0.0.1', 'Mozilla/5.0', 'clairval.ch')).toBe(expected);
    expect(visitorHash(createSecretKey(salt), '10.0.0.2', 'Mozilla/5.0', 'clairval.ch')).not.toBe(expected);
  });

  it('gives the Swiss day, also across midnight and a clock going back', () => {
    expect(swissDay(new Date('2026-11-25T22:59:59Z'))).toBe('2026-11-25');
    expect(swissDay(new Date('2026-11-25T23:00:00Z'))).toBe('2026-11-26');
    expect(swissDay(new Date('2026-11-25T22:59:00Z'))).toBe('2026-11-25');
    expect(swissDay(new Date('2027-07-01T21:59:59Z'))).toBe('2027-07-01');
    expect(swissDay(new Date('2027-07-01T22:00:00Z'))).toBe('2027-07-02');
  });
});
