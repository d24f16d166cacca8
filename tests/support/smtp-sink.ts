/**
 * A real SMTP server over TCP for tests and benchmarks (the `smtp-server` package), on a port chosen by
 * the system. Every accepted message is parsed with `mailparser`. It can refuse mail (`refuse()`: 451
 * to every sender), refuse one recipient (`answerRecipient()`: a 550 for good, a 450 for now) or go down
 * and come back on the same port (`down()` / `up()`).
 */
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface ReceivedMail {
  parsed: ParsedMail;
  envelopeTo: string[];
  raw: Buffer;
  receivedAt: number;
  /** When the message's last byte came in, before parsing (the pace of a sender). */
  arrivedAt: number;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves when `predicate` holds for the received messages (polled on each arrival), or rejects after `timeoutMs`. */
  waitFor: (predicate: (messages: ReceivedMail[]) => boolean, timeoutMs?: number) => Promise<ReceivedMail[]>;
  refuse: (on: boolean) => void;
  /** Answers RCPT TO for this address with `code` (e.g. 550: refused for good), or accepts it again (null). */
  answerRecipient: (address: string, code: number | null) => void;
  down: () => Promise<void>;
  up: () => Promise<void>;
  close: () => Promise<void>;
  /** Count only, without parsing (benchmarks). */
  accepted: () => number;
  /** SMTP conversations still open: 0 once every client's last bytes were read (a killed client's too). */
  openConnections: () => number;
}

export async function startSmtpSink(options: { parse?: boolean } = {}): Promise<SmtpSink> {
  const parse = options.parse ?? true;
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refusing = false;
  const recipientAnswers = new Map<string, number>();
  let acceptedCount = 0;

  const createServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onMailFrom(_address, _session, callback) {
        if (refusing) return callback(Object.assign(new Error('Service temporairement indisponible'), { responseCode: 451 }));
        callback();
      },
      onRcptTo(address, _session, callback) {
        const code = recipientAnswers.get(address.address.toLowerCase());
        if (code) return callback(Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Mailbox busy, try again later'), { responseCode: code }));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        // Read now: the session's envelope is reset once the message is accepted.
        const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          const arrivedAt = Date.now();
          const raw = Buffer.concat(chunks);
          acceptedCount += 1;
          callback();
          if (!parse) return notify();
          const parsed = await simpleParser(raw);
          messages.push({ parsed, raw, envelopeTo, receivedAt: Date.now(), arrivedAt });
          notify();
        });
      },
    });

  function notify() {
    for (const waiter of [...waiters]) waiter();
  }

  let server = createServer();
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen(0);
  const port = (server.server.address() as { port: number }).port;

  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    accepted: () => acceptedCount,
    openConnections: () => (server as unknown as { connections: Set<unknown> }).connections.size,
    waitFor(predicate, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (predicate(messages)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(messages);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`SMTP sink: condition not met after ${timeoutMs} ms (${messages.length} messages: ${messages.map((m) => m.parsed.subject).join(' | ')})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    refuse(on) {
      refusing = on;
    },
    answerRecipient(address, code) {
      if (code === null) recipientAnswers.delete(address.toLowerCase());
      else recipientAnswers.set(address.toLowerCase(), code);
    },
    down: close,
    async up() {
      server = createServer();
      await listen(port);
    },
    close,
  };
}

/** Polls an async condition until it holds (no fixed sleep in a test: wait for what you expect). */
export async function waitUntil<T>(probe: () => Promise<T | undefined | false | null>, timeoutMs = 20_000, label = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
