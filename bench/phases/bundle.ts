/**
 * The admin dashboard in Chromium (bench/bundle.ts): its JS and CSS, and the time until the newest
 * contact and the exact total are on screen, at each size the admin phase seeds (it runs this phase).
 */
import { benchBundle, type BundleResult } from '../bundle.ts';
import type { AdminContext } from '../admin.ts';
import { KB, kb, ms, num, rowsLabel, sizes3, table, whatWouldReachIt, type Target } from '../lib/report-format.ts';
import { definePhase, type PhaseContext } from '../phase.ts';

export const bundlePhase = definePhase({
  name: 'bundle',
  key: 'bundle',
  hostedBy: 'admin',
  targets: (bundle) => bundleTargets(bundle.sizes),
  report: (bundle, measured) => bundleSection(bundle.sizes, measured),
  whatWouldReach: (miss, bundles, results) => {
    const fix = whatWouldReachIt;
    const target = miss.target;
    if (miss.area === 'Admin dashboard') {
      const bundle = bundles.sizes.at(-1)!;
      if (target.startsWith('JS'))
        return fix('load every screen but the dashboard with `React.lazy` (the Headless UI components with them) and keep the dashboard chunk free of forms and their zod schemas.');
      const stats = results.admin?.sizes.find((size) => size.rows === bundle.rows)?.dashboard.find((item) => item.id === 'stats-leads');
      const plan = stats?.plans[0];
      return (
        (stats && plan
          ? ` \`GET /api/admin/stats/leads\` takes p50 ${ms(stats.p50Ms)} at ${num(bundle.rows)} contacts (${plan.scans.join(' + ')}, ${ms(plan.executionMs)}): \`leadStats\` already reads each figure from its own index range scan or from the counters, so the figures are not what the screen waits for.`
          : '') +
        fix(
          `the cold visit waits for the slowest of the dashboard's parallel API calls listed above, each on a connection the pool opens for it (knex pool \`min: 0\`) and on pages PostgreSQL has not cached yet (the warm figure is the same screen a second time). Re-run on a quiet machine (the morning run at 09ff093 met it); if the cold figure stays above 1 s, keep two connections open from the start (\`pool.min\` in api/platform/db.ts).`,
        )
      );
    }
    return '';
  },
});

/** Runs inside the admin phase at each of its sizes; `bundles` gathers the sizes measured so far. */
export function measureBundle(context: PhaseContext, size: AdminContext, bundles: BundleResult[]): Promise<void> {
  return context.runHosted('bundle', async () => {
    bundles.push(await benchBundle({ url: size.serverUrl, databaseUrl: size.databaseUrl, rows: size.rows, runs: context.quick ? 2 : 5 }));
    context.results.bundle = { sizes: bundles, at: context.stamp };
  });
}

function bundleTargets(bundles: BundleResult[]): Target[] {
  const largest = bundles.at(-1);
  if (!largest) return [];
  const chunks = largest.chunks
    .slice(0, 6)
    .map((chunk) => `${chunk.path} ${kb(chunk.gzip)}`)
    .join(', ');
  const slowApi = largest.cold[0]?.apiRequests
    .slice()
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((request) => `${request.path} ${ms(request.ms)}`)
    .join(', ');
  return [
    {
      area: 'Admin dashboard',
      target: 'JS < 120 kB gzip',
      measured: `${kb(largest.js.gzip)} gzip (${largest.js.count} files)`,
      met: largest.js.count > 0 ? largest.js.gzip < 120 * KB : undefined,
      why: `Largest chunks: ${chunks}.`,
    },
    {
      area: 'Admin dashboard',
      target: `data visible < 1 s after navigation (${rowsLabel(largest.rows)} contacts)`,
      measured: largest.error ? `failed: ${largest.error}` : `${ms(largest.coldMedianMs)} cold, ${ms(largest.warmMedianMs)} warm`,
      met: largest.error ? false : largest.coldMedianMs < 1000,
      why: `DOMContentLoaded ${ms(largest.cold[0]?.domContentLoadedMs ?? Number.NaN)}; slowest API calls: ${slowApi ?? '—'}.`,
    },
  ];
}

function bundleSection(bundles: BundleResult[], measured: string): string[] {
  if (!bundles.length) return [];
  const out: string[] = [];
  out.push(`## 5. Admin dashboard in Chromium ${measured}`);
  out.push('');
  out.push(
    'Signed in, `/admin` opened in a fresh browser context (cold: empty cache) then reloaded in the same context (warm). "Data visible": time from navigation start until both the newest contact\'s email and the exact contact total are on screen (requestAnimationFrame polling).',
  );
  out.push('');
  out.push(
    table(
      ['Contacts', 'JS (raw / gzip / brotli)', 'CSS (raw / gzip / brotli)', 'Data visible, cold (median)', 'Data visible, warm (median)', 'Cold runs', 'Total on screen'],
      bundles.map((bundle) => [
        num(bundle.rows),
        `${sizes3(bundle.js)} (${bundle.js.count} files)`,
        sizes3(bundle.css),
        bundle.error ? `failed: ${bundle.error}` : ms(bundle.coldMedianMs),
        ms(bundle.warmMedianMs),
        bundle.cold.map((item) => Math.round(item.dataVisibleMs)).join(', '),
        bundle.cold.every((item) => item.totalVisible) ? 'yes' : 'not found',
      ]),
    ),
  );
  out.push('');
  const last = bundles.at(-1)!;
  out.push(`Chunks at ${rowsLabel(last.rows)} (gzip): ${last.chunks.map((chunk) => `${chunk.path} ${kb(chunk.gzip)}`).join(', ') || '—'}.`);
  out.push('');
  if (last.cold[0]) out.push(`API calls of the first cold load: ${last.cold[0].apiRequests.map((request) => `${request.path} ${ms(request.ms)}`).join(', ')}.`);
  out.push('');
  return out;
}
