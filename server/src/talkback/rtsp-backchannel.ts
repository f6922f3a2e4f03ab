/**
 * The ONVIF Profile T audio backchannel of an RTSP camera: DESCRIBE with `Require: www.onvif.org/ver20/backchannel`,
 * SETUP of its sendonly audio media over the control connection (RTP/AVP/TCP interleaved), PLAY, then RTP packets
 * out; GET_PARAMETER keeps the session alive, TEARDOWN ends it. The camera URL's credentials are used for the
 * Authorization header only; what is thrown or logged never holds the URL.
 */
import { findBackchannel, type Backchannel } from './backchannel-sdp.js';
import type { Credentials } from './rtsp-auth.js';
import { RtspConnection, RtspError } from './rtsp-connection.js';
import { header, type RtspResponse } from './rtsp-reader.js';

export const BACKCHANNEL_REQUIRE = 'www.onvif.org/ver20/backchannel';
const REQUIRE = { Require: BACKCHANNEL_REQUIRE };
const DEFAULT_TIMEOUT_MS = 5_000;
/** Cameras time a session out after ~60 s without a request (the Session header's timeout says exactly). */
const DEFAULT_SESSION_TIMEOUT_S = 60;
/** Unsent bytes a camera may leave on the socket (~4 s of G.711) before packets are dropped instead. */
const MAX_BUFFERED_BYTES = 32 * 1024;

export interface RtspTarget {
  host: string;
  port: number;
  credentials: Credentials | null;
  /** The URL without user info, as it goes into request lines. */
  requestUrl: string;
}

/** Splits an rtsp:// URL; throws RtspError for anything else (rtsps, http, a bad URL) without echoing it. */
export function rtspTarget(url: string): RtspTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RtspError('the camera source is not a URL');
  }
  if (parsed.protocol !== 'rtsp:') throw new RtspError('talking needs an rtsp:// camera source');
  const decode = (text: string): string => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const credentials = parsed.username ? { user: decode(parsed.username), password: decode(parsed.password) } : null;
  parsed.username = '';
  parsed.password = '';
  return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port: Number(parsed.port || 554), credentials, requestUrl: parsed.toString() };
}

async function describe(connection: RtspConnection, target: RtspTarget): Promise<Backchannel | null> {
  let response: RtspResponse;
  try {
    response = await connection.request('DESCRIBE', target.requestUrl, { Accept: 'application/sdp', ...REQUIRE });
  } catch (error) {
    // 551 Option not supported: a camera without a backchannel that checks the Require header (RFC 2326 §12.32)
    if (error instanceof RtspError && error.status === 551) return null;
    throw error;
  }
  return findBackchannel(response.body, header(response, 'content-base') ?? header(response, 'content-location') ?? target.requestUrl);
}

/** Asks the camera whether it has a backchannel: its format, or null. Throws RtspError when it cannot be asked. */
export async function probeBackchannel(url: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Backchannel | null> {
  const target = rtspTarget(url);
  const connection = await RtspConnection.open({ ...target, timeoutMs });
  try {
    return await describe(connection, target);
  } finally {
    connection.close();
  }
}

export class BackchannelSession {
  /** Opens the backchannel; throws RtspError (no backchannel: status 551) when the camera cannot take sound. */
  static async open(url: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<BackchannelSession> {
    const target = rtspTarget(url);
    const connection = await RtspConnection.open({ ...target, timeoutMs });
    try {
      const format = await describe(connection, target);
      if (!format) throw new RtspError('the camera offers no audio backchannel', 551);
      const setup = await connection.request('SETUP', format.controlUrl, { Transport: 'RTP/AVP/TCP;unicast;interleaved=0-1', ...REQUIRE });
      const session = header(setup, 'session');
      if (!session) throw new RtspError('the camera answered SETUP without a session');
      const [id = '', ...params] = session.split(';');
      const timeout = Number(/timeout=(\d+)/.exec(params.join(';'))?.[1] ?? DEFAULT_SESSION_TIMEOUT_S);
      const channel = Number(/interleaved=(\d+)/.exec(header(setup, 'transport') ?? '')?.[1] ?? 0);
      await connection.request('PLAY', target.requestUrl, { Session: id.trim(), Range: 'npt=0.000-', ...REQUIRE });
      return new BackchannelSession(connection, target, format, id.trim(), channel, timeout);
    } catch (error) {
      connection.close();
      throw error;
    }
  }

  private readonly keepAlive: ReturnType<typeof setInterval>;
  private closing = false;
  private sentPackets = 0;

  private constructor(
    private readonly connection: RtspConnection,
    private readonly target: RtspTarget,
    readonly format: Backchannel,
    private readonly session: string,
    private readonly channel: number,
    timeoutSeconds: number,
  ) {
    const everyMs = Math.max(5, Math.min(timeoutSeconds, 120) / 2) * 1_000;
    this.keepAlive = setInterval(() => void this.ping(), everyMs);
    this.keepAlive.unref();
    connection.onClose(() => clearInterval(this.keepAlive));
  }

  get open(): boolean {
    return !this.closing && !this.connection.closed;
  }

  get packetsSent(): number {
    return this.sentPackets;
  }

  /** Called once when the camera ends the session or the connection breaks (also after close()). */
  onClose(listener: (error: Error) => void): void {
    this.connection.onClose(listener);
  }

  /** One RTP packet to the camera; false when dropped (closed, or the camera stopped reading). */
  send(rtp: Buffer): boolean {
    if (!this.open || this.connection.bufferedBytes > MAX_BUFFERED_BYTES) return false;
    const sent = this.connection.writeInterleaved(this.channel, rtp);
    if (sent) this.sentPackets += 1;
    return sent;
  }

  /** TEARDOWN (waited for briefly) and the connection closed. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.keepAlive);
    try {
      if (!this.connection.closed) await this.connection.request('TEARDOWN', this.target.requestUrl, { Session: this.session, ...REQUIRE });
    } catch {
      // the camera is gone or slow: closing the connection ends its session as well
    } finally {
      this.connection.close();
    }
  }

  private async ping(): Promise<void> {
    if (!this.open) return;
    try {
      await this.connection.request('GET_PARAMETER', this.target.requestUrl, { Session: this.session });
    } catch (error) {
      // a camera without GET_PARAMETER (405/501) still counts the request as a sign of life; one that is gone closes
      if (!(error instanceof RtspError && error.status !== undefined)) this.connection.close();
    }
  }
}
