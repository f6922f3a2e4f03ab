import { createServer, isIPv4, type AddressInfo, type Server, type Socket } from 'node:net';
import { plainAddress, type FtpReply, type FtpServerOptions } from './ftp-protocol.js';

const DATA_CONNECT_MS = 15_000;
const DATA_IDLE_MS = 60_000;

type PassiveOptions = Pick<FtpServerOptions, 'passiveAddress' | 'passivePorts' | 'logger'>;

/**
 * The passive data connections of one FTP session: at most one listener waits at a time (a new PASV/EPSV
 * replaces it), it takes only the control connection's peer, and every transfer socket has an idle time-out.
 */
export class PassiveData {
  private passive: { server: Server; socket: Promise<Socket> } | null = null;
  private readonly sockets = new Set<Socket>();
  private disposed = false;

  constructor(
    private readonly options: PassiveOptions,
    /** The control connection's peer: the only address allowed to connect. */
    private readonly remote: string,
  ) {}

  /** Transfers running now (an upload or a listing). */
  get active(): number {
    return this.sockets.size;
  }

  /** PASV (`extended` false) or EPSV: listens, and answers with the address/port for the client. */
  async open(localAddress: string | undefined, extended: boolean): Promise<FtpReply> {
    this.close();
    const local = plainAddress(localAddress);
    const announced = this.options.passiveAddress ?? local;
    if (!extended && !isIPv4(announced)) return { code: 425, message: 'PASV needs IPv4; use EPSV' };
    const server = createServer();
    try {
      await this.listen(server, local);
    } catch (error) {
      this.options.logger.warn({ trigger: 'ftp', err: error instanceof Error ? error.message : String(error) }, 'FTP passive port unavailable');
      return { code: 425, message: 'No passive port available' };
    }
    // The session ended while the port was being opened: nobody would ever close this listener.
    if (this.disposed) {
      server.close();
      return { code: 425, message: 'Session closed' };
    }
    this.passive = { server, socket: this.accept(server) };
    const port = (server.address() as AddressInfo).port;
    if (extended) return { code: 229, message: `Entering Extended Passive Mode (|||${port}|)` };
    return { code: 227, message: `Entering Passive Mode (${announced.split('.').join(',')},${port >> 8},${port & 255})` };
  }

  /** The first connection from the session's client; rejects when none comes in time or the listener closes. */
  private accept(server: Server): Promise<Socket> {
    const socket = new Promise<Socket>((resolve, reject) => {
      const timer = setTimeout(() => {
        // No client came: stop listening now rather than hold the port until the next command.
        server.close();
        reject(new Error('no data connection'));
      }, DATA_CONNECT_MS);
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
    return socket;
  }

  private async listen(server: Server, host: string): Promise<void> {
    const range = this.options.passivePorts;
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

  /** Drops the waiting listener (a refused command, a new PASV, the session's end). */
  close(): void {
    this.passive?.server.close();
    this.passive = null;
  }

  /** Takes the data connection opened for this command, or the 425 to answer. */
  async take(): Promise<Socket | FtpReply> {
    const passive = this.passive;
    this.passive = null;
    if (!passive) return { code: 425, message: 'Use PASV or EPSV first' };
    try {
      const socket = await passive.socket;
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
      socket.setTimeout(DATA_IDLE_MS, () => socket.destroy());
      return socket;
    } catch {
      passive.server.close();
      return { code: 425, message: "Can't open data connection" };
    }
  }

  /** The control connection closed: no new transfers; running ones finish (see FtpSession.dispose). */
  dispose(): void {
    this.disposed = true;
    this.close();
  }

  /** Ends every transfer now (server stop, ABOR). */
  destroyTransfers(): void {
    for (const socket of this.sockets) socket.destroy();
  }
}

/** Reads an upload to its end: the bytes when they fit in `maxKeepBytes` (else drained), and whether it ended cleanly. */
export async function receiveUpload(data: Socket, maxKeepBytes: number): Promise<{ kept: Buffer | null; bytes: number; complete: boolean }> {
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
  return { kept: bytes <= maxKeepBytes ? Buffer.concat(chunks) : null, bytes, complete };
}
