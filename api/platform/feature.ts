/**
 * What a feature contributes to the application, declared in one place: its manifest
 * (api/features/<name>/manifest.ts; docs/decisions/136-one-manifest-per-feature.md). The platform knows
 * no feature: api/features/index.ts lists the manifests, and the app (api/app.ts), the server
 * (api/server.ts), the job runner (api/jobs.ts) and the e-mail kinds registry (api/features/email-kinds.ts)
 * loop over that list.
 */
import type Router from '@koa/router';
import type { DefaultContext, Middleware } from 'koa';
import type { ZodRawShape } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db.ts';
import type { Logger } from './logger.ts';
import type { EmailKinds } from './mail/kinds.ts';
import type { PrepareEmails } from './mail/workers.ts';
import type { BackgroundWorker, Cron } from './queue/scheduled.ts';
import type { DynamicRoute, PageFiller, PageServedHook } from './http/static.ts';
import type { SlotSource } from './http/static-slots.ts';

export interface FeatureDeps {
  config: Config;
  knex: Database;
  logger: Logger;
}

/** A request the running server answers on its control socket (`npm run admin:create`…): JSON payload in, a reply out. */
export interface ControlReply {
  status: number;
  body: { file?: string; message?: string; pid?: number; [key: string]: unknown };
}
export type ControlHandler = (payload: unknown) => Promise<ControlReply>;

/** What the static site asks of a feature (api/platform/http/static.ts). */
export interface FeatureSite {
  /** Built page key (`rendez-vous/index.html`, an XML file: `sitemap-0.xml`) → the filler that makes it per visit. */
  fillers?: Record<string, PageFiller>;
  /** Pages with no built file of their own (an issue of the archive, an offer). */
  routes?: DynamicRoute[];
  /** Told of every page served (the visit counter). */
  onPageServed?: PageServedHook;
  /** What fills the pages' next-session slot (one feature gives it). */
  nextSessionSlot?: SlotSource;
}

/** What a feature's server hook leaves for the stop, each step at its moment of the graceful shutdown. */
export interface FeatureStop {
  /** As the drain begins, before the listener closes (a timer that would start new work). */
  draining?: () => void | Promise<void>;
  /** Once no request is left, before the job workers stop (the visits counted since the last batch). */
  requestsDone?: () => Promise<void>;
  /** Once the job workers stopped, before the database closes. */
  workersDone?: () => Promise<void>;
}

export interface FeatureServer {
  /** Before the database opens: throws to refuse the start (two servers on one embedded data directory). */
  beforeOpen?: (config: Config) => Promise<void>;
  /**
   * Once the database is migrated and the app built, before the job workers start and the server
   * listens. `controlHandlers` gathers every feature's (the feature that runs the control socket serves them).
   */
  start?: (deps: FeatureDeps & { context: DefaultContext; controlHandlers: Record<string, ControlHandler> }) => Promise<FeatureStop | void>;
}

export interface FeatureManifest {
  /** The feature's folder under api/features/. */
  name: string;
  /**
   * The features whose index.ts it imports, by folder name: tests/unit/feature-dependencies.test.ts
   * checks it against the real imports, docs/architecture.md and the feature's README.
   */
  uses: readonly string[];
  /** Routers whose routes carry their full path (`/api/leads`, `/api/crm/…`), mounted before the admin ones. */
  routers?: () => Router[];
  /** Routers of the back office, mounted once under each admin base (`/api/admin`, `/api/admin-dev`). */
  adminRouters?: (base: string) => Router[];
  /** Middleware run around every API router (before them, in the list's order). */
  requestHooks?: (deps: FeatureDeps) => Middleware[];
  /** Paths whose rest is a secret (a signed link): the access log writes the prefix alone. */
  secretPathPrefixes?: readonly string[];
  /** What the app's context carries for the feature's routes (its type declared by the feature on koa's DefaultContext). */
  appContext?: (deps: FeatureDeps) => Partial<DefaultContext>;
  /** Its part of the static site, made once the app's context is complete. */
  site?: (deps: FeatureDeps, context: DefaultContext) => FeatureSite;
  /** Its e-mail kinds (api/features/email-kinds.ts gathers them and checks that every kind has one). */
  emailKinds?: Partial<EmailKinds>;
  /** The schema of its sections of the wording file (site/content/emails.yaml). */
  emailWording?: ZodRawShape;
  /** Its `emails-prepare` work, by the `submission` its jobs name (api/platform/mail/workers.ts). */
  emailPreparers?: Record<string, PrepareEmails>;
  crons?: readonly Cron[];
  workers?: readonly BackgroundWorker[];
  /** Requests the running server answers on its control socket, by path. */
  controlHandlers?: (deps: FeatureDeps) => Record<string, ControlHandler>;
  server?: FeatureServer;
}
