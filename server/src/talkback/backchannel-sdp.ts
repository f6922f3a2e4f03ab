/**
 * The backchannel of an ONVIF Profile T camera's SDP (answer to a DESCRIBE with `Require:
 * www.onvif.org/ver20/backchannel`): an audio media the camera marks `a=sendonly` (from its side: the client sends)
 * with G.711 at 8 kHz. Reads line by line, bounded by the reader's 64 KiB body limit.
 */
export type G711 = 'PCMU' | 'PCMA';

export interface Backchannel {
  /** Absolute control URL of the media (for SETUP), without credentials. */
  controlUrl: string;
  payloadType: number;
  encoding: G711;
  clockRate: number;
}

/** Static payload types of RFC 3551 a camera may list without an rtpmap line. */
const STATIC: Record<number, G711> = { 0: 'PCMU', 8: 'PCMA' };

interface Media {
  kind: string;
  formats: number[];
  lines: string[];
}

function medias(sdp: string): { session: string[]; media: Media[] } {
  const session: string[] = [];
  const media: Media[] = [];
  for (const raw of sdp.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('m=')) {
      const [kind = '', , , ...formats] = line.slice(2).split(' ');
      media.push({ kind, formats: formats.map(Number).filter(Number.isInteger), lines: [] });
    } else if (media.length > 0) media.at(-1)?.lines.push(line);
    else session.push(line);
  }
  return { session, media };
}

/** The G.711 format of a media (mu-law first), or null. */
function g711Of(media: Media): { payloadType: number; encoding: G711; clockRate: number } | null {
  const found: { payloadType: number; encoding: G711; clockRate: number }[] = [];
  for (const payloadType of media.formats) {
    const rtpmap = media.lines.find((l) => l.startsWith(`a=rtpmap:${payloadType} `));
    if (rtpmap) {
      const match = /^a=rtpmap:\d+ (PCMU|PCMA)\/(\d+)/i.exec(rtpmap);
      if (match && Number(match[2]) === 8000) found.push({ payloadType, encoding: match[1]!.toUpperCase() as G711, clockRate: 8000 });
    } else if (STATIC[payloadType]) found.push({ payloadType, encoding: STATIC[payloadType], clockRate: 8000 });
  }
  return found.find((f) => f.encoding === 'PCMU') ?? found[0] ?? null;
}

/** Resolves a control attribute against the base (Content-Base, else the request URL), as RFC 2326 C.1.1 says. */
function resolveControl(control: string, base: string): string {
  if (/^rtsp:\/\//i.test(control)) return control;
  const withSlash = base.endsWith('/') ? base : `${base}/`;
  return new URL(control, withSlash).toString();
}

/** The camera's backchannel, or null when its SDP offers none we can send (no sendonly G.711 8 kHz audio). */
export function findBackchannel(sdp: string, baseUrl: string): Backchannel | null {
  const { session, media } = medias(sdp);
  const sessionControl = session.find((l) => l.startsWith('a=control:'))?.slice(10).trim();
  for (const m of media) {
    if (m.kind !== 'audio' || !m.lines.includes('a=sendonly')) continue;
    const format = g711Of(m);
    if (!format) continue;
    const control = m.lines.find((l) => l.startsWith('a=control:'))?.slice(10).trim();
    const base = sessionControl && sessionControl !== '*' ? resolveControl(sessionControl, baseUrl) : baseUrl;
    return { controlUrl: control ? resolveControl(control, base) : base, ...format };
  }
  return null;
}
