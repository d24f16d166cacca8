/**
 * Reading a contacts CSV (decision 075): the bytes' encoding, the separator, the records, and the lead
 * field of each column guessed from its French or English header. No database here.
 */
import { parse } from 'csv-parse/sync';
import { badRequest } from '../../../platform/errors.ts';
import { IMPORT_FIELDS, type ImportField } from '../contract/index.ts';
import type { CsvDelimiter, CsvEncoding } from '../contract/index.ts';

/**
 * UTF-8 when the bytes are valid UTF-8 (with or without BOM), Windows-1252 otherwise: Excel on Windows
 * saves "CSV (séparateur : point-virgule)" in Windows-1252, whose accented letters are never valid UTF-8
 * sequences in a French address book, so the test cannot mistake one for the other in practice.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  let text: string;
  let encoding: CsvEncoding = 'utf-8';
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
    encoding = 'windows-1252';
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\u0000')) throw badRequest('Le fichier contient un caractère nul : est-ce bien un fichier CSV ?');
  return { text, encoding };
}

/** The separator the header line uses most, outside quotes (comma when there is none). */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts: Record<CsvDelimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && character in counts) counts[character as CsvDelimiter] += 1;
  }
  const best = (Object.keys(counts) as CsvDelimiter[]).reduce((a, b) => (counts[b] > counts[a] ? b : a), ',');
  return counts[best] > 0 ? best : ',';
}

/** Every record as an array of cells (the header included); quoted separators and line breaks kept. */
export function parseCsvRecords(text: string, delimiter: CsvDelimiter): string[][] {
  try {
    return parse(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw badRequest(`Le fichier CSV est mal formé${line ? ` (ligne ${line})` : ''} : vérifiez les guillemets.`);
  }
}

/** "Prénom " → "prenom", "E-mail" → "email": lower case, no accents, letters and digits only. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Header spellings, normalized, of each field (French and English; the field's own name too). */
const HEADER_SYNONYMS: Record<ImportField, string[]> = {
  firstName: ['prenom', 'firstname', 'first', 'givenname', 'forename', 'vorname'],
  lastName: ['nom', 'lastname', 'last', 'surname', 'familyname', 'nomdefamille', 'name', 'nachname'],
  email: ['email', 'mail', 'emailaddress', 'adresseemail', 'adressemail', 'courriel', 'adressecourriel', 'adresseelectronique'],
  phone: ['telephone', 'tel', 'phone', 'phonenumber', 'mobile', 'portable', 'natel', 'numerodetelephone', 'telephonenumber'],
  company: ['entreprise', 'societe', 'company', 'organisation', 'organization', 'employeur', 'firma', 'companyname'],
  country: ['pays', 'country'],
  city: ['ville', 'city', 'localite', 'town'],
  source: ['source', 'leadsource'],
  status: ['statut', 'status', 'etat'],
  type: ['type', 'typededemande', 'requesttype'],
  tags: ['tags', 'tag', 'etiquettes', 'etiquette', 'labels', 'label'],
  message: ['message', 'commentaire', 'comment', 'comments', 'commentaires'],
  notes: ['notes', 'note', 'notesinternes', 'internalnotes'],
  // The contacts export's "Origine" columns (FIRST_TOUCH_FIELD_LABELS, api/features/attribution/contract/touch-schemas.ts), and the UTM names.
  firstTouchChannel: ['origine', 'origin', 'canal', 'channel', 'originecanal'],
  firstTouchSource: ['originesource', 'utmsource'],
  firstTouchMedium: ['originesupport', 'utmmedium', 'support', 'medium'],
  firstTouchCampaign: ['originecampagne', 'utmcampaign', 'campagne', 'campaign'],
  firstTouchReferrer: ['originesitereferent', 'referrer', 'sitereferent', 'referent'],
  firstTouchLandingPage: ['originepagedarrivee', 'pagedarrivee', 'landingpage'],
  firstTouchAt: ['originedate', 'firsttouchat', 'datedorigine'],
};
const FIELD_BY_HEADER = new Map<string, ImportField>(IMPORT_FIELDS.flatMap((field) => [field.toLowerCase(), ...HEADER_SYNONYMS[field]].map((name) => [name, field] as const)));

/** The field of each header, `''` when unknown or already taken by an earlier column. */
export function guessColumns(headers: string[]): Array<ImportField | ''> {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = FIELD_BY_HEADER.get(normalizeHeader(header));
    if (!field || taken.has(field)) return '';
    taken.add(field);
    return field;
  });
}
