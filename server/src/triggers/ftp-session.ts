import type { Socket } from 'node:net';
import { PassiveData, receiveUpload } from './ftp-passive.js';
import { PRE_LOGIN, clean, fixedReply, listDate, pathText, resolveFtpPath, type FtpServerOptions } from './ftp-protocol.js';
import type { TriggerLogger } from './trigger.js';

/** Longest command line; a client that sends more is not a camera. */
export const MAX_LINE = 2048;
const IDLE_MS = 5 * 60_000;
const MAX_LOGIN_FAILURES = 3;
/** Commands waiting behind a running one (a transfer): more is a flood, not a camera. */
const MAX_PENDING_COMMANDS = 32;

/**
 * One control connection: splits lines, runs commands one after another, tracks login and working folder.
 * Passive data connections are `PassiveData`'s.
 */
export class FtpSession {
  private buffer = '';
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private user: string | null = null;
  private loggedIn = false;
  private failures = 0;
  private cwd: string[] = [];
  private readonly data: PassiveData;
  private closed = false;
  private readonly log: TriggerLogger;

  constructor(
    private readonly socket: Socket,
    private readonly options: FtpServerOptions,
    /** True once the server is stopping: uploads cut off by it are not reported. */
    private readonly serverClosing: () => boolean,
    private readonly remote: string,
  ) {
    this.log = options.logger;
    this.data = new PassiveData(options, remote);
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
    this.data.destroyTransfers();
    this.socket.destroy();
  }

  /**
   * The control connection closed. A transfer still running finishes (cameras that hang up right after
   * sending the file still had motion); it has its own idle time-out.
   */
  dispose(): void {
    this.closed = true;
    this.data.dispose();
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    if (this.buffer.length > MAX_LINE && !this.buffer.includes('\n')) return this.refuse(500, 'Command line too long');
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) !== -1) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      // A long line can arrive whole in one chunk together with its newline: the limit holds per line too.
      if (line.length > MAX_LINE) return this.refuse(500, 'Command line too long');
      if (!line.trim()) continue;
      if (++this.pending > MAX_PENDING_COMMANDS) return this.refuse(421, 'Too many commands at once');
      // ABOR must not wait behind the transfer it aborts (RFC 959 4.1.3): end the data connection now; the
      // transfer answers 426 and the queued ABOR then 226.
      if (/^ABOR\s*$/i.test(line)) this.data.destroyTransfers();
      this.queue = this.queue
        .then(() => this.command(line))
        .catch((error: unknown) => this.internalError(error))
        .finally(() => void this.pending--);
    }
  }

  /** A hostile or broken client: say why, then drop the connection (and with it any waiting passive port). */
  private refuse(code: number, message: string): void {
    this.reply(code, message);
    this.buffer = '';
    this.socket.destroy();
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
    const fixed = fixedReply(verb, arg);
    if (fixed) return this.reply(fixed.code, fixed.message);
    switch (verb) {
      case 'USER':
        this.user = arg;
        this.loggedIn = false;
        return this.reply(331, this.options.credentials ? 'Password required' : 'Any password will do');
      case 'PASS':
        return this.pass(arg);
      case 'QUIT':
        this.reply(221, 'Bye');
        this.socket.end();
        return;
      case 'FEAT':
        if (!this.socket.destroyed) this.socket.write('211-Features:\r\n EPSV\r\n PASV\r\n UTF8\r\n211 End\r\n');
        return;
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
      case 'PASV':
        return this.openPassive(false);
      case 'EPSV':
        return arg.trim().toUpperCase() === 'ALL' ? this.reply(200, 'EPSV ALL accepted') : this.openPassive(true);
      case 'LIST':
      case 'NLST':
        return this.list(verb, arg);
      case 'STOR':
      case 'APPE':
      case 'STOU':
        return this.store(resolveFtpPath(this.cwd, verb === 'STOU' ? `upload-${Date.now()}` : arg));
      case 'RETR':
        this.data.close();
        return this.reply(550, 'Downloads are not possible');
      default:
        return this.reply(502, `${verb.slice(0, 16)} is not implemented`);
    }
  }

  private pass(password: string): void {
    if (this.user === null) return this.reply(503, 'Send USER first');
    const { credentials, checkCredentials } = this.options;
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
    if (!this.options.fs.list(path)) return this.reply(550, `No such folder ${pathText(path)}`);
    this.cwd = path;
    this.reply(250, `Now in ${pathText(path)}`);
  }

  private makeFolder(path: string[]): void {
    const refusal = this.options.fs.canMakeFolder(path);
    if (refusal) return this.reply(550, refusal);
    this.reply(257, `"${pathText(path).replace(/"/g, '""')}" created`);
  }

  private async openPassive(extended: boolean): Promise<void> {
    const answer = await this.data.open(this.socket.localAddress, extended);
    this.reply(answer.code, answer.message);
  }

  /** Takes the passive data connection opened for this command, or answers 425. */
  private async dataConnection(): Promise<Socket | null> {
    const data = await this.data.take();
    if ('code' in data) {
      this.reply(data.code, data.message);
      return null;
    }
    return data;
  }

  private async list(verb: 'LIST' | 'NLST', arg: string): Promise<void> {
    // `LIST -la /path`: options are ignored.
    const target = arg
      .split(' ')
      .filter((part) => part && !part.startsWith('-'))
      .join(' ');
    const path = resolveFtpPath(this.cwd, target);
    const names = this.options.fs.list(path);
    if (!names) {
      this.data.close();
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
    const refusal = path.length === 0 ? 'No file name' : this.options.fs.checkUpload(path);
    if (refusal) {
      this.data.close();
      return this.reply(550, refusal);
    }
    const data = await this.dataConnection();
    if (!data) return;
    this.reply(150, 'Ready to receive');
    const { kept, bytes, complete } = await receiveUpload(data, this.options.maxKeepBytes);
    // Stopped meanwhile: nothing to report. A client that left without waiting for the reply still had motion.
    if (this.serverClosing()) return;
    const answer = await this.options.fs.uploaded({ path, data: kept, bytes, complete });
    this.reply(complete ? answer.code : 426, complete ? answer.message : 'Transfer aborted');
  }
}
