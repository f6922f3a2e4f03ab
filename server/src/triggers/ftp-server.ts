import { createServer, isIPv4, type AddressInfo, type Server, type Socket } from 'node:net';
import type { TriggerLogger } from './trigger.js';

/**
 * A minimal FTP server (RFC 959 subset, passive mode only) over a virtual file system: enough for IP cameras
 * that upload alarm pictures. Nothing is written to disk; downloads are impossible. Written here because the
 * FTP server libraries for Node are unmaintained or drag in vulnerable dependencies (ftp-srv: `ip`, bunyan).
 *
 * Supported: USER PASS SYST FEAT OPTS TYPE MODE STRU NOOP PWD CWD CDUP MKD PASV EPSV LIST NLST STOR APPE
 * DELE RMD RNFR RNTO ALLO ABOR QUIT. Active mode (PORT/EPRT) is refused: it would make the server connect out.
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

const MAX_LINE = 2048;
const IDLE_MS = 5 * 60_000;
const DATA_CONNECT_MS = 15_000;
const DATA_IDLE_MS = 60_000;
const MAX_LOGIN_FAILURES = 3;
/** Commands waiting behind a running one (a transfer): more is a flood, not a camera. */
const MAX_PENDING_COMMANDS = 32;
const PRE_LOGIN = new Set(['USER', 'PASS', 'QUIT', 'SYST', 'FEAT', 'NOOP', 'OPTS', 'AUTH']);

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

function pathText(path: readonly string[]): string {
  return `/${path.join('/')}`;
}

function clean(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}

function plainAddress(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

export class FtpServer {
  private readonly server: Server;
  private readonly sessions = new Set<FtpSession>();
  private closing = false;

  constructor(readonly options: FtpServerOptions) {
    this.server = createServer((socket) => {
      if (this.sessions.size >= (options.maxConnections ?? 16)) {
        socket.end('421 Too many connections, try again later\r\n');
        return;
      }
      const session = new FtpSession(socket, this);
      this.sessions.add(session);
      socket.once('close', () => {
        session.dispose();
        this.sessions.delete(session);
      });
    });
  }

  /** Emits listen errors until listening, then connection errors are the sessions' own. */
  listen(port: number, host: string | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  address(): AddressInfo | null {
    const address = this.server.address();
    return address && typeof address === 'object' ? address : null;
  }

  onError(listener: (error: Error) => void): void {
    this.server.on('error', listener);
  }

  /** True once `close` was called: uploads cut off by it are not reported. */
  isClosing(): boolean {
    return this.closing;
  }

  /** Stops listening and drops every session (and its data connections). */
  close(): Promise<void> {
    this.closing = true;
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      for (const session of this.sessions) session.destroy();
    });
  }
}

class FtpSession {
  private buffer = '';
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private user: string | null = null;
  private loggedIn = false;
  private failures = 0;
  private cwd: string[] = [];
  private passive: { server: Server; socket: Promise<Socket> } | null = null;
  private dataSockets = new Set<Socket>();
  private closed = false;
  private readonly log: TriggerLogger;
  private readonly remote: string;

  constructor(
    private readonly socket: Socket,
    private readonly owner: FtpServer,
  ) {
    this.log = owner.options.logger;
    this.remote = plainAddress(socket.remoteAddress);
    socket.setEncoding('utf8');
    socket.setTimeout(IDLE_MS, () => {
      this.reply(421, 'Idle too long, closing');
      socket.end();
    });
    socket.on('error', (error) => this.log.debug({ trigger: 'ftp', remote: this.remote, err: error.message }, 'FTP control connection error'));
    socket.on('data', (chunk: string) => this.onData(chunk));
    this.reply(220, 'HomeCam motion trigger (FTP)');
  }

  /** Server stop: the control connection and every transfer go. */
  destroy(): void {
    this.dispose();
    for (const data of this.dataSockets) data.destroy();
    this.socket.destroy();
  }

