/**
 * The bank's camt.054 (debit/credit notification) and camt.053 (statement) files, read into one flat
 * list of transactions. Pure: no database, no I/O. XML is fast-xml-parser's (well-formedness checked by
 * its validator first, so a truncated file is refused instead of half read); this module only knows the
 * ISO 20022 paths and the Swiss Payment Standards' use of them
 * (docs/decisions/132-bank-files-read-with-fast-xml-parser.md):
 * - versions 04 to 08 of both messages (the paths read here are the same in all of them, except the
 *   debtor's name: `Dbtr/Nm` up to 07's predecessors, `Dbtr/Pty/Nm` since 08; both are read);
 * - every `Ntry` with its `CdtDbtInd`, `RvslInd`, `BookgDt` and status; entries that are not booked
 *   (`PDNG`, `INFO`) are counted but give no transaction;
 * - a batch entry gives one transaction per `NtryDtls/TxDtls`, each with its own amount; an entry
 *   without details, or with one, gives one transaction carrying the entry's amount when the details
 *   have none;
 * - amounts are decimal strings turned into integer centimes, never through a float;
 * - the reference is `RmtInf/Strd/CdtrRefInf/Ref` (QR reference or ISO 11649 RF…), spaces removed;
 * - the bank's reference of a transaction is its `Refs/AcctSvcrRef`, else the entry's `AcctSvcrRef`
 *   (followed by `#n` for the n-th transaction of a batch), so that reading the same file twice gives
 *   the same references: they are what makes an import idempotent.
 * Every refusal is a {@link CamtError} whose French message names the problem.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export type CamtMessage = 'camt.053' | 'camt.054';

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

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:(camt\.05[34])\.001\.(\d{2})$/;

/** Elements that may repeat: always arrays, so one entry and ten thousand are read the same way. */
const REPEATED = new Set(['Ntfctn', 'Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Strd', 'Ustrd']);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

type Node = Record<string, unknown>;

function node(value: unknown): Node | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
}

function list(value: unknown): Node[] {
  if (Array.isArray(value)) return value.map((item) => node(item) ?? {});
  const one = node(value);
  return one ? [one] : [];
}

/** The text of an element, whether it had attributes (`#text`) or not. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  const withAttributes = node(value);
  if (withAttributes && typeof withAttributes['#text'] === 'string') return text(withAttributes['#text']);
  return null;
}

function at(start: unknown, ...path: string[]): unknown {
  let current: unknown = start;
  for (const step of path) {
    const here = Array.isArray(current) ? current[0] : current;
    const object = node(here);
    if (!object) return undefined;
    current = object[step];
  }
  return current;
}

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

/** The namespace of the root `Document`, read from the text itself: the parser drops `xmlns`. */
function rootNamespace(xml: string): string | null {
  const root = /<(?:([A-Za-z_][\w.-]*):)?Document\b([^>]*)>/.exec(xml);
  if (!root) return null;
  const prefix = root[1];
  const attribute = new RegExp(`\\bxmlns${prefix ? `:${prefix.replace(/[.-]/g, '\\$&')}` : ''}\\s*=\\s*(["'])(.*?)\\1`);
  return attribute.exec(root[2] ?? '')?.[2] ?? null;
}

function entryError(index: number, problem: string): CamtError {
  return new CamtError('invalid-entry', `Écriture ${index} du fichier : ${problem}`);
}

function isoDate(value: string | null): string | null {
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return match ? match[1]! : null;
}

function normaliseReference(value: string | null): string | null {
  if (!value) return null;
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact === '' ? null : compact;
}

function amountOf(element: unknown, where: string, entryIndex: number): { cents: number; currency: string } {
  const raw = text(element);
  if (raw === null) throw entryError(entryIndex, `montant absent (${where}).`);
  const cents = decimalToCents(raw);
  if (cents === null) throw entryError(entryIndex, `montant « ${raw.slice(0, 40)} » illisible (${where}).`);
  const currency = (node(element)?.['@Ccy'] as string | undefined)?.trim();
  if (!currency || !/^[A-Z]{3}$/.test(currency)) throw entryError(entryIndex, `devise absente ou invalide (${where}).`);
  return { cents, currency };
}

function direction(value: unknown, entryIndex: number): 'credit' | 'debit' {
  const raw = text(value);
  if (raw === 'CRDT') return 'credit';
  if (raw === 'DBIT') return 'debit';
  throw entryError(entryIndex, `sens (CdtDbtInd) « ${raw ?? ''} » inconnu : CRDT ou DBIT attendu.`);
}

function referenceOf(tx: Node): string | null {
  for (const structured of list(at(tx, 'RmtInf', 'Strd'))) {
    const reference = normaliseReference(text(at(structured, 'CdtrRefInf', 'Ref')));
    if (reference) return reference;
  }
  return null;
}

function counterpartyOf(tx: Node, side: 'credit' | 'debit'): string | null {
  const party = at(tx, 'RltdPties', side === 'credit' ? 'Dbtr' : 'Cdtr');
  // Up to version 07 the name is `Dbtr/Nm`; version 08 wraps the party: `Dbtr/Pty/Nm`.
  return text(at(party, 'Pty', 'Nm')) ?? text(at(party, 'Nm'));
}

