import { DEFAULT_ADMIN } from '@homecam/shared';

/**
 * The first-start account must send its current password with the new credentials. The login form
 * keeps the one it just used in memory only (never in storage); after a reload the well-known default
 * stands in, and the /start form still lets the user correct it.
 */
let remembered: string | null = null;

export function rememberFirstStartPassword(password: string) {
  remembered = password;
}

export function firstStartPassword(): string {
  return remembered ?? DEFAULT_ADMIN.password;
}

export function forgetFirstStartPassword() {
  remembered = null;
}
