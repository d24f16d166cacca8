import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Structured JSON logs. Secrets never reach a log line: request logs carry only method, path,
 * status and timing, and these paths are redacted wherever an object is logged.
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
      ],
      censor: '[masqué]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
