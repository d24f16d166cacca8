/**
 * Password hashing with Argon2id, built into Node ≥ 24.7 (`crypto.argon2`, no native addon to build).
 * Cost: 64 MiB, 2 passes, 1 lane — above OWASP's minimum (19 MiB, t=2) and about 0.13 s on one core
 * here, inside the 30–300 ms login budget (see bench/). https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#argon2id
 * Stored format (PHC-like): `argon2id$m=65536,t=2,p=1$salt$hash` (base64url), so the cost can be raised later.
 * The cost of new hashes comes from configuration (PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_PASSES; decision 093):
 * tests hash cheaply, production refuses less than OWASP's minimum. Verification reads the cost from the stored string.
 */
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

export interface Cost {
  memory: number;
  passes: number;
  parallelism: number;
}

export const DEFAULT_COST: Cost = { memory: 65_536, passes: 2, parallelism: 1 };

/** The configured cost (`config.passwordHashCost`) in Argon2's terms. */
export function argon2Cost(configured: { memoryKib: number; passes: number }): Cost {
  return { memory: configured.memoryKib, passes: configured.passes, parallelism: 1 };
}
const TAG_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: Cost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2('argon2id', { message: password.normalize('NFC'), nonce: salt, tagLength: TAG_LENGTH, ...cost }, (error: Error | null, key: Buffer) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, cost: Cost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['argon2id', `m=${cost.memory},t=${cost.passes},p=${cost.parallelism}`, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, params, salt, hash] = stored.split('$');
  const match = /^m=(\d+),t=(\d+),p=(\d+)$/.exec(params ?? '');
  if (scheme !== 'argon2id' || !match || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const cost = { memory: Number(match[1]), passes: Number(match[2]), parallelism: Number(match[3]) };
  const actual = await derive(password, Buffer.from(salt, 'base64url'), cost);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Verified against when the account does not exist, so a login answer takes the same time
 * whether the email is known or not (no user enumeration by timing). Made at the cost of new
 * hashes, which is the cost of the accounts' hashes.
 */
const dummyHashes = new Map<string, Promise<string>>();
export function dummyPasswordHash(cost: Cost = DEFAULT_COST): Promise<string> {
  const key = `${cost.memory},${cost.passes},${cost.parallelism}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'), cost);
    dummyHashes.set(key, dummy);
  }
  return dummy;
}
