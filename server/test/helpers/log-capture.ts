import { Writable } from 'node:stream';

/**
 * Everything the app's pino logger writes, as one text: pass it as the log stream of createTestApp and assert
 * that a secret never appears in `text`.
 */
export class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString();
    callback();
  }
}

/** The same stream, parsed: one object a pino line, for tests that look for one message at one level. */
export class JsonLogCapture<Line extends { level: number; msg: string }> extends Writable {
  lines: Line[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    for (const line of chunk.toString().split('\n').filter(Boolean)) this.lines.push(JSON.parse(line) as Line);
    callback();
  }
}
