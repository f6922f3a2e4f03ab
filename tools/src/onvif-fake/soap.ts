import { createHash } from 'node:crypto';

/** SOAP 1.2 envelopes for the fake ONVIF device: building answers, reading the few values a request carries. */

export const NS = {
  s: 'http://www.w3.org/2003/05/soap-envelope',
  tds: 'http://www.onvif.org/ver10/device/wsdl',
  trt: 'http://www.onvif.org/ver10/media/wsdl',
  tptz: 'http://www.onvif.org/ver20/ptz/wsdl',
  tev: 'http://www.onvif.org/ver10/events/wsdl',
  tt: 'http://www.onvif.org/ver10/schema',
  wsnt: 'http://docs.oasis-open.org/wsn/b-2',
  wsa: 'http://www.w3.org/2005/08/addressing',
  tns1: 'http://www.onvif.org/ver10/topics',
  ter: 'http://www.onvif.org/ver10/error',
} as const;

const DECLARATIONS = Object.entries(NS)
  .map(([prefix, uri]) => `xmlns:${prefix}="${uri}"`)
  .join(' ');

export function envelope(body: string, header = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?><s:Envelope ${DECLARATIONS}><s:Header>${header}</s:Header><s:Body>${body}</s:Body></s:Envelope>`;
}

export function fault(code: 'Sender' | 'Receiver', subcode: string, reason: string): string {
  return envelope(
    `<s:Fault><s:Code><s:Value>s:${code}</s:Value><s:Subcode><s:Value>${subcode}</s:Value></s:Subcode></s:Code>` +
      `<s:Reason><s:Text xml:lang="en">${escapeXml(reason)}</s:Text></s:Reason></s:Fault>`,
  );
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text content as the XML means it: named and numeric character references decoded. */
export function unescapeXml(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(lt|gt|amp|quot|apos));/gi, (whole, dec?: string, hex?: string, named?: string) => {
    if (named) return NAMED_ENTITIES[named.toLowerCase()] ?? whole;
    const code = dec ? Number(dec) : parseInt(hex ?? '', 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The local name of the first element inside <…:Body>, e.g. `ContinuousMove`; null when there is none. */
export function bodyAction(xml: string): string | null {
  const body = /<(?:[\w-]+:)?Body\b[^>]*>/.exec(xml);
  if (!body) return null;
  const first = /<(?:[\w-]+:)?([A-Za-z]\w*)/.exec(xml.slice(body.index + body[0].length));
  return first?.[1] ?? null;
}

const TEXT_ELEMENTS = [
  'ProfileToken',
  'PresetToken',
  'PresetName',
  'Timeout',
  'MessageLimit',
  'InitialTerminationTime',
  'TerminationTime',
  'Protocol',
  'Stream',
  'Username',
  'Password',
  'Nonce',
  'Created',
];
const TEXT_ELEMENT = new RegExp(`<(?:[\\w-]+:)?(${TEXT_ELEMENTS.join('|')})\\b[^>]*>([^<]*)<`, 'g');
const VECTOR_ELEMENT = /<(?:[\w-]+:)?(PanTilt|Zoom)\b([^>]*)>/g;
const ATTRIBUTE = /\b([xy])="([^"]*)"/g;

/**
 * The simple values of a request: the text of known elements (first occurrence), and the vectors of moves as
 * `Velocity.pan`-style keys (`<Velocity><PanTilt x y/><Zoom x/></Velocity>` → `pan`, `tilt`, `zoom`).
 */
export function requestParams(xml: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [, name, value] of xml.matchAll(TEXT_ELEMENT)) {
    if (name && value !== undefined && !(name in params)) params[name] = unescapeXml(value.trim());
  }
  for (const [, name, attributes] of xml.matchAll(VECTOR_ELEMENT)) {
    const values: Record<string, string | undefined> = {};
    for (const [, key, value] of (attributes ?? '').matchAll(ATTRIBUTE)) if (key) values[key] = value;
    if (name === 'PanTilt') {
      if (values.x !== undefined) params.pan ??= values.x;
      if (values.y !== undefined) params.tilt ??= values.y;
    } else if (values.x !== undefined) params.zoom ??= values.x;
  }
  return params;
}

/**
 * Whether the request carries a valid WS-Security UsernameToken: PasswordDigest = Base64(SHA-1(nonce + created +
 * password)), the user known, and Created within `toleranceMs` of the device's clock (`deviceNow`).
 */
export function validDigest(
  params: Record<string, string>,
  credentials: { user: string; password: string },
  deviceNow: number,
  toleranceMs: number,
): boolean {
  const { Username: user, Password: digest, Nonce: nonce, Created: created } = params;
  if (user !== credentials.user || !digest || !nonce || !created) return false;
  const createdAt = Date.parse(created);
  if (!Number.isFinite(createdAt) || Math.abs(createdAt - deviceNow) > toleranceMs) return false;
  const expected = createHash('sha1')
    .update(Buffer.concat([Buffer.from(nonce, 'base64'), Buffer.from(created, 'utf8'), Buffer.from(credentials.password, 'utf8')]))
    .digest('base64');
  return expected === digest;
}

/** ISO 8601 durations as ONVIF sends them (PT5S, PT1M, PT1H30M): milliseconds, or `fallback` when unreadable. */
export function durationMs(text: string | undefined, fallback: number): number {
  const match = /^PT(?:(\d{1,4})H)?(?:(\d{1,5})M)?(?:(\d{1,6}(?:\.\d{1,3})?)S)?$/.exec(text ?? '');
  if (!match || (!match[1] && !match[2] && !match[3])) return fallback;
  return ((Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0)) * 60 + Number(match[3] ?? 0)) * 1000;
}
