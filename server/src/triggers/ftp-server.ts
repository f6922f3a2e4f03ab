import { createServer, type AddressInfo, type Server } from 'node:net';
import { plainAddress, type FtpServerOptions } from './ftp-protocol.js';
import { FtpSession } from './ftp-session.js';

export { resolveFtpPath, type FtpFileSystem, type FtpReply, type FtpServerOptions } from './ftp-protocol.js';

/**
 * A minimal FTP server (RFC 959 subset, passive mode only) over a virtual file system: enough for IP cameras
 * that upload alarm pictures. Nothing is written to disk; downloads are impossible. Written here because the
 * FTP server libraries for Node are unmaintained or drag in vulnerable dependencies (ftp-srv: `ip`, bunyan).
 *
 * Supported: USER PASS SYST FEAT OPTS TYPE MODE STRU NOOP PWD CWD CDUP MKD PASV EPSV LIST NLST STOR APPE
 * DELE RMD RNFR RNTO ALLO ABOR QUIT. Active mode (PORT/EPRT) is refused: it would make the server connect out.
 *
 * Files: this one listens and caps the sessions; ftp-session.ts is the control channel (commands, login, line
 * and flood limits); ftp-passive.ts the passive data connections; ftp-protocol.ts the stateless parts.
 */
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
      const session = new FtpSession(socket, options, () => this.closing, plainAddress(socket.remoteAddress));
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
