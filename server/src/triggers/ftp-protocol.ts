import { isIPv4 } from 'node:net';
import type { TriggerLogger } from './trigger.js';

/**
 * The FTP server's contract and its stateless protocol pieces: path resolution, reply text, and the commands whose
 * answer depends on nothing but their argument. The session (ftp-session.ts) handles everything with state.
 */
export interface FtpFileSystem {
  /** The folder names in a directory, or null when there is no such directory. */
  list(path: readonly string[]): string[] | null;
  /** Whether MKD may pretend to make this folder: null when yes, else the reason. */
  canMakeFolder(path: readonly string[]): string | null;
  /** Before the data connection of an upload: null to go ahead, else the reason (550). */
  checkUpload(path: readonly string[]): string | null;
  /**
   * After an upload: `data` is the whole file, or null when it was larger than `maxKeepBytes`; `complete` is
   * false when the data connection broke. Returns the final reply.
   */
  uploaded(upload: { path: readonly string[]; data: Buffer | null; bytes: number; complete: boolean }): Promise<FtpReply>;
}

export interface FtpReply {
  code: number;
  message: string;
}

export interface FtpServerOptions {
  fs: FtpFileSystem;
  /** null: anyone may log in with any name and password (anonymous). */
  credentials: { username: string; password: string } | null;
  checkCredentials: (username: string, password: string) => boolean;
  /** Upload bytes kept in memory for `uploaded`; larger uploads are drained and given as null. */
  maxKeepBytes: number;
  /** The IPv4 address announced in PASV replies (NAT, containers); default: the address the client connected to. */
  passiveAddress?: string;
  /** Port range for passive data connections; default any free port. */
  passivePorts?: { min: number; max: number };
  maxConnections?: number;
  logger: TriggerLogger;
}

/** Commands a client may send before logging in. */
export const PRE_LOGIN = new Set(['USER', 'PASS', 'QUIT', 'SYST', 'FEAT', 'NOOP', 'OPTS', 'AUTH']);

/** `/a/./b/../c` from cwd → segments; never above the root. */
export function resolveFtpPath(cwd: readonly string[], arg: string): string[] {
  const parts = arg.startsWith('/') ? [] : [...cwd];
  for (const part of arg.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts;
}

export function pathText(path: readonly string[]): string {
  return `/${path.join('/')}`;
}

/** A reply text never spans lines: a client-chosen name cannot forge a second reply. */
export function clean(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}

/** `::ffff:1.2.3.4` → `1.2.3.4`, so an IPv4 client compares equal on a dual-stack socket. */
export function plainAddress(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

/** `ls -l` style date of the listing. */
export function listDate(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${months[date.getMonth()]} ${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const reply = (code: number, message: string): FtpReply => ({ code, message });

/** The answer of a command that needs no session state, or null when the session must handle `verb`. */
export function fixedReply(verb: string, arg: string): FtpReply | null {
  switch (verb) {
    case 'SYST':
      return reply(215, 'UNIX Type: L8');
    case 'OPTS':
      return /^utf8 on$/i.test(arg.trim()) ? reply(200, 'UTF8 is always on') : reply(501, 'Option not understood');
    case 'AUTH':
      return reply(502, 'TLS is not available');
    case 'NOOP':
      return reply(200, 'OK');
    case 'TYPE':
      return /^(?:A|I|L 8)(?: N)?$/i.test(arg.trim()) ? reply(200, `Type set to ${arg.trim().toUpperCase()}`) : reply(504, 'Type not supported');
    case 'MODE':
      return /^S$/i.test(arg.trim()) ? reply(200, 'Mode S') : reply(504, 'Only stream mode');
    case 'STRU':
      return /^F$/i.test(arg.trim()) ? reply(200, 'Structure F') : reply(504, 'Only file structure');
    case 'RMD':
    case 'XRMD':
    case 'DELE':
    case 'RNTO':
      return reply(250, 'OK (nothing is stored)');
    case 'RNFR':
      return reply(350, 'Ready for RNTO');
    case 'ALLO':
      return reply(202, 'No storage allocation necessary');
    case 'ABOR':
      return reply(226, 'Nothing to abort');
    case 'PORT':
    case 'EPRT':
      return reply(502, 'Active mode is not supported; use passive mode (PASV/EPSV)');
    case 'SIZE':
    case 'MDTM':
      return reply(550, 'No such file');
    default:
      return null;
  }
}
