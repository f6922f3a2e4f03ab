/**
 * What an RTSP camera sends back on the control connection: responses (status line, headers, a body of
 * Content-Length bytes) and, once playing, interleaved `$` frames (RTCP of the backchannel) that are skipped.
 * Bounded: a header block over 16 KiB or a body over 64 KiB is an error, so a broken or hostile camera cannot make
 * the server buffer without end. Linear: each byte is looked at a bounded number of times.
 */
export interface RtspResponse {
  status: number;
  reason: string;
  /** Header names in lower case; a repeated header keeps every value (WWW-Authenticate may come twice). */
  headers: Map<string, string[]>;
  body: string;
}

const MAX_HEADER_BYTES = 16 * 1024;
const MAX_BODY_BYTES = 64 * 1024;
const INTERLEAVED = 0x24; // '$'

export class RtspProtocolError extends Error {}

export class RtspReader {
  private buffer: Buffer = Buffer.alloc(0);

  /** Takes bytes off the socket; returns the complete responses they finished (interleaved frames are dropped). */
  push(chunk: Buffer): RtspResponse[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const out: RtspResponse[] = [];
    for (;;) {
      if (this.buffer.length === 0) return out;
      if (this.buffer[0] === INTERLEAVED) {
        if (this.buffer.length < 4) return out;
        const size = 4 + this.buffer.readUInt16BE(2);
        if (this.buffer.length < size) return out;
        this.buffer = this.buffer.subarray(size);
        continue;
      }
      const response = this.takeResponse();
      if (!response) return out;
      out.push(response);
    }
  }

  private takeResponse(): RtspResponse | null {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) {
      if (this.buffer.length > MAX_HEADER_BYTES) throw new RtspProtocolError('the camera sent an RTSP header over 16 KiB');
      return null;
    }
    if (end > MAX_HEADER_BYTES) throw new RtspProtocolError('the camera sent an RTSP header over 16 KiB');
    const head = parseHead(this.buffer.subarray(0, end).toString('latin1'));
    const length = Number(head.headers.get('content-length')?.[0] ?? '0');
    if (!Number.isInteger(length) || length < 0 || length > MAX_BODY_BYTES) throw new RtspProtocolError('the camera sent an RTSP body over 64 KiB');
    const bodyStart = end + 4;
    if (this.buffer.length < bodyStart + length) return null;
    const body = this.buffer.subarray(bodyStart, bodyStart + length).toString('utf8');
    this.buffer = this.buffer.subarray(bodyStart + length);
    return { ...head, body };
  }
}

function parseHead(text: string): Omit<RtspResponse, 'body'> {
  const [statusLine = '', ...lines] = text.split('\r\n');
  const match = /^RTSP\/1\.\d (\d{3}) ?(.*)$/.exec(statusLine);
  if (!match) throw new RtspProtocolError('the camera did not answer with RTSP/1.0');
  const headers = new Map<string, string[]>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const values = headers.get(name) ?? [];
    values.push(line.slice(colon + 1).trim());
    headers.set(name, values);
  }
  return { status: Number(match[1]), reason: match[2] ?? '', headers };
}

/** The first value of a header, or undefined. */
export function header(response: RtspResponse, name: string): string | undefined {
  return response.headers.get(name.toLowerCase())?.[0];
}
