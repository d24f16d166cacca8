/** What Paramètres shows of e-mail sending: the SMTP host only (the URL may carry a password), the sender. */
export function presentMailSettings(input: { smtpUrl: string | undefined; sender: { name?: string; address: string }; notifyEmails: string[] | undefined }) {
  let smtpHost: string | null = null;
  if (input.smtpUrl) {
    const url = new URL(input.smtpUrl);
    smtpHost = url.port ? `${url.hostname}:${url.port}` : url.hostname;
  }
  return {
    smtpConfigured: input.smtpUrl !== undefined,
    smtpHost,
    senderName: input.sender.name ?? null,
    senderAddress: input.sender.address,
    /** `null`: team alerts go to every active administrator. */
    notifyEmails: input.notifyEmails ?? null,
  };
}
export type MailSettingsJson = ReturnType<typeof presentMailSettings>;
