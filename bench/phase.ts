/**
 * What a phase of `npm run bench` is (decision 140): its name on the command line, the field of
 * bench/results.json it fills, how it runs, the targets it checks, its section of bench/RESULTS.md and
 * what would reach a target it misses, together. bench/run.ts runs the phases of bench/phases/index.ts in
 * their order and bench/report.ts renders them in the same order: adding a phase is one file in
 * bench/phases/ and one line of that list.
 */
import type { BenchResults, PhaseResults } from './results.ts';
import type { Target } from './lib/report-format.ts';

/** The options of one run (bench/run.ts), as every phase reads them. */
export interface PhaseOptions {
  /** The copy of the built site every server of the run serves (bench/lib/site.ts). */
  siteDistDir: string;
  /** Contact counts for the phases that grow a database. */
  sizes: number[];
  /** Lighthouse runs per page and form factor. */
  runs: number;
  /** Seconds of load per autocannon target. */
  durationS: number;
  /** Fewer samples and shorter loads, for developing the bench. */
  quick: boolean;
  /** The phases asked for (`--only`). */
  only: ReadonlySet<string>;
}

export interface PhaseContext extends PhaseOptions {
  /** The figures of the run so far; a phase may run the phases it hosts into them. */
  results: BenchResults;
  /** When the run started (ISO), each phase's `at`. */
  stamp: string;
  /**
   * Runs a phase this one hosts (login and bundle need the admin phase's seeded server): its errors and
   * load average are recorded under its own name, and the figures saved after it, as for any phase.
   */
  runHosted(name: string, fn: () => Promise<void>): Promise<void>;
}

/** One phase, as the runner and the report see it. */
export interface BenchPhase {
  /** Its name in `--only`, in the load averages and in the errors of results.json. */
  name: string;
  /** The phase whose run runs this one (see `runHosted`); the runner then never runs it on its own. */
  hostedBy?: string;
  run?(context: PhaseContext): Promise<void>;
  /** Its rows of the targets table (none when results.json holds no figures of it). */
  targets(results: BenchResults): Target[];
  /** Its section of RESULTS.md (none when results.json holds no figures of it). */
  report(results: BenchResults): string[];
  /** For one of its missed targets: why, from the measurements, and what would reach it. */
  whatWouldReach?(miss: Target, results: BenchResults): string;
}

type Figures<K extends keyof PhaseResults> = NonNullable<BenchResults[K]>;

/** A phase stated with its own figures: `definePhase` does the lookups in results.json and the stamping. */
export interface PhaseDefinition<K extends keyof PhaseResults> {
  name: string;
  /** The field of results.json it fills. */
  key: K;
  hostedBy?: string;
  /** Resolves to its figures, or to nothing when it ran only to host other phases. */
  run?(context: PhaseContext): Promise<PhaseResults[K] | undefined>;
  targets?(figures: Figures<K>, results: BenchResults): Target[];
  /** `measured` is the section title's parenthesis: `(measured 2026-11-25 07:56, load average …)`. */
  report?(figures: Figures<K>, measured: string, results: BenchResults): string[];
  whatWouldReach?(miss: Target, figures: Figures<K>, results: BenchResults): string;
}

export function definePhase<K extends keyof PhaseResults>(definition: PhaseDefinition<K>): BenchPhase {
  const figures = (results: BenchResults) => results[definition.key] as Figures<K> | undefined;
  const { run } = definition;
  return {
    name: definition.name,
    hostedBy: definition.hostedBy,
    run: run
      ? async (context) => {
          const measured = await run(context);
          if (measured) context.results[definition.key] = { ...measured, at: context.stamp } as BenchResults[K];
        }
      : undefined,
    targets: (results) => {
      const own = figures(results);
      return own && definition.targets ? definition.targets(own, results) : [];
    },
    report: (results) => {
      const own = figures(results);
      return own && definition.report ? definition.report(own, measuredNote(results, definition.name, own.at), results) : [];
    },
    whatWouldReach: (miss, results) => {
      const own = figures(results);
      return own && definition.whatWouldReach ? definition.whatWouldReach(miss, own, results) : '';
    },
  };
}

/** The load average of the shared machine around a phase, as its section's title gives it. */
export function loadNote(results: BenchResults, phase: string): string {
  const load = results.loadAverages?.[phase];
  return load ? `, load average ${load[0]} → ${load[1]} on ${results.machine.cpus} cores` : '';
}

/** `(measured 2026-11-25 07:56, load average 2.3 → 2.76 on 2 cores)` */
export function measuredNote(results: BenchResults, phase: string, at: string): string {
  return `(measured ${at.slice(0, 16).replace('T', ' ')}${loadNote(results, phase)})`;
}
