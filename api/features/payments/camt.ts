/**
 * The bank's camt.054 (debit/credit notification) and camt.053 (statement) files, read into one flat
 * list of transactions. Pure: no database, no I/O. XML is read by saxes, a streaming parser that
 * refuses a malformed or truncated file with its line and column (so it is never half read) and builds
 * no document tree: this module keeps only the fields below as the elements go by
 * (docs/decisions/132-bank-files-read-with-saxes.md):
 * - versions 04 to 08 of both messages (the paths read here are the same in all of them, except the
 *   debtor's name: `Dbtr/Nm` up to 07, `Dbtr/Pty/Nm` since 08; both are read);
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
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { CAMT_VERSIONS, CamtError, decimalToCents, type CamtReading, type CamtTransaction } from './camt-reading.ts';
import type { CamtMessage } from './contract/index.ts';

export { CamtError, CAMT_VERSIONS, decimalToCents } from './camt-reading.ts';
export type { CamtErrorReason, CamtReading, CamtTransaction } from './camt-reading.ts';
export type { CamtMessage };

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:(camt\.05[34])\.001\.(\d{2})$/;

function entryError(index: number, problem: string): CamtError {
  return new CamtError('invalid-entry', `Écriture ${index} du fichier : ${problem}`);
}

function normaliseReference(value: string | null): string | null {
  if (!value) return null;
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact === '' ? null : compact;
}

interface Amount {
  text: string;
  currency: string | null;
}

/** What one `TxDtls` says, as read. */
interface RawTransaction {
  acctSvcrRef: string | null;
  amount: Amount | null;
  detailsAmount: Amount | null;
  direction: string | null;
  reference: string | null;
  debtorName: string | null;
  creditorName: string | null;
}

/** What one `Ntry` says, as read. */
interface RawEntry {
  amount: Amount | null;
  direction: string | null;
  reversal: string | null;
  status: string | null;
  bookingDate: string | null;
  acctSvcrRef: string | null;
  transactions: RawTransaction[];
}

const BODIES: Record<CamtMessage, { body: string; report: string }> = {
  'camt.054': { body: 'BkToCstmrDbtCdtNtfctn', report: 'Ntfctn' },
  'camt.053': { body: 'BkToCstmrStmt', report: 'Stmt' },
};

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

function amountOf(amount: Amount | null, where: string, entryIndex: number): { cents: number; currency: string } {
  const raw = amount?.text.trim() ?? '';
  if (raw === '') throw entryError(entryIndex, `montant absent (${where}).`);
  const cents = decimalToCents(raw);
  if (cents === null) throw entryError(entryIndex, `montant « ${raw.slice(0, 40)} » illisible (${where}).`);
  const currency = amount?.currency?.trim();
  if (!currency || !/^[A-Z]{3}$/.test(currency)) throw entryError(entryIndex, `devise absente ou invalide (${where}).`);
  return { cents, currency };
}

function direction(raw: string | null, entryIndex: number): 'credit' | 'debit' {
  if (raw === 'CRDT') return 'credit';
  if (raw === 'DBIT') return 'debit';
  throw entryError(entryIndex, `sens (CdtDbtInd) « ${raw ?? ''} » inconnu : CRDT ou DBIT attendu.`);
}

