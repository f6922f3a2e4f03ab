import { connect } from 'node:net';

/**
 * Sends one RTSP OPTIONS request and resolves true when the server answers `RTSP/1.0 200`.
 * Never rejects: connection errors and time-outs resolve false, so it can be polled.
 */
export function rtspOptions(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let answer = '';
    const finish = (ok: boolean): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.setEncoding('latin1');
    socket.on('connect', () => {
      socket.write(`OPTIONS rtsp://${host}:${port}/ RTSP/1.0\r\nCSeq: 1\r\nUser-Agent: homecam-probe\r\n\r\n`);
    });
    socket.on('data', (chunk: string) => {
      answer += chunk;
      if (answer.includes('\r\n')) finish(answer.startsWith('RTSP/1.0 200'));
    });
    socket.on('error', () => finish(false));
    socket.on('close', () => finish(false));
  });
}
