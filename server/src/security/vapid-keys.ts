import { createPublicKey, generateKeyPairSync } from 'node:crypto';

/** base64url keys as web push wants them: public = uncompressed P-256 point (65 bytes), private = scalar (32 bytes). */
export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

/**
 * A fresh VAPID key pair (RFC 8292): ECDSA P-256. The public key is the uncompressed point (0x04 || x || y) and the
 * private key the 32-byte scalar, both base64url: the forms PushManager.subscribe and the JWT signer expect.
 */
export function generateVapidKeys(): VapidKeyPair {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.d) throw new Error('P-256 key without a private part');
  const point = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-65);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d };
}
