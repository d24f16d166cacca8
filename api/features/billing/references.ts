/**
 * Payment references printed on the QR-bill and read back from the bank's files
 * (docs/decisions/128-qr-bill-library-and-references.md). With a QR-IBAN the reference must be a QR
 * reference (27 digits, the last one the recursive modulo-10 check digit); with an ordinary IBAN it is an
 * ISO 11649 creditor reference (`RF` + two check digits + up to 21 characters). Both are made from the
 * invoice number, which is unique, so each reference is too.
 */
import { calculateQRReferenceChecksum, calculateSCORReferenceChecksum } from 'swissqrbill/utils';
import { isQrIban } from './contract/index.ts';

/** `2027-0001` → the digits `20270001`. */
function numberDigits(year: number, sequence: number): string {
  return `${year}${String(sequence).padStart(6, '0')}`;
}

/** 26 digits (zeros first, then year and sequence) and the check digit. */
export function qrReference(year: number, sequence: number): string {
  const body = numberDigits(year, sequence).padStart(26, '0');
  return body + calculateQRReferenceChecksum(body);
}

/** `RF` + check digits + year and sequence. */
export function creditorReference(year: number, sequence: number): string {
  const body = numberDigits(year, sequence);
  return `RF${calculateSCORReferenceChecksum(body)}${body}`;
}

/** The reference an invoice paid into `iban` carries. */
export function referenceFor(iban: string, year: number, sequence: number): string {
  return isQrIban(iban) ? qrReference(year, sequence) : creditorReference(year, sequence);
}