  /**
   * The control connection closed. A transfer still running finishes (cameras that hang up right after
   * sending the file still had motion); it has its own idle time-out.
   */
  dispose(): void {
    this.closed = true;
    this.closePassive();
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    if (this.buffer.length > MAX_LINE && !this.buffer.includes('\n')) {
      this.reply(500, 'Command line too long');
      this.socket.destroy();
      return;
    }
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) !== -1) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      if (!line.trim()) continue;
      if (++this.pending > MAX_PENDING_COMMANDS) {
        this.reply(421, 'Too many commands at once');
        this.socket.destroy();
        return;
      }
      this.queue = this.queue
        .then(() => this.command(line))
        .catch((error: unknown) => this.internalError(error))
        .finally(() => void this.pending--);
    }
  }

  private internalError(error: unknown): void {
    this.log.error({ trigger: 'ftp', err: error instanceof Error ? error.message : String(error) }, 'FTP command failed');
    this.reply(451, 'Local error in processing');
  }

  private reply(code: number, message: string): void {
    if (this.closed || this.socket.destroyed) return;
    this.socket.write(`${code} ${clean(message)}\r\n`);
  }

  private async command(line: string): Promise<void> {
    if (this.closed) return;
    const space = line.indexOf(' ');
    const verb = (space === -1 ? line : line.slice(0, space)).toUpperCase();
    const arg = space === -1 ? '' : line.slice(space + 1);
    this.log.debug({ trigger: 'ftp', remote: this.remote, command: verb === 'PASS' ? 'PASS ***' : clean(line).slice(0, 200) }, 'FTP command');
    if (!this.loggedIn && !PRE_LOGIN.has(verb)) return this.reply(530, 'Please log in with USER and PASS');
    switch (verb) {
      case 'USER':
        this.user = arg;
        this.loggedIn = false;
        return this.reply(331, this.owner.options.credentials ? 'Password required' : 'Any password will do');
      case 'PASS':
        return this.pass(arg);
      case 'QUIT':
        this.reply(221, 'Bye');
        this.socket.end();
        return;
      case 'SYST':
        return this.reply(215, 'UNIX Type: L8');
      case 'FEAT':
        if (!this.socket.destroyed) this.socket.write('211-Features:\r\n EPSV\r\n PASV\r\n UTF8\r\n211 End\r\n');
        return;
      case 'OPTS':
        return /^utf8 on$/i.test(arg.trim()) ? this.reply(200, 'UTF8 is always on') : this.reply(501, 'Option not understood');
      case 'AUTH':
        return this.reply(502, 'TLS is not available');
      case 'NOOP':
        return this.reply(200, 'OK');
      case 'TYPE':
        return /^(A|I|L 8)( N)?$/i.test(arg.trim()) ? this.reply(200, `Type set to ${arg.trim().toUpperCase()}`) : this.reply(504, 'Type not supported');
      case 'MODE':
        return /^S$/i.test(arg.trim()) ? this.reply(200, 'Mode S') : this.reply(504, 'Only stream mode');
      case 'STRU':
        return /^F$/i.test(arg.trim()) ? this.reply(200, 'Structure F') : this.reply(504, 'Only file structure');
      case 'PWD':
      case 'XPWD':
        return this.reply(257, `"${pathText(this.cwd).replace(/"/g, '""')}" is the current directory`);
      case 'CWD':
      case 'XCWD':
        return this.changeDirectory(resolveFtpPath(this.cwd, arg || '/'));
      case 'CDUP':
      case 'XCUP':
        return this.changeDirectory(this.cwd.slice(0, -1));
      case 'MKD':
      case 'XMKD':
        return this.makeFolder(resolveFtpPath(this.cwd, arg));
      case 'RMD':
      case 'XRMD':
      case 'DELE':
        return this.reply(250, 'OK (nothing is stored)');
      case 'RNFR':
        return this.reply(350, 'Ready for RNTO');
      case 'RNTO':
        return this.reply(250, 'OK (nothing is stored)');
      case 'ALLO':
        return this.reply(202, 'No storage allocation necessary');
      case 'ABOR':
        return this.reply(226, 'Nothing to abort');
      case 'PASV':
        return this.openPassive(false);
      case 'EPSV':
        return arg.trim().toUpperCase() === 'ALL' ? this.reply(200, 'EPSV ALL accepted') : this.openPassive(true);
      case 'PORT':
      case 'EPRT':
        return this.reply(502, 'Active mode is not supported; use passive mode (PASV/EPSV)');
      case 'LIST':
      case 'NLST':
        return this.list(verb, arg);
      case 'STOR':
      case 'APPE':
      case 'STOU':
        return this.store(resolveFtpPath(this.cwd, verb === 'STOU' ? `upload-${Date.now()}` : arg));
      case 'RETR':
        this.closePassive();
        return this.reply(550, 'Downloads are not possible');
      case 'SIZE':
      case 'MDTM':
        return this.reply(550, 'No such file');
      default:
        return this.reply(502, `${verb.slice(0, 16)} is not implemented`);
    }
  }

  private pass(password: string): void {
    if (this.user === null) return this.reply(503, 'Send USER first');
    const { credentials, checkCredentials } = this.owner.options;
    if (!credentials || checkCredentials(this.user, password)) {
      this.loggedIn = true;
      return this.reply(230, 'Logged in');
    }
    this.failures += 1;
    this.log.info({ trigger: 'ftp', remote: this.remote, user: this.user }, 'FTP trigger: wrong user or password');
    this.reply(530, 'Login incorrect');
    if (this.failures >= MAX_LOGIN_FAILURES) {
      this.reply(421, 'Too many failed logins');
      this.socket.end();
    }
  }

  private changeDirectory(path: string[]): void {
    if (!this.owner.options.fs.list(path)) return this.reply(550, `No such folder ${pathText(path)}`);
    this.cwd = path;
    this.reply(250, `Now in ${pathText(path)}`);
  }

  private makeFolder(path: string[]): void {
    const refusal = this.owner.options.fs.canMakeFolder(path);
    if (refusal) return this.reply(550, refusal);
    this.reply(257, `"${pathText(path).replace(/"/g, '""')}" created`);
  }

  private async openPassive(extended: boolean): Promise<void> {
    this.closePassive();
    const local = plainAddress(this.socket.localAddress);
    const announced = this.owner.options.passiveAddress ?? local;
    if (!extended && !isIPv4(announced)) return this.reply(425, 'PASV needs IPv4; use EPSV');
    const server = createServer();
    try {
      await this.listenPassive(server, local);
    } catch (error) {
      this.log.warn({ trigger: 'ftp', err: error instanceof Error ? error.message : String(error) }, 'FTP passive port unavailable');
      return this.reply(425, 'No passive port available');
    }
    const socket = new Promise<Socket>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no data connection')), DATA_CONNECT_MS);
      server.on('connection', (data) => {
        // Only the client of this session may connect: no one else can inject or steal a transfer.
        if (plainAddress(data.remoteAddress) !== this.remote) {
          data.destroy();
          return;
        }
        clearTimeout(timer);
        server.close();
        resolve(data);
      });
      server.once('close', () => {
        clearTimeout(timer);
        reject(new Error('passive listener closed'));
      });
    });
    socket.catch(() => undefined);
    this.passive = { server, socket };
    const port = (server.address() as AddressInfo).port;
    if (extended) return this.reply(229, `Entering Extended Passive Mode (|||${port}|)`);
    this.reply(227, `Entering Passive Mode (${announced.split('.').join(',')},${port >> 8},${port & 255})`);
  }

  private async listenPassive(server: Server, host: string): Promise<void> {
    const range = this.owner.options.passivePorts;
    const tries = range ? Math.min(20, range.max - range.min + 1) : 1;
    for (let attempt = 0; ; attempt++) {
      const port = range ? range.min + Math.floor(Math.random() * (range.max - range.min + 1)) : 0;
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, host, () => {
            server.off('error', reject);
            resolve();
          });
        });
        return;
      } catch (error) {
        if (attempt + 1 >= tries) throw error;
      }
    }
  }

  private closePassive(): void {
    this.passive?.server.close();
    this.passive = null;
  }

  /** Takes the passive data connection opened for this command, or answers 425. */
  private async dataConnection(): Promise<Socket | null> {
    const passive = this.passive;
    this.passive = null;
    if (!passive) {
      this.reply(425, 'Use PASV or EPSV first');
      return null;
    }
    try {
      const socket = await passive.socket;
      this.dataSockets.add(socket);
      socket.once('close', () => this.dataSockets.delete(socket));
      socket.on('error', () => undefined);
      socket.setTimeout(DATA_IDLE_MS, () => socket.destroy());
      return socket;
    } catch {
      passive.server.close();
      this.reply(425, "Can't open data connection");
      return null;
    }
  }

  private async list(verb: 'LIST' | 'NLST', arg: string): Promise<void> {
    // `LIST -la /path`: options are ignored.
    const target = arg
      .split(' ')
      .filter((part) => part && !part.startsWith('-'))
      .join(' ');
    const path = resolveFtpPath(this.cwd, target);
    const names = this.owner.options.fs.list(path);
    if (!names) {
      this.closePassive();
      return this.reply(550, `No such folder ${pathText(path)}`);
    }
    const data = await this.dataConnection();
    if (!data) return;
    this.reply(150, 'Here comes the listing');
    const date = listDate(new Date());
    const lines = names.map((name) => (verb === 'NLST' ? name : `drwxr-xr-x 1 homecam homecam 0 ${date} ${name}`));
    await new Promise<void>((resolve) => data.end(lines.map((l) => `${l}\r\n`).join(''), () => resolve()));
    this.reply(226, 'Listing sent');
  }

  private async store(path: string[]): Promise<void> {
    const refusal = path.length === 0 ? 'No file name' : this.owner.options.fs.checkUpload(path);
    if (refusal) {
      this.closePassive();
      return this.reply(550, refusal);
    }
    const data = await this.dataConnection();
    if (!data) return;
    this.reply(150, 'Ready to receive');
    const { maxKeepBytes } = this.owner.options;
    const chunks: Buffer[] = [];
    let bytes = 0;
    const complete = await new Promise<boolean>((resolve) => {
      data.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= maxKeepBytes) chunks.push(chunk);
        else chunks.length = 0;
      });
      data.once('end', () => resolve(true));
      data.once('close', () => resolve(false));
    });
    data.destroy();
    // Stopped meanwhile: nothing to report. A client that left without waiting for the reply still had motion.
    if (this.owner.isClosing()) return;
    const kept = bytes <= maxKeepBytes ? Buffer.concat(chunks) : null;
    const answer = await this.owner.options.fs.uploaded({ path, data: kept, bytes, complete });
    this.reply(complete ? answer.code : 426, complete ? answer.message : 'Transfer aborted');
  }
}

function listDate(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${months[date.getMonth()]} ${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
