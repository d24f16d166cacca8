/**
 * The booking page's gzip body made from two parts compressed once and each visit's bytes between them
 * (api/platform/http/spliced-gzip.ts, decision 126): any gzip decoder reads back the whole page, and the
 * `gzip` command checks its CRC and length.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { prepareSplicedPage, splicedGzip } from '../../api/platform/http/spliced-gzip.ts';

describe('splicedGzip', () => {
  it('gives back before + middle + after, for any middle, and is smaller than the page', () => {
    const slot = (index: number) => `<li><label class="booking-slot"><input type="radio" name="start" value="2026-12-0${index % 9}T0${index % 10}:00:00.000Z">${index} h 00</label></li>`;
    const before = `<!doctype html><html lang="fr"><head><title>Réserver un appel</title></head><body><form>${Array.from({ length: 300 }, (_, index) => slot(index)).join('')}<input name="idempotencyKey" value="`;
    const after = `"><button>Réserver l’appel</button></form><p>Heure suisse — à bientôt</p></body></html>`;
    const page = prepareSplicedPage(before, after);
    for (const middle of [randomUUID(), randomUUID(), '', 'é'.repeat(1000)]) {
      const body = splicedGzip(page, middle);
      expect(gunzipSync(body).toString('utf8')).toBe(before + middle + after);
      const checked = spawnSync('gzip', ['-t'], { input: body });
      expect(checked.status, checked.stderr.toString()).toBe(0);
      expect(body.length).toBeLessThan(Buffer.byteLength(before + middle + after) / 5);
    }
  });
});
