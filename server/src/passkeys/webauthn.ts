import type * as SimpleWebAuthn from '@simplewebauthn/server';

/**
 * @simplewebauthn/server, loaded on the first passkey ceremony instead of at every start: its import (the ASN.1 and
 * COSE stacks under it) took 0.3–0.4 s of each server start and of each test file that builds the app, and most
 * starts never see a passkey.
 */
type WebAuthn = typeof SimpleWebAuthn;

let loading: Promise<WebAuthn> | undefined;

export function webauthn(): Promise<WebAuthn> {
  loading ??= import('@simplewebauthn/server');
  return loading;
}
