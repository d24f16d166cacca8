import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Structured JSON logs. Secrets and personal data never reach a log line: request logs carry only
 * method, path, status and timing (never the query string or the body), these paths are redacted
 * wherever an object is logged, and a logged database error loses the fields where PostgreSQL quotes
 * row values (`detail`: "Key (lower(email))=(…) already exists"). tests/api/harness.ts scans every
 * line every API test writes for emails and phone numbers (tests/support/log-scan.ts).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    redact: {
      paths: [
        'password',
        '*.password',
        'passwordHash',
        '*.passwordHash',
        'sess',
        'sid',
        '*.sid',
        'cookie',
        '*.cookie',
        'headers.cookie',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        // Personal data, wherever an object carrying it is logged.
        'email',
        '*.email',
        'phone',
        '*.phone',
        'firstName',
        '*.firstName',
        'lastName',
        '*.lastName',
        'toAddress',
        '*.toAddress',
        'confirmEmail',
        '*.confirmEmail',
      ],
      censor: '[masqué]',
    },
    serializers: { err: errorWithoutRowValues },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Writes a plain line to the log's own destination, after every line logged before it. pino's default
 * destination writes asynchronously while `process.stdout.write` to a pipe is synchronous: a line
 * printed with the latter can overtake log lines, and a script that reads the setup code once it sees
 * « Serveur prêt » found no code (a flaky browser test on a loaded machine).
 */
export function writeAfterLog(logger: Logger, text: string): void {
  const stream = (logger as unknown as Record<symbol, { write(text: string): unknown } | undefined>)[pino.symbols.streamSym];
  if (stream) stream.write(text);
  else process.stdout.write(text);
}

/** pino's error serializer, minus what quotes row values or bound parameters. */
function errorWithoutRowValues(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== 'object') return serialized;
  const { detail: _detail, parameters: _parameters, where: _where, ...rest } = serialized;
  return rest;
}

export type { Logger };