/** One booked entry's transactions, in the file's order. */
function transactionsOf(entry: RawEntry, entryIndex: number): CamtTransaction[] {
  const entryAmount = amountOf(entry.amount, 'Ntry/Amt', entryIndex);
  const entryDirection = direction(entry.direction, entryIndex);
  const reversal = entry.reversal?.toLowerCase() === 'true';
  const bookingDate = /^(\d{4}-\d{2}-\d{2})/.exec(entry.bookingDate ?? '')?.[1];
  if (!bookingDate) throw entryError(entryIndex, 'date de comptabilisation (BookgDt) absente.');
  const batch = entry.transactions.length > 1;
  const details: Array<RawTransaction | null> = entry.transactions.length === 0 ? [null] : entry.transactions;
  return details.map((tx, position) => {
    const acctSvcrRef = tx?.acctSvcrRef ?? (entry.acctSvcrRef ? (batch ? `${entry.acctSvcrRef}#${position + 1}` : entry.acctSvcrRef) : null);
    if (!acctSvcrRef) throw entryError(entryIndex, 'référence de la banque (AcctSvcrRef) absente : le paiement ne pourrait pas être reconnu s’il était importé deux fois.');
    let amount = entryAmount;
    if (tx?.amount) amount = amountOf(tx.amount, 'TxDtls/Amt', entryIndex);
    else if (tx?.detailsAmount) amount = amountOf(tx.detailsAmount, 'TxDtls/AmtDtls/TxAmt/Amt', entryIndex);
    else if (batch) throw entryError(entryIndex, `montant absent pour la transaction ${position + 1} d’une écriture groupée.`);
    const txDirection = tx?.direction ? direction(tx.direction, entryIndex) : entryDirection;
    return {
      acctSvcrRef,
      entryIndex,
      amountCents: amount.cents,
      currency: amount.currency,
      direction: txDirection,
      reversal,
      bookingDate,
      reference: normaliseReference(tx?.reference ?? null),
      counterpartyName: (txDirection === 'credit' ? tx?.debtorName : tx?.creditorName) ?? null,
      batch,
    };
  });
}

function notCamt(namespace: string | null): CamtError {
  return new CamtError(
    'not-camt',
    namespace
      ? `Le fichier n’est pas un relevé camt.054 ou camt.053 (espace de noms « ${namespace.slice(0, 120)} »).`
      : 'Le fichier n’est pas un relevé camt.054 ou camt.053 (aucun élément Document avec son espace de noms ISO 20022).',
  );
}

/**
 * Reads a camt.054 or camt.053 file (as text). Throws {@link CamtError} for an empty, malformed,
 * foreign or unsupported file, or for an entry that lacks what a payment needs.
 */
