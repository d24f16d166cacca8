import type { CamtMessage } from './contract/index.ts';

export interface CamtTransaction {
  /** The bank's own reference of this transaction: unique per account, the duplicate key. */
  acctSvcrRef: string;
  /** Position of the entry in the file (1-based), for messages. */
  entryIndex: number;
  amountCents: number;
  currency: string;
  direction: 'credit' | 'debit';
  /** The entry cancels an earlier one; its direction is the opposite of the one it cancels. */
  reversal: boolean;
  /** YYYY-MM-DD. */
  bookingDate: string;
  /** QR reference (27 digits) or creditor reference (RF…), spaces removed; null when the payer gave none. */
  reference: string | null;
  /** The other party: who paid (credit) or who was paid (debit); personal data. */
  counterpartyName: string | null;
  /** True when the entry held several transactions (a batch booking). */
  batch: boolean;
}

export interface CamtReading {
  message: CamtMessage;
  /** Two digits: '04' … '08'. */
  version: string;
  messageId: string | null;
  /** The account the file reports on (IBAN), when given. */
  iban: string | null;
  /** Booked entries read. */
  entries: number;
  /** Entries present but not booked (pending or information only). */
  notBooked: number;
  transactions: CamtTransaction[];
}

export type CamtErrorReason = 'empty' | 'unreadable' | 'not-camt' | 'unsupported-version' | 'invalid-entry';

export class CamtError extends Error {
  readonly reason: CamtErrorReason;
  constructor(reason: CamtErrorReason, message: string) {
    super(message);
    this.name = 'CamtError';
    this.reason = reason;
  }
}

export const CAMT_VERSIONS = ['04', '05', '06', '07', '08'] as const;

/**
 * "1234.50" → 123450. Digits only, at most two decimals (the currencies on a Swiss account have two);
 * anything else is refused, never rounded.
 */
export function decimalToCents(value: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const units = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return units * 100 + fraction;
}
