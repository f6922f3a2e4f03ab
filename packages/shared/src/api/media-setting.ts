import { isWhitespace, TEXT_FIELD_MAX_LENGTH } from '../text.js';

/**
 * What every camera media setting grammar shares (the source in camera-source.ts, the output and transcode
 * settings in camera-output.ts): the one refusal type, the length cap checked before any parsing, and the
 * shell-like splitting of argument strings that never runs a shell.
 */

/** A camera media setting outside the grammar; the message names the refused option or value, never a password. */
export class MediaSettingError extends Error {
  override readonly name = 'MediaSettingError';
}

/**
 * Media settings are short (a URL with a few options, a filter chain): text past TEXT_FIELD_MAX_LENGTH is refused
 * before any parsing, so parsing costs no more than that whatever config.json holds (writes refuse it anyway).
 */
export function refuseLongSetting(text: string, what: string): void {
  if (text.length > TEXT_FIELD_MAX_LENGTH) throw new MediaSettingError(`${what}: longer than ${TEXT_FIELD_MAX_LENGTH} characters`);
}

/** Every refusal message starts with what was refused, so clients can show it as it is. */
export const MEDIA_REFUSAL = /^(camera source|video filter|encoder options|video codec|stream map): /;

/**
 * Splits an argument string like a POSIX shell would (whitespace, 'single', "double" quotes, backslash escapes),
 * without expansion of any kind. Throws on an unterminated quote or a control character.
 */
export function tokenizeArgs(text: string, what = 'camera source'): string[] {
  refuseLongSetting(text, what);
  const tokens: string[] = [];
  let current = '';
  let inToken = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    const code = ch.charCodeAt(0);
    if (code < 9 || (code > 13 && code < 32) || code === 127) throw new MediaSettingError(`${what}: control characters are not allowed`);
    if (quote === "'") {
      if (ch === "'") quote = null;
      else current += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) current += text.charAt(++i);
      else current += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inToken = true;
    } else if (ch === '\\' && i + 1 < text.length) {
      current += text.charAt(++i);
      inToken = true;
    } else if (isWhitespace(code)) {
      if (inToken) tokens.push(current);
      current = '';
      inToken = false;
    } else {
      current += ch;
      inToken = true;
    }
  }
  if (quote) throw new MediaSettingError(`${what}: unterminated quote`);
  if (inToken) tokens.push(current);
  return tokens;
}
