/**
 * A software WebAuthn authenticator for the API tests (docs/decisions/146-passkeys.md): an ES256 key
 * pair per credential (node:crypto), `none` attestation, authenticator data built by hand (rpIdHash,
 * flags, counter, AAGUID of zeros, credential id, COSE key) and a minimal CBOR encoder. It answers the
 * server's options as @simplewebauthn/browser would hand the browser's answer over (the JSON shapes),
 * and lets a test lie where a broken or hostile client would: another origin, another RP ID, a counter.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<number | string, Cbor> | Cbor[];

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(value, 1);
  return bytes;
}

/** CBOR (RFC 8949) for what WebAuthn needs: unsigned and negative integers, byte and text strings, arrays, maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftwareCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

/** What a test may change in one ceremony, as a hostile or broken client could. */
export interface Tampering {
  origin?: string;
  rpId?: string;
  challenge?: string;
  type?: string;
  /** The counter to report (default: one more than last time). */
  counter?: number;
  /** Whether the user was verified (default true). */
  userVerified?: boolean;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class SoftwareAuthenticator {
  readonly origin: string;
  readonly credentials: SoftwareCredential[] = [];

  /** `origin`: where the "browser" runs (the test app's URL). */
  constructor(origin: string) {
    this.origin = origin;
  }

  private clientData(type: string, challenge: string, tampering: Tampering): Buffer {
    return Buffer.from(JSON.stringify({ type: tampering.type ?? type, challenge: tampering.challenge ?? challenge, origin: tampering.origin ?? this.origin, crossOrigin: false }));
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** Answers `navigator.credentials.create()`: a new discoverable ES256 credential, RegistrationResponseJSON. */
  create(options: CreationOptions, tampering: Tampering = {}) {
    const rpId = tampering.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(32);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const counter = tampering.counter ?? 0;
    const attested = Buffer.concat([Buffer.alloc(16), length, id, coseKey]);
    const flags = FLAG_UP | FLAG_AT | (tampering.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authenticatorData(rpId, flags, counter, attested);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push({ id, privateKey, publicKey, rpId, userHandle: options.user.id, counter });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, tampering)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * Answers `navigator.credentials.get()` with `credential` (default: the first one the options allow,
   * else the first one kept — a discoverable credential), AuthenticationResponseJSON.
   */
  get(options: RequestOptions, tampering: Tampering = {}, credential?: SoftwareCredential) {
    const allowed = options.allowCredentials?.map((item) => item.id) ?? [];
    const chosen = credential ?? this.credentials.find((item) => allowed.length === 0 || allowed.includes(b64url(item.id)));
    if (!chosen) throw new Error('No credential for these options');
    const counter = tampering.counter ?? chosen.counter + 1;
    chosen.counter = counter;
    const flags = FLAG_UP | (tampering.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authenticatorData(tampering.rpId ?? options.rpId ?? chosen.rpId, flags, counter);
    const clientData = this.clientData('webauthn.get', options.challenge, tampering);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), chosen.privateKey);
    return {
      id: b64url(chosen.id),
      rawId: b64url(chosen.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: chosen.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
