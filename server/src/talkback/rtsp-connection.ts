/**
 * One RTSP control connection over TCP: requests one at a time with CSeq, answers read by RtspReader, a 401
 * answered once with the camera's Basic or Digest challenge, a time-out per request, and interleaved binary
 * frames written on the same socket (RTP over TCP). Errors carry no URL and no credentials.
 */
import { connect, type Socket } from 'node:net';
import { authorization, pickChallenge, type Challenge, type Credentials } from './rtsp-auth.js';
import { header, RtspProtocolError, RtspReader, type RtspResponse } from './rtsp-reader.js';

export class RtspError extends Error {
  constructor(
    message: string,
    /** The camera's status code, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

const USER_AGENT = 'HomeCam';

export interface ConnectionOptions {
  host: string;
  port: number;
  credentials: Credentials | null;
  timeoutMs: number;
}

export class RtspConnection {
  private readonly socket: Socket;
  private readonly reader = new RtspReader();
  private cseq = 0;
  private pending: { resolve: (r: RtspResponse) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> } | null = null;
  private challenge: Challenge | null = null;
  private nonceCount = 0;
  private closedWith: Error | null = null;
  private readonly closeListeners: ((error: Error) => void)[] = [];

  private constructor(private readonly options: ConnectionOptions, socket: Socket) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.fail(new RtspError(`connection to the camera failed (${(error as NodeJS.ErrnoException).code ?? 'error'})`)));
    socket.on('close', () => this.fail(new RtspError('the camera closed the connection')));
  }

  static open(options: ConnectionOptions): Promise<RtspConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: options.host, port: options.port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new RtspError('the camera did not accept the connection in time'));
      }, options.timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        resolve(new RtspConnection(options, socket));
      });
      socket.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(new RtspError(`cannot connect to the camera (${error.code ?? 'error'})`));
      });
    });
  }

  get closed(): boolean {
    return this.closedWith !== null;
  }

  /** Called once when the connection ends for any reason (also after close()). */
  onClose(listener: (error: Error) => void): void {
    if (this.closedWith) listener(this.closedWith);
    else this.closeListeners.push(listener);
  }

  /** Sends a request and resolves with a 2xx answer; a 401 is answered once with the credentials. */
  async request(method: string, url: string, headers: Record<string, string> = {}): Promise<RtspResponse> {
    let response = await this.send(method, url, headers);
    if (response.status === 401 && this.options.credentials) {
      this.challenge = pickChallenge(response.headers.get('www-authenticate') ?? []);
      this.nonceCount = 0;
      if (this.challenge) response = await this.send(method, url, headers);
    }
    if (response.status === 401) throw new RtspError('the camera refused the user name or password', 401);
    if (response.status < 200 || response.status > 299) throw new RtspError(`the camera answered ${method} with ${response.status} ${response.reason.slice(0, 80)}`, response.status);
    return response;
  }

  /** Writes one interleaved frame (`$`, channel, length, data); false when the socket is gone. */
  writeInterleaved(channel: number, data: Buffer): boolean {
    if (this.closedWith || data.length > 0xffff) return false;
    const head = Buffer.from([0x24, channel, data.length >> 8, data.length & 0xff]);
    this.socket.write(Buffer.concat([head, data]));
    return true;
  }

  /** Bytes written but not yet handed to the kernel (a camera that stops reading makes this grow). */
  get bufferedBytes(): number {
    return this.socket.writableLength;
  }

  close(): void {
    this.fail(new RtspError('closed'));
    this.socket.destroy();
  }

  private send(method: string, url: string, headers: Record<string, string>): Promise<RtspResponse> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    if (this.pending) return Promise.reject(new RtspError('one RTSP request at a time'));
    this.cseq += 1;
    const lines = [`${method} ${url} RTSP/1.0`, `CSeq: ${this.cseq}`, `User-Agent: ${USER_AGENT}`];
    if (this.challenge && this.options.credentials) {
      this.nonceCount += 1;
      lines.push(`Authorization: ${authorization(this.challenge, this.options.credentials, method, url, this.nonceCount)}`);
    }
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending = null;
        reject(new RtspError(`the camera did not answer ${method} in time`));
        this.close();
      }, this.options.timeoutMs);
      this.pending = { resolve, reject, timer };
      this.socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
  }

  private onData(chunk: Buffer): void {
    let responses: RtspResponse[];
    try {
      responses = this.reader.push(chunk);
    } catch (error) {
      this.fail(error instanceof RtspProtocolError ? new RtspError(error.message) : new RtspError('unreadable answer from the camera'));
      this.socket.destroy();
      return;
    }
    for (const response of responses) {
      const pending = this.pending;
      if (!pending || header(response, 'cseq') !== String(this.cseq)) continue; // a late or unasked answer
      this.pending = null;
      clearTimeout(pending.timer);
      pending.resolve(response);
    }
  }

  private fail(error: Error): void {
    if (this.closedWith) return;
    this.closedWith = error;
    const pending = this.pending;
    this.pending = null;
    if (pending) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    for (const listener of this.closeListeners.splice(0)) listener(error);
  }
}
