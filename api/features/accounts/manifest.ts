/** What accounts contribute to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { FeatureManifest } from '../../platform/feature.ts';
import { argon2Cost } from '../../platform/lib/passwords.ts';
import { authRouter } from './auth-routes.ts';
import { accountRouter } from './account-routes.ts';
import { passkeyRouter } from './factors/passkey-routes.ts';
import { adminUsersRouter } from './users-routes.ts';
import { adminAuditRouter } from './audit-routes.ts';
import { secondStepRouter } from './factors/second-step-routes.ts';
import { enrolmentRouter } from './factors/enrolment-routes.ts';
import { announceSetupCode, createSetupCode, type SetupCode } from './setup-code.ts';
import { adminCreateControlHandler } from './command-line-admin.ts';

export const accountsFeature = {
  name: 'accounts',
  uses: [],
  routers: () => [authRouter(), secondStepRouter(), enrolmentRouter(), passkeyRouter(), accountRouter()],
  adminRouters: (base) => [adminAuditRouter(base), adminUsersRouter(base)],
  appContext: ({ config }) => ({ setupCode: createSetupCode(config) }),
  // `npm run admin:create` beside a running server asks it to create the account (decision 125).
  controlHandlers: ({ config, knex }) => ({ '/admin-create': adminCreateControlHandler(knex, argon2Cost(config.passwordHashCost)) }),
  // In production with no account yet, the setup code goes to the log.
  server: { start: async ({ knex, logger, context }) => void (await announceSetupCode(knex, logger, context.setupCode)) },
} satisfies FeatureManifest;

declare module 'koa' {
  interface DefaultContext {
    setupCode: SetupCode;
  }
}
