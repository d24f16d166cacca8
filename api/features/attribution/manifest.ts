/** What attribution contributes to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { FeatureManifest } from '../../platform/feature.ts';
import { adminVisitsRouter } from './routes.ts';
import { saltRotationCron } from './upkeep-job.ts';
import { createVisitCounter, type VisitCounter } from './counter.ts';

export const attributionFeature = {
  name: 'attribution',
  uses: [],
  adminRouters: (base) => [adminVisitsRouter(base)],
  // The counter writes in batches (decision 111): whoever stops the app calls `visits.stop()` before
  // closing the database (the server below, the tests' harness).
  appContext: (deps) => ({ visits: createVisitCounter(deps) }),
  site: (_deps, context) => ({ onPageServed: context.visits.onPageServed }),
  crons: [saltRotationCron],
  server: { start: async ({ context }) => ({ requestsDone: () => context.visits.stop() }) },
} satisfies FeatureManifest;

declare module 'koa' {
  interface DefaultContext {
    /** The visits counted in memory, written in batches (decision 111). */
    visits: VisitCounter;
  }
}
