import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for tests, written from the WebAuthn and CTAP2 specifications (not from the
 * server's library): P-256 keys from node:crypto, `none` attestation, assertions signed over
 * authenticatorData ‖ SHA-256(clientDataJSON). It plays the browser's part too (clientDataJSON with the origin it
 * is told), so tests can answer with a wrong origin or RP ID, replay an answer, or keep the counter still.
 */

type Cbor = number | string | Uint8Array | Map<number | string, number | Uint8Array> | CborRecord;
interface CborRecord {
  [key: string]: Cbor;
}

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

/** Canonical enough CBOR (RFC 8949) for attestation objects and COSE keys: ints, text, bytes, maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

/** The options JSON as the server answers it (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON). */
export interface OptionsJson {
  challenge: string;
  [field: string]: unknown;
}
const field = <T>(options: OptionsJson, name: string) => options[name] as T | undefined;

export interface ClientOverrides {
  /** The page origin the "browser" reports (default: the authenticator's). */
  origin?: string;
  /** The RP ID whose hash goes into authenticatorData (default: the options'). */
  rpId?: string;
  userVerified?: boolean;
  /** How much the signature counter grows on this use (0: a replayed or cloned counter). */
  counterStep?: number;
  /** Registration only: present this existing credential again instead of making one. */
  again?: SoftCredential;
}

/** The credential ids a request's options allow (`allowCredentials`), in order. */
export function allowedCredentialIds(options: OptionsJson): string[] {
  return (field<{ id: string }[]>(options, 'allowCredentials') ?? []).map((entry) => entry.id);
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(readonly origin: string) {}

  /** navigator.credentials.create(): a new P-256 credential, answered as RegistrationResponseJSON. */
  register(options: OptionsJson, overrides: ClientOverrides = {}) {
    const rpId = overrides.rpId ?? field<{ id?: string }>(options, 'rp')?.id ?? new URL(this.origin).hostname;
    const userHandle = field<{ id: string }>(options, 'user')?.id ?? '';
    const fresh = () => {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const made: SoftCredential = { id: randomBytes(16), rpId, userHandle, privateKey, publicKey, counter: 0 };
      this.credentials.push(made);
      return made;
    };
    // `again`: answer with a credential it holds already (what excludeCredentials asks a real one not to do).
    const credential = overrides.again ?? fresh();
    const { publicKey } = credential;
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credential.id, cbor(coseKey)]);
    const authData = this.authData(rpId, FLAG_UP | (overrides.userVerified === false ? 0 : FLAG_UV) | FLAG_AT, 0, attested);
    const clientData = this.clientData('webauthn.create', options.challenge, overrides.origin);
    return publicKeyCredential(credential.id, {
      clientDataJSON: b64url(clientData),
      attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
      transports: ['internal' as const],
    });
  }

  /** navigator.credentials.get(): an assertion by `credential` (default: the first one the options allow, else any). */
  assert(options: OptionsJson, overrides: ClientOverrides & { credential?: SoftCredential } = {}) {
    const allowed = new Set(allowedCredentialIds(options));
    const credential =
      overrides.credential ?? this.credentials.find((c) => allowed.size === 0 || allowed.has(b64url(c.id))) ?? this.credentials[0];
    if (!credential) throw new Error('the soft authenticator holds no credential');
    credential.counter += overrides.counterStep ?? 1;
    const rpId = overrides.rpId ?? field<string>(options, 'rpId') ?? credential.rpId;
    const authData = this.authData(rpId, FLAG_UP | (overrides.userVerified === false ? 0 : FLAG_UV), credential.counter);
    const clientData = this.clientData('webauthn.get', options.challenge, overrides.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return publicKeyCredential(credential.id, {
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: credential.userHandle,
    });
  }

  private authData(rpId: string, flags: number, counter: number, attested = Buffer.alloc(0)): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested]);
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }
}

/** The PublicKeyCredential JSON a browser sends for both ceremonies: the credential's id and its response. */
function publicKeyCredential<R extends { clientDataJSON: string }>(id: Buffer, response: R) {
  return { id: b64url(id), rawId: b64url(id), type: 'public-key' as const, clientExtensionResults: {}, response };
}
