/**
 * Writes camt.054 / camt.053 files for the tests and the bench, in version 04 or 08, as the Swiss
 * Payment Standards lay them out: entries with or without details, batch entries (several TxDtls),
 * references (QR or RF) or none, reversals, debits, pending entries. Only what api/features/payments/camt.ts
 * reads and what real files carry around it (group header, account, balances for camt.053).
 */
export type CamtMessageKind = 'camt.053' | 'camt.054';
export type CamtVersion = '04' | '05' | '06' | '07' | '08';

export interface CamtTxSpec {
  amountCents: number;
  reference?: string | null;
  /** The payer for a credit, the payee for a debit. */
  name?: string | null;
  acctSvcrRef?: string | null;
  /** Writes the amount under AmtDtls/TxAmt instead of TxDtls/Amt (both are valid). */
  amountInDetails?: boolean;
  /** Leaves the transaction's amount out (a single entry's transaction then takes the entry's). */
  noAmount?: boolean;
}

export interface CamtEntrySpec {
  direction?: 'credit' | 'debit';
  reversal?: boolean;
  bookingDate?: string;
  acctSvcrRef?: string | null;
  status?: 'BOOK' | 'PDNG' | 'INFO';
  currency?: string;
  /** Overrides the entry's amount (by default the sum of its transactions). */
  amountText?: string;
  /** None: an entry without NtryDtls (then amountCents is the entry's). */
  transactions?: CamtTxSpec[];
  amountCents?: number;
}

export interface CamtFileSpec {
  message?: CamtMessageKind;
  version?: CamtVersion;
  iban?: string;
  messageId?: string;
  entries: CamtEntrySpec[];
}

export function centsToDecimal(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function escape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

let counter = 0;
/** A bank reference unique within the test run. */
export function bankRef(prefix = 'REF'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

function party(version: CamtVersion, role: 'Dbtr' | 'Cdtr', name: string): string {
  const inner = `<Nm>${escape(name)}</Nm>`;
  return Number(version) >= 8 ? `<${role}><Pty>${inner}</Pty></${role}>` : `<${role}>${inner}</${role}>`;
}

function transaction(version: CamtVersion, direction: 'credit' | 'debit', currency: string, tx: CamtTxSpec): string {
  const parts: string[] = ['<TxDtls>'];
  if (tx.acctSvcrRef) parts.push(`<Refs><AcctSvcrRef>${escape(tx.acctSvcrRef)}</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs>`);
  if (!tx.noAmount) {
    const amount = `<Amt Ccy="${currency}">${centsToDecimal(tx.amountCents)}</Amt>`;
    parts.push(tx.amountInDetails ? `<AmtDtls><TxAmt>${amount}</TxAmt></AmtDtls>` : `${amount}<CdtDbtInd>${direction === 'credit' ? 'CRDT' : 'DBIT'}</CdtDbtInd>`);
  }
  if (tx.name) parts.push(`<RltdPties>${party(version, direction === 'credit' ? 'Dbtr' : 'Cdtr', tx.name)}</RltdPties>`);
  if (tx.reference) {
    const type = tx.reference.startsWith('RF') ? '<Cd>SCOR</Cd>' : '<Prtry>QRR</Prtry>';
    parts.push(`<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry>${type}</CdOrPrtry></Tp><Ref>${escape(tx.reference)}</Ref></CdtrRefInf></Strd></RmtInf>`);
  }
  parts.push('</TxDtls>');
  return parts.join('');
}

function entry(version: CamtVersion, spec: CamtEntrySpec): string {
  const direction = spec.direction ?? 'credit';
  const currency = spec.currency ?? 'CHF';
  const transactions = spec.transactions ?? [];
  const amountCents = spec.amountCents ?? transactions.reduce((sum, tx) => sum + tx.amountCents, 0);
  const status = spec.status ?? 'BOOK';
  const date = spec.bookingDate ?? '2027-01-15';
  const parts = [
    '<Ntry>',
    spec.acctSvcrRef === null ? '' : `<NtryRef>${escape(spec.acctSvcrRef ?? 'E')}</NtryRef>`,
    `<Amt Ccy="${currency}">${spec.amountText ?? centsToDecimal(amountCents)}</Amt>`,
    `<CdtDbtInd>${direction === 'credit' ? 'CRDT' : 'DBIT'}</CdtDbtInd>`,
    spec.reversal ? '<RvslInd>true</RvslInd>' : '',
    Number(version) >= 5 ? `<Sts><Cd>${status}</Cd></Sts>` : `<Sts>${status}</Sts>`,
    `<BookgDt><Dt>${date}</Dt></BookgDt>`,
    `<ValDt><Dt>${date}</Dt></ValDt>`,
    spec.acctSvcrRef ? `<AcctSvcrRef>${escape(spec.acctSvcrRef)}</AcctSvcrRef>` : '',
    `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${direction === 'credit' ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>${transactions.length > 1 ? 'BOOK' : 'AUTT'}</SubFmlyCd></Fmly></Domn></BkTxCd>`,
  ];
  if (transactions.length > 0) {
    parts.push(`<NtryDtls>${transactions.length > 1 ? `<Btch><NbOfTxs>${transactions.length}</NbOfTxs></Btch>` : ''}`);
    for (const tx of transactions) parts.push(transaction(version, direction, currency, tx));
    parts.push('</NtryDtls>');
  }
  parts.push('</Ntry>');
  return parts.join('');
}

/** One entry per line: a 10,000-entry file stays readable in a diff and cheap to build. */
export function camtXml(spec: CamtFileSpec): string {
  const message = spec.message ?? 'camt.054';
  const version = spec.version ?? '08';
  const iban = spec.iban ?? 'CH4431999123000889012';
  const body = message === 'camt.054' ? 'BkToCstmrDbtCdtNtfctn' : 'BkToCstmrStmt';
  const report = message === 'camt.054' ? 'Ntfctn' : 'Stmt';
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${message}.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
    `<${body}>`,
    `<GrpHdr><MsgId>${escape(spec.messageId ?? bankRef('MSG'))}</MsgId><CreDtTm>2027-01-15T18:00:00+01:00</CreDtTm></GrpHdr>`,
    `<${report}><Id>${escape(spec.messageId ?? 'R1')}</Id><CreDtTm>2027-01-15T18:00:00+01:00</CreDtTm>`,
    `<Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>CHF</Ccy></Acct>`,
  ];
  if (message === 'camt.053') {
    lines.push('<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="CHF">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2027-01-14</Dt></Dt></Bal>');
  }
  for (const spec_ of spec.entries) lines.push(entry(version, spec_));
  lines.push(`</${report}>`, `</${body}>`, '</Document>');
  return lines.join('\n');
}