export function readCamt(xml: string): CamtReading {
  if (xml.trim() === '') throw new CamtError('empty', 'Le fichier est vide.');
  const reading: CamtReading = { message: 'camt.054', version: '', messageId: null, iban: null, entries: 0, notBooked: 0, transactions: [] };
  let names: { body: string; report: string } | null = null;
  let sawBody = false;
  /** Local names of the open elements, the root first. */
  const stack: string[] = [];
  let text = '';
  let entry: RawEntry | null = null;
  let tx: RawTransaction | null = null;
  let pendingCurrency: string | null = null;
  let entryIndex = 0;

  const parser = new SaxesParser({ position: true, xmlns: false });
  parser.on('doctype', () => {
    throw new CamtError('unreadable', 'Le fichier contient une déclaration DOCTYPE : un relevé camt n’en a pas, il est refusé.');
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    const depth = stack.length;
    stack.push(name);
    text = '';
    if (depth === 0) {
      const prefix = tag.name.includes(':') ? tag.name.slice(0, tag.name.indexOf(':')) : '';
      const namespace = name === 'Document' ? (tag.attributes[prefix ? `xmlns:${prefix}` : 'xmlns'] ?? null) : null;
      const match = namespace ? NAMESPACE.exec(namespace) : null;
      if (!match) throw notCamt(namespace);
      reading.message = match[1] as CamtMessage;
      reading.version = match[2]!;
      if (!(CAMT_VERSIONS as readonly string[]).includes(reading.version)) {
        throw new CamtError('unsupported-version', `La version ${reading.version} de ${reading.message} n’est pas prise en charge (versions ${CAMT_VERSIONS.join(', ')}).`);
      }
      names = BODIES[reading.message];
      return;
    }
    if (depth === 1 && name === names!.body) sawBody = true;
    if (name === 'Amt') pendingCurrency = tag.attributes['Ccy'] ?? null;
    if (depth === 3 && name === 'Ntry' && stack[2] === names!.report && sawBody) {
      entryIndex += 1;
      entry = { amount: null, direction: null, reversal: null, status: null, bookingDate: null, acctSvcrRef: null, transactions: [] };
    } else if (entry && depth === 5 && name === 'TxDtls' && stack[4] === 'NtryDtls') {
      tx = { acctSvcrRef: null, amount: null, detailsAmount: null, direction: null, reference: null, debtorName: null, creditorName: null };
      entry.transactions.push(tx);
    }
  });
  parser.on('text', (chunk: string) => {
    text += chunk;
  });
  parser.on('cdata', (chunk: string) => {
    text += chunk;
  });
  parser.on('closetag', () => {
    const depth = stack.length - 1;
    const name = stack[depth]!;
    const value = text.trim() === '' ? null : text.trim();
    text = '';
    if (!names || !sawBody) {
      stack.pop();
      return;
    }
    if (depth === 3 && stack[2] === 'GrpHdr' && name === 'MsgId') reading.messageId = value;
    else if (depth === 5 && stack[2] === names.report && stack[3] === 'Acct' && stack[4] === 'Id' && name === 'IBAN' && reading.iban === null) reading.iban = normaliseReference(value);
    else if (entry && tx && depth >= 6) {
      const path = stack.slice(6).join('/');
      if (path === 'Refs/AcctSvcrRef') tx.acctSvcrRef = value;
      else if (path === 'Amt') tx.amount = { text: value ?? '', currency: pendingCurrency };
      else if (path === 'AmtDtls/TxAmt/Amt') tx.detailsAmount = { text: value ?? '', currency: pendingCurrency };
      else if (path === 'CdtDbtInd') tx.direction = value;
      else if (path === 'RmtInf/Strd/CdtrRefInf/Ref') tx.reference ??= normaliseReference(value);
      else if (path === 'RltdPties/Dbtr/Nm' || path === 'RltdPties/Dbtr/Pty/Nm') tx.debtorName ??= value;
      else if (path === 'RltdPties/Cdtr/Nm' || path === 'RltdPties/Cdtr/Pty/Nm') tx.creditorName ??= value;
    } else if (entry && depth >= 4 && stack[4] !== 'NtryDtls') {
      const path = stack.slice(4).join('/');
      if (path === 'Amt') entry.amount = { text: value ?? '', currency: pendingCurrency };
      else if (path === 'CdtDbtInd') entry.direction = value;
      else if (path === 'RvslInd') entry.reversal = value;
      // Version 04 writes the status as a code (`<Sts>BOOK</Sts>`), later ones as `<Sts><Cd>BOOK</Cd></Sts>`.
      else if (path === 'Sts' || path === 'Sts/Cd') entry.status = value ?? entry.status;
      else if (path === 'BookgDt/Dt' || path === 'BookgDt/DtTm') entry.bookingDate = value;
      else if (path === 'AcctSvcrRef') entry.acctSvcrRef = value;
    } else if (entry && depth === 5 && name === 'TxDtls') {
      tx = null;
    } else if (entry && depth === 3 && name === 'Ntry') {
      if ((entry.status ?? 'BOOK') === 'BOOK') {
        reading.entries += 1;
        for (const transaction of transactionsOf(entry, entryIndex)) reading.transactions.push(transaction);
      } else {
        reading.notBooked += 1;
      }
      entry = null;
    }
    stack.pop();
  });

  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof CamtError) throw error;
    throw new CamtError('unreadable', `Le fichier n’est pas un XML lisible (ligne ${parser.line}, colonne ${parser.column}).`);
  }
  if (!names) throw notCamt(null);
  if (!sawBody) {
    const { body } = BODIES[reading.message];
    throw new CamtError('not-camt', `Le fichier ${reading.message} n’a pas d’élément ${body}.`);
  }
  return reading;
}
