/**
 * Personal data in log lines (decision 064): every API test's log lines are scanned when its app closes
 * (tests/api/harness.ts), so any test whose requests make the app log an email address or a phone
 * number in clear fails, whatever it was testing.
 */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
/** Swiss-style numbers as the tests type them: +41 79 123 45 67, +41791234567, 079 123 45 67. */
const PHONE = /(?<![\w-])(?:\+41|0\d{2})[\s\d]{7,12}\d(?![\w-])/;

export function personalDataIn(lines: string[]): string[] {
  return lines.filter((line) => EMAIL.test(line) || PHONE.test(line));
}

export function assertNoPersonalDataInLogs(lines: string[]): void {
  const found = personalDataIn(lines);
  if (found.length === 0) return;
  const sample = found[0]!.slice(0, 400);
  throw new Error(`${found.length} log line(s) carry an email or a phone number in clear, e.g.: ${sample}`);
}
