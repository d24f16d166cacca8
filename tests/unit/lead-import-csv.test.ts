/** Reading a contacts CSV (decision 075) and cutting it into chunks in the browser (decision 076). */
import { describe, expect, it } from 'vitest';
import { decodeCsv, detectDelimiter, guessColumns, parseCsvRecords } from '../../api/features/contacts/bulk/lead-import-csv.ts';
import { csvChunks, decodeCsvBytes, splitRecords } from '../../site/admin/lib/csv-chunks.ts';

describe('mapping guess', () => {
  it('recognises French and English headers, accents, case and punctuation aside', () => {
    expect(guessColumns(['Prénom', 'NOM', 'E-mail', 'Téléphone', 'Entreprise', 'Source', 'Statut', 'Tags', 'Message'])).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'company',
      'source',
      'status',
      'tags',
      'message',
    ]);
    expect(guessColumns(['First Name', 'Last name', 'Email Address', 'Phone number', 'Company', 'Status', 'City', 'Country'])).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'company',
      'status',
      'city',
      'country',
    ]);
    expect(guessColumns(['Courriel', 'Natel', 'Société', 'Commentaire', 'Notes internes', 'firstName'])).toEqual(['email', 'phone', 'company', 'message', 'notes', 'firstName']);
  });

  it('leaves unknown headers and a second column of the same field unmapped', () => {
    expect(guessColumns(['Prénom', 'Couleur préférée', 'Email', 'Courriel'])).toEqual(['firstName', '', 'email', '']);
  });
});

describe('decoding and separators', () => {
  it('reads UTF-8 with and without BOM, and falls back to Windows-1252', () => {
    expect(decodeCsv(new Uint8Array(Buffer.from('\uFEFFPrénom', 'utf8')))).toEqual({ text: 'Prénom', encoding: 'utf-8' });
    expect(decodeCsv(new Uint8Array(Buffer.from('Prénom', 'utf8')))).toEqual({ text: 'Prénom', encoding: 'utf-8' });
    expect(decodeCsv(new Uint8Array([0x50, 0x72, 0xe9, 0x6e, 0x6f, 0x6d, 0x20, 0x80]))).toEqual({ text: 'Prénom €', encoding: 'windows-1252' });
    expect(decodeCsvBytes(new Uint8Array([0x5a, 0x6f, 0xe9]).buffer)).toBe('Zoé');
  });

  it('picks the header line’s separator, ignoring separators inside quotes', () => {
    expect(detectDelimiter('a;b;c\n1,2;3')).toBe(';');
    expect(detectDelimiter('"a;b;c",d\n')).toBe(',');
    expect(detectDelimiter('a\tb\n')).toBe('\t');
    expect(detectDelimiter('email\n')).toBe(',');
    expect(parseCsvRecords('a;b\r\n"x; y";"deux\r\nlignes"\r\n', ';')).toEqual([
      ['a', 'b'],
      ['x; y', 'deux\r\nlignes'],
    ]);
  });
});

describe('chunks of whole records', () => {
  it('splits on line breaks outside quotes only and numbers each chunk’s first row', () => {
    const { header, records } = splitRecords('a,b\r\n1,"x\r\ny"\r\n2,""""\r\n\r\n3,z');
    expect(header).toBe('a,b');
    expect(records).toEqual(['1,"x\r\ny"', '2,""""', '', '3,z']);
    const chunks = csvChunks(header, records, 3);
    expect(chunks.map((chunk) => [chunk.firstRow, chunk.rows])).toEqual([
      [2, 3],
      [5, 1],
    ]);
    expect(chunks[1]!.body).toBe('a,b\r\n3,z\r\n');
  });
});
