/**
 * `{base}/settings/mail`: the read-only facts of e-mail sending shown in Paramètres —
 * whether SMTP is configured, to which host, and the sender. Never the SMTP URL itself (it may hold a password).
 */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import { requireAdmin } from '../../platform/http/auth.ts';
import { loadSender } from '../../platform/mail/content.ts';
import { presentMailSettings } from './contract/index.ts';

export function adminSettingsRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/settings/mail', requireAdmin, async (ctx) => {
    const mail = ctx.config.mail;
    const content = loadSender();
    ctx.body = presentMailSettings({
      smtpUrl: mail.smtpUrl,
      sender: mail.from ?? {
        name: content.senderName,
        address: content.senderAddress,
      },
      notifyEmails: mail.notifyEmails,
    });
  });

  return router;
}
