/**
 * The phases of `npm run bench`, in the order they run and appear in bench/RESULTS.md (decision 140).
 * A phase hosted by another (login and bundle, on the admin phase's seeded server) runs inside it.
 */
import type { BenchPhase } from '../phase.ts';
import { pagesPhase } from './pages.ts';
import { leadsPhase } from './leads.ts';
import { adminPhase } from './admin.ts';
import { loginPhase } from './login.ts';
import { loginFloodPhase } from './login-flood.ts';
import { bundlePhase } from './bundle.ts';
import { analyticsPhase } from './analytics.ts';
import { importPhase } from './import.ts';
import { exportsPhase } from './exports.ts';
import { tagsPhase } from './tags.ts';
import { emailsPhase } from './emails.ts';
import { contactPhase } from './contact.ts';
import { bookingPhase } from './booking.ts';
import { bookingPagesPhase } from './booking-pages.ts';
import { visitsPhase } from './visits.ts';
import { newsletterPhase } from './newsletter.ts';
import { sequencesPhase } from './sequences.ts';
import { billingPhase } from './billing.ts';
import { paymentsPhase } from './payments.ts';

export const PHASES: readonly BenchPhase[] = [
  pagesPhase,
  leadsPhase,
  adminPhase,
  loginPhase,
  loginFloodPhase,
  bundlePhase,
  analyticsPhase,
  importPhase,
  exportsPhase,
  tagsPhase,
  emailsPhase,
  contactPhase,
  bookingPhase,
  bookingPagesPhase,
  visitsPhase,
  newsletterPhase,
  sequencesPhase,
  billingPhase,
  paymentsPhase,
];

/** The phases that need PostgreSQL: all but the pages (Lighthouse on the built site) and billing (in this process). */
export const WITHOUT_DATABASE = new Set(['pages', 'billing']);
