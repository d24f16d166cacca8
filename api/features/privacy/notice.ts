/**
 * The privacy notice as the site shows it (site/content/privacy.yaml, page /confidentialite): its
 * version, as the editor numbers it, and a SHA-256 of the file, so a proof of consent names exactly the
 * text that was presented even if someone forgot to raise the version. Read once per process: the site
 * is built from the same file the server reads.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { contentFile } from '../../platform/paths.ts';
import { parse } from 'yaml';

export const PRIVACY_NOTICE_FILE = contentFile('privacy.yaml');

export interface NoticeVersion {
  version: string;
  updatedAt: string;
  hash: string;
}

let cached: NoticeVersion | undefined;

export function currentNotice(): NoticeVersion {
  if (cached) return cached;
  const raw = readFileSync(PRIVACY_NOTICE_FILE, 'utf8');
  const parsed = parse(raw) as { version?: unknown; updatedAt?: unknown };
  cached = { version: String(parsed.version), updatedAt: String(parsed.updatedAt), hash: createHash('sha256').update(raw).digest('hex') };
  return cached;
}
