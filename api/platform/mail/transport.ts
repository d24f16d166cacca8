/**
 * Delivery with nodemailer: over SMTP when SMTP_URL is set, otherwise each message is written as an
 * `.eml` file (the exact bytes SMTP would carry) under DATA_DIR/mail/, so the whole product works with
 * no configuration and every message can be opened in a mail client.
 */
import { mkdirSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from './config.ts';
import type { Attachment } from './kinds.ts';

export interface OutgoingMessage {
  /** Used to name the .eml file and as a stable Message-ID. */
  emailId: number;
  from: { name?: string; address: string };
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: Attachment[];
  /** Host part of the Message-ID (the public site's host). */
  host: string;
  /** Extra headers (List-Unsubscribe on newsletter e-mails). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  kind: 'smtp' | 'file';
  /** Where messages go, for the start-up line (never a password). */
  describe(): string;
  send(message: OutgoingMessage): Promise<{ messageId: string }>;
  close(): void;
}

function mailOptions(message: OutgoingMessage) {
  // An invitation goes as iMIP (RFC 6047): nodemailer's icalEvent puts the text/calendar part with its
  // METHOD inside multipart/alternative and also attaches the same file, for the clients that read only
  // attachments (docs/decisions/121-invitations-sent-as-imip.md). One invitation per message at most.
  const invitation = message.attachments.find((attachment) => attachment.method);
  const attachments = message.attachments.filter((attachment) => attachment !== invitation);
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    // Stable per row: a retried message keeps its Message-ID, so receiving servers can tell a duplicate.
    messageId: `<email-${message.emailId}@${message.host}>`,
    // `encoding` goes along: a PDF is queued as base64 text and must leave as its bytes (an invoice, an offer).
    attachments: attachments.map(({ filename, content, contentType, encoding }) => ({ filename, content, contentType, ...(encoding ? { encoding } : {}) })),
    ...(invitation ? { icalEvent: { method: invitation.method, filename: invitation.filename, content: invitation.content } } : {}),
    headers: message.headers ?? {},
  };
}

export function createMailTransport(config: MailConfig): MailTransport {
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    const transporter = nodemailer.createTransport({
      url: config.smtpUrl,
      // A few connections kept open and reused: one TCP + TLS + EHLO per message would cap the rate.
      pool: true,
      maxConnections: 5,
      maxMessages: 100,
      // Fail fast and let the queue retry: a dead server must not hold a worker for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as never);
    return {
      kind: 'smtp',
      describe: () => `${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 25)}`,
      async send(message) {
        const info = await transporter.sendMail(mailOptions(message));
        return { messageId: String(info.messageId) };
      },
      close: () => transporter.close(),
    };
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    describe: () => config.fileDir,
    async send(message) {
      const info = await transporter.sendMail(mailOptions(message));
      mkdirSync(config.fileDir, { recursive: true });
      const file = path.join(config.fileDir, `${String(message.emailId).padStart(6, '0')}.eml`);
      // Written then renamed: a reader never sees half a message.
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
      return { messageId: String(info.messageId) };
    },
    close: () => undefined,
  };
}
