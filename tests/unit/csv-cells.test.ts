/**
 * Cells of the CSV exports as Swiss spreadsheets read them (decision 085): dates `dd.MM.yyyy HH:mm`
 * in Zurich time, phone numbers in a form no spreadsheet evaluates and that needs no apostrophe,
 * every other cell starting like a formula still neutralised.
 */
import { describe, expect, it } from 'vitest';
import { csvPhone, swissCsvDate, swissCsvDay, swissCsvText } from '../../api/platform/lib/csv.ts';
import { generator } from '../../api/cli/demo-data/random.ts';
import { swissMobile } from '../../api/cli/demo-data/vocabulary.ts';

describe('csvPhone', () => {
  it.each([
    ['+41 79 700 80 21', '079 700 80 21'],
    ['+41791234567', '079 123 45 67'],
    ['+41 (0)79-123.45.67', '079 123 45 67'],
    ['0041 21 555 00 11', '021 555 00 11'],
    ['0797008021', '079 700 80 21'],
    ['+41 800 123 456', '0800 123 456'],
    ['+33 6 12 34 56 78', '0033 6 12 34 56 78'],
    ['+49 30 123456', '0049 30 123456'],
    ['+1 415 555 0100', '001 415 555 0100'],
    ['', ''],
  ])('writes %j as %j', (typed, written) => {
    expect(csvPhone(typed)).toBe(written);
  });

  it('writes none of the demo numbers with an apostrophe or a leading formula sign', () => {
    const random = generator(20261125);
    const phones = Array.from({ length: 500 }, () => csvPhone(swissMobile(random)));
    for (const phone of phones) expect(phone).toMatch(/^07[6-9] \d{3} \d{2} \d{2}$/);
  });

  it('keeps the guard on what is not a possible number', () => {
    expect(csvPhone('-1')).toBe("'-1");
    expect(csvPhone('+12')).toBe('0012');
    expect(csvPhone(null)).toBe('');
  });
});

describe('Swiss CSV dates', () => {
  it('writes dd.MM.yyyy HH:mm in Zurich time, summer and winter', () => {
    expect(swissCsvDate(new Date('2026-07-01T16:05:00Z'))).toBe('01.07.2026 18:05');
    expect(swissCsvDate('2026-11-25T13:12:00Z')).toBe('25.11.2026 14:12');
    expect(swissCsvDate(null)).toBe('');
    expect(swissCsvDay(new Date('2026-12-31T23:30:00Z'))).toBe('01.01.2027');
  });
});

describe('swissCsvText', () => {
  it('still neutralises a formula in any other cell, such as a name', () => {
    const text = swissCsvText(['Prénom', 'Téléphone'], [['=cmd|/C calc!A0', csvPhone('+41 79 700 80 21')]]);
    expect(text).toBe("\uFEFFPrénom;Téléphone\r\n'=cmd|/C calc!A0;079 700 80 21\r\n");
  });
});