/**
 * Reads a camt.054 or camt.053 file (as text). Throws {@link CamtError} for an empty, malformed,
 * foreign or unsupported file, or for an entry that lacks what a payment needs.
 */
export function readCamt(xml: string): CamtReading {
  if (xml.trim() === '') throw new CamtError('empty', 'Le fichier est vide.');
  if (/<!DOCTYPE/i.test(xml.slice(0, 4096))) {
    throw new CamtError('unreadable', 'Le fichier contient une déclaration DOCTYPE : un relevé camt n’en a pas, il est refusé.');
  }
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    throw new CamtError('unreadable', `Le fichier n’est pas un XML lisible (ligne ${validation.err.line}, colonne ${validation.err.col}).`);
  }
  const namespace = rootNamespace(xml);
  const match = namespace ? NAMESPACE.exec(namespace) : null;
  if (!match) {
    throw new CamtError(
      'not-camt',
      namespace
        ? `Le fichier n’est pas un relevé camt.054 ou camt.053 (espace de noms « ${namespace.slice(0, 120)} »).`
        : 'Le fichier n’est pas un relevé camt.054 ou camt.053 (aucun élément Document avec son espace de noms ISO 20022).',
    );
  }
  const message = match[1] as CamtMessage;
  const version = match[2]!;
  if (!(CAMT_VERSIONS as readonly string[]).includes(version)) {
    throw new CamtError('unsupported-version', `La version ${version} de ${message} n’est pas prise en charge (versions ${CAMT_VERSIONS.join(', ')}).`);
  }

  const document = node(node(parser.parse(xml))?.['Document']);
  const body = node(document?.[message === 'camt.054' ? 'BkToCstmrDbtCdtNtfctn' : 'BkToCstmrStmt']);
  if (!body) {
    throw new CamtError('not-camt', `Le fichier ${message} n’a pas d’élément ${message === 'camt.054' ? 'BkToCstmrDbtCdtNtfctn' : 'BkToCstmrStmt'}.`);
  }
  const reports = list(body[message === 'camt.054' ? 'Ntfctn' : 'Stmt']);
  const reading: CamtReading = {
    message,
    version,
    messageId: text(at(body, 'GrpHdr', 'MsgId')),
    iban: normaliseReference(text(at(reports[0], 'Acct', 'Id', 'IBAN'))),
    entries: 0,
    notBooked: 0,
    transactions: [],
  };

  let entryIndex = 0;
  for (const report of reports) {
    for (const entry of list(report['Ntry'])) {
      entryIndex += 1;
      // Version 04 writes the status as a code (`<Sts>BOOK</Sts>`), later ones as `<Sts><Cd>BOOK</Cd></Sts>`.
      const status = text(at(entry, 'Sts', 'Cd')) ?? text(entry['Sts']) ?? 'BOOK';
      if (status !== 'BOOK') {
        reading.notBooked += 1;
        continue;
      }
      reading.entries += 1;
      const entryAmount = amountOf(entry['Amt'], 'Ntry/Amt', entryIndex);
      const entryDirection = direction(entry['CdtDbtInd'], entryIndex);
      const reversal = text(entry['RvslInd'])?.toLowerCase() === 'true';
      const bookingDate = isoDate(text(at(entry, 'BookgDt', 'Dt')) ?? text(at(entry, 'BookgDt', 'DtTm')));
      if (!bookingDate) throw entryError(entryIndex, 'date de comptabilisation (BookgDt) absente.');
      const entryRef = text(entry['AcctSvcrRef']);

      const details = list(entry['NtryDtls']).flatMap((group) => list(group['TxDtls']));
      const batch = details.length > 1;
      const transactions = details.length === 0 ? [{}] : details;
      transactions.forEach((tx, position) => {
        const own = text(at(tx, 'Refs', 'AcctSvcrRef'));
        const acctSvcrRef = own ?? (entryRef ? (batch ? `${entryRef}#${position + 1}` : entryRef) : null);
        if (!acctSvcrRef) throw entryError(entryIndex, 'référence de la banque (AcctSvcrRef) absente : le paiement ne pourrait pas être reconnu s’il était importé deux fois.');
        const amount =
          tx['Amt'] !== undefined
            ? amountOf(tx['Amt'], 'TxDtls/Amt', entryIndex)
            : at(tx, 'AmtDtls', 'TxAmt', 'Amt') !== undefined
              ? amountOf(at(tx, 'AmtDtls', 'TxAmt', 'Amt'), 'TxDtls/AmtDtls/TxAmt/Amt', entryIndex)
              : batch
                ? (() => {
                    throw entryError(entryIndex, `montant absent pour la transaction ${position + 1} d’une écriture groupée.`);
                  })()
                : entryAmount;
        const txDirection = tx['CdtDbtInd'] !== undefined ? direction(tx['CdtDbtInd'], entryIndex) : entryDirection;
        reading.transactions.push({
          acctSvcrRef,
          entryIndex,
          amountCents: amount.cents,
          currency: amount.currency,
          direction: txDirection,
          reversal,
          bookingDate,
          reference: referenceOf(tx),
          counterpartyName: counterpartyOf(tx, txDirection === 'credit' ? 'credit' : 'debit'),
          batch,
        });
      });
    }
  }
  return reading;
}
