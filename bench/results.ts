/**
 * The shape of bench/results.json, the figures behind bench/RESULTS.md: the run's machine and options,
 * and one field per phase, stamped with when it was measured (a partial run keeps the other phases'
 * figures from the previous one).
 */
import type { MachineInfo } from './lib/machine.ts';
import type { PagesResult } from './pages.ts';
import type { LeadsResult } from './leads.ts';
import type { AdminResult } from './admin.ts';
import type { LoginResult } from './login.ts';
import type { LoginFloodResult } from './login-flood.ts';
import type { BundleResult } from './bundle.ts';
import type { AnalyticsBenchResult } from './analytics.ts';
import type { ImportBenchResult } from './import.ts';
import type { ExportsResult } from './exports.ts';
import type { TagsResult } from './tags.ts';
import type { EmailsResult } from './emails.ts';
import type { ContactResult } from './contact.ts';
import type { BookingBenchResult } from './booking.ts';
import type { BookingPagesResult } from './booking-pages.ts';
import type { VisitsBenchResult } from './visits.ts';
import type { NewsletterBenchResult } from './newsletter.ts';
import type { SequencesBenchResult } from './sequences.ts';
import type { BillingBenchResult } from './billing.ts';
import type { PaymentsBenchResult } from './payments.ts';

export type Stamped<T> = T & { at: string };

/** Each phase's figures, by their field in results.json (the phase's name is in bench/phases/). */
export interface PhaseResults {
  pages: PagesResult;
  leads: LeadsResult;
  admin: AdminResult;
  login: LoginResult;
  loginFlood: LoginFloodResult;
  bundle: { sizes: BundleResult[] };
  analytics: AnalyticsBenchResult;
  importCsv: ImportBenchResult;
  exports: ExportsResult;
  tags: TagsResult;
  emails: EmailsResult;
  contact: ContactResult;
  booking: BookingBenchResult;
  bookingPages: BookingPagesResult;
  visits: VisitsBenchResult;
  newsletter: NewsletterBenchResult;
  sequences: SequencesBenchResult;
  billing: BillingBenchResult;
  payments: PaymentsBenchResult;
}

export type BenchResults = { [K in keyof PhaseResults]?: Stamped<PhaseResults[K]> } & {
  machine: MachineInfo;
  options: { sizes: number[]; runs: number; durationS: number; quick: boolean };
  phasesRun: string[];
  durationS?: number;
  /** 1-minute load average at the start and end of each phase (the machine is shared). */
  loadAverages?: Record<string, [number, number]>;
  /** Phases that failed in the last run, with their error. */
  errors?: Record<string, string>;
  siteBuild?: { builtNow: boolean; ms: number; at: string; error?: string };
};
