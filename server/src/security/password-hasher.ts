import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

export interface PasswordHashOptions {
  /** KiB; the library default (19 MiB) is OWASP's argon2id minimum. Tests lower it to stay fast. */
  memoryCost?: number;
  timeCost?: number;
}

/** argon2id (the library's default algorithm) with one set of parameters for the whole app. */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly options: PasswordHashOptions = {}) {}

  hash(password: string): Promise<string> {
    return hash(password, { ...this.options });
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash must read as "wrong password", never as a 500 that tells the two apart.
      return false;
    }
  }

  /**
   * Verifies against a throw-away hash made with the same parameters, so an unknown username costs
   * as much time as a wrong password and cannot be told apart by timing.
   */
  async verifyDummy(password: string): Promise<false> {
    this.dummyHash ??= this.hash(randomBytes(16).toString('base64url'));
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
