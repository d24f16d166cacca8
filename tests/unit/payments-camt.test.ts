/**
 * The bank's camt.054 and camt.053 files read into transactions (decision 132): both messages in
 * versions 04 and 08, batch entries, entries without reference or details, reversals, debits, pending
 * entries, amounts as exact centimes, and refusals with a French message naming the problem.
 */
import { describe, expect, it } from 'vitest';
import { CamtError, decimalToCents, readCamt } from '../../api/features/payments/camt.ts';
import { camtXml } from '../support/camt.ts';

const QR_REF = '210000000003139471430009017';
const RF_REF = 'RF18539007547034';

function refusal(xml: string): CamtError {
  try {
    readCamt(xml);
  } catch (error) {
    if (error instanceof CamtError) return error;
    throw error;
  }
  throw new Error('the file was read');
}

describe('readCamt', () => {
  for (const message of ['camt.054', 'camt.053'] as const) {
    for (const version of ['04', '08'] as const) {
      it(`reads a ${message} version ${version}: single, batch, no reference, debit and reversal`, () => {
        const xml = camtXml({
          message,
          version,
          iban: 'CH44 3199 9123 0008 8901 2',
          messageId: 'MSG-1',
          entries: [
            { acctSvcrRef: 'E1', bookingDate: '2027-01-15', transactions: [{ amountCents: 125050, reference: QR_REF, name: 'Zoé Müller & Fils', acctSvcrRef: 'T1' }] },
            {
              acctSvcrRef: 'E2',
              transactions: [
                { amountCents: 10000, reference: RF_REF, name: 'Anne Favre', acctSvcrRef: 'T2a' },
                { amountCents: 5, reference: null, name: 'Paul Rey', acctSvcrRef: 'T2b' },
                { amountCents: 99999, reference: '21 00000 00003 13947 14300 09017', acctSvcrRef: 'T2c', amountInDetails: true },
              ],
            },
            { acctSvcrRef: 'E3', amountCents: 4200 },
            { acctSvcrRef: 'E4', direction: 'debit', transactions: [{ amountCents: 30000, name: 'Imprimerie SA', acctSvcrRef: 'T4' }] },
            { acctSvcrRef: 'E5', direction: 'debit', reversal: true, transactions: [{ amountCents: 125050, reference: QR_REF, acctSvcrRef: 'T5' }] },
          ],
        });
        const reading = readCamt(xml);
        expect(reading).toMatchObject({ message, version, messageId: 'MSG-1', iban: 'CH4431999123000889012', entries: 5, notBooked: 0 });
        expect(reading.transactions).toEqual([
          {
            acctSvcrRef: 'T1',
            entryIndex: 1,
            amountCents: 125050,
            currency: 'CHF',
            direction: 'credit',
            reversal: false,
            bookingDate: '2027-01-15',
            reference: QR_REF,
            counterpartyName: 'Zoé Müller & Fils',
            batch: false,
          },
          {
            acctSvcrRef: 'T2a',
            entryIndex: 2,
            amountCents: 10000,
            currency: 'CHF',
            direction: 'credit',
            reversal: false,
            bookingDate: '2027-01-15',
            reference: RF_REF,
            counterpartyName: 'Anne Favre',
            batch: true,
          },
          {
            acctSvcrRef: 'T2b',
            entryIndex: 2,
            amountCents: 5,
            currency: 'CHF',
            direction: 'credit',
            reversal: false,
            bookingDate: '2027-01-15',
            reference: null,
            counterpartyName: 'Paul Rey',
            batch: true,
          },
          {
            acctSvcrRef: 'T2c',
            entryIndex: 2,
            amountCents: 99999,
            currency: 'CHF',
            direction: 'credit',
            reversal: false,
            bookingDate: '2027-01-15',
            reference: QR_REF,
            counterpartyName: null,
            batch: true,
          },
          {
            acctSvcrRef: 'E3',
            entryIndex: 3,
            amountCents: 4200,
            currency: 'CHF',
            direction: 'credit',
            reversal: false,
            bookingDate: '2027-01-15',
            reference: null,
            counterpartyName: null,
            batch: false,
          },
          {
            acctSvcrRef: 'T4',
            entryIndex: 4,
            amountCents: 30000,
            currency: 'CHF',
            direction: 'debit',
            reversal: false,
            bookingDate: '2027-01-15',
            reference: null,
            counterpartyName: 'Imprimerie SA',
            batch: false,
          },
          {
            acctSvcrRef: 'T5',
            entryIndex: 5,
            amountCents: 125050,
            currency: 'CHF',
            direction: 'debit',
            reversal: true,
            bookingDate: '2027-01-15',
            reference: QR_REF,
            counterpartyName: null,
            batch: false,
          },
        ]);
      });
    }
  }

  it('falls back to the entry’s bank reference: as is for a single entry, numbered within a batch', () => {
    const reading = readCamt(
      camtXml({
        entries: [
          { acctSvcrRef: 'SINGLE', transactions: [{ amountCents: 100, noAmount: true }] },
          { acctSvcrRef: 'BATCH', transactions: [{ amountCents: 100 }, { amountCents: 200 }] },
        ],
      }),
    );
    expect(reading.transactions.map((tx) => [tx.acctSvcrRef, tx.amountCents])).toEqual([
      ['SINGLE', 100],
      ['BATCH#1', 100],
      ['BATCH#2', 200],
    ]);
  });

  it('counts pending and information entries without turning them into transactions', () => {
    const reading = readCamt(
      camtXml({
        version: '04',
        entries: [
          { acctSvcrRef: 'P', status: 'PDNG', amountCents: 100 },
          { acctSvcrRef: 'I', status: 'INFO', amountCents: 100 },
          { acctSvcrRef: 'B', amountCents: 300 },
        ],
      }),
    );
    expect(reading).toMatchObject({ entries: 1, notBooked: 2 });
    expect(reading.transactions.map((tx) => tx.acctSvcrRef)).toEqual(['B']);
  });

  it('reads a document whose elements carry a namespace prefix', () => {
    const prefixed = camtXml({ entries: [{ acctSvcrRef: 'X', amountCents: 700 }] })
      .replace('<Document xmlns=', '<doc:Document xmlns:doc=')
      .replace(/<(\/?)(?!\?|doc:Document)([A-Za-z]+)/g, '<$1doc:$2')
      .replace('</Document>', '</doc:Document>');
    expect(prefixed).toContain('<doc:Ntry>');
    expect(readCamt(prefixed).transactions).toMatchObject([{ acctSvcrRef: 'X', amountCents: 700 }]);
  });

  it('keeps the currency of a foreign-currency entry', () => {
    const reading = readCamt(camtXml({ entries: [{ acctSvcrRef: 'EUR1', currency: 'EUR', amountCents: 1999 }] }));
    expect(reading.transactions[0]).toMatchObject({ currency: 'EUR', amountCents: 1999 });
  });

  it('refuses an empty, truncated, foreign or unsupported file with a message naming the problem', () => {
    expect(refusal('  ')).toMatchObject({ reason: 'empty', message: 'Le fichier est vide.' });
    const whole = camtXml({ entries: [{ acctSvcrRef: 'A', amountCents: 100 }] });
    const truncated = refusal(whole.slice(0, whole.length - 40));
    expect(truncated.reason).toBe('unreadable');
    expect(truncated.message).toMatch(/^Le fichier n’est pas un XML lisible \(ligne \d+, colonne \d+\)\.$/);
    expect(refusal('Date;Montant\n2027-01-01;12.50\n').reason).toBe('unreadable');
    const pain = refusal('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>');
    expect(pain).toMatchObject({ reason: 'not-camt', message: 'Le fichier n’est pas un relevé camt.054 ou camt.053 (espace de noms « urn:iso:std:iso:20022:tech:xsd:pain.001.001.09 »).' });
    expect(refusal('<Document><x/></Document>').reason).toBe('not-camt');
    const old = refusal(whole.replace('camt.054.001.08', 'camt.054.001.02'));
    expect(old).toMatchObject({ reason: 'unsupported-version', message: 'La version 02 de camt.054 n’est pas prise en charge (versions 04, 05, 06, 07, 08).' });
    const withDoctype = refusal(whole.replace('<Document', '<!DOCTYPE Document [<!ENTITY x "y">]><Document'));
    expect(withDoctype.reason).toBe('unreadable');
    expect(withDoctype.message).toContain('DOCTYPE');
  });

  it('refuses an entry whose amount, direction, date or bank reference is missing or wrong', () => {
    const base = { acctSvcrRef: 'A', amountCents: 100 };
    expect(refusal(camtXml({ entries: [base, { ...base, amountText: '12,50' }] })).message).toBe('Écriture 2 du fichier : montant « 12,50 » illisible (Ntry/Amt).');
    expect(refusal(camtXml({ entries: [{ ...base, amountText: '1.005' }] })).message).toBe('Écriture 1 du fichier : montant « 1.005 » illisible (Ntry/Amt).');
    expect(refusal(camtXml({ entries: [{ ...base, amountText: '-3.00' }] })).reason).toBe('invalid-entry');
    expect(refusal(camtXml({ entries: [base] }).replace('<CdtDbtInd>CRDT</CdtDbtInd>', '<CdtDbtInd>XX</CdtDbtInd>')).message).toBe(
      'Écriture 1 du fichier : sens (CdtDbtInd) « XX » inconnu : CRDT ou DBIT attendu.',
    );
    expect(refusal(camtXml({ entries: [base] }).replace(/<BookgDt>.*?<\/BookgDt>/, '')).message).toBe('Écriture 1 du fichier : date de comptabilisation (BookgDt) absente.');
    expect(refusal(camtXml({ entries: [{ acctSvcrRef: null, amountCents: 100 }] })).message).toMatch(/^Écriture 1 du fichier : référence de la banque \(AcctSvcrRef\) absente/);
    expect(refusal(camtXml({ entries: [{ acctSvcrRef: 'B', transactions: [{ amountCents: 1 }, { amountCents: 2, noAmount: true }] }] })).message).toBe(
      'Écriture 1 du fichier : montant absent pour la transaction 2 d’une écriture groupée.',
    );
  });
});

describe('decimalToCents', () => {
  it('turns decimal strings into exact centimes', () => {
    expect(decimalToCents('0.1')).toBe(10);
    expect(decimalToCents('0.29')).toBe(29);
    expect(decimalToCents('1234567.89')).toBe(123456789);
    expect(decimalToCents('12')).toBe(1200);
    expect(decimalToCents('1.')).toBeNull();
    expect(decimalToCents('1e3')).toBeNull();
    expect(decimalToCents('')).toBeNull();
  });
});
