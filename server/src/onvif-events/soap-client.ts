import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { XMLParser } from 'fast-xml-parser';

/**
 * The few SOAP 1.2 calls the event subscription makes, sent by HomeCam itself instead of through the `onvif`
 * package: that one fixes every subscription and renewal at two minutes and every pull at one (no short times for
 * tests, no shorter waits for a camera that caps them), and reads answers of any size. Here every answer is cut at
 * MAX_ANSWER_BYTES, every call has a deadline and can be aborted, and the password only ever enters the digest.
 */

/** Larger answers are refused: ten notifications are a few kilobytes, a hostile camera could send gigabytes. */
export const MAX_ANSWER_BYTES = 256 * 1024;

export interface OnvifCredentials {
  username: string;
  password: string;
}

/** A failed call. `message` is for people and logs (never a credential); problemCodeOf reads its words. */
export class OnvifCallError extends Error {
  constructor(
    message: string,
    /** `fault`: the camera answered with a SOAP fault; `auth`: it refused the credentials; `network`: no usable answer. */
    readonly kind: 'fault' | 'auth' | 'network',
  ) {
    super(message);
    this.name = 'OnvifCallError';
  }
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => name === 'NotificationMessage' || name === 'SimpleItem',
});

export type XmlNode = Record<string, unknown>;

export const NAMESPACES = {
  tds: 'http://www.onvif.org/ver10/device/wsdl',
  tev: 'http://www.onvif.org/ver10/events/wsdl',
  wsnt: 'http://docs.oasis-open.org/wsn/b-2',
} as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** WS-Security UsernameToken with PasswordDigest = Base64(SHA-1(nonce + created + password)), created on the camera's clock. */
function securityHeader(credentials: OnvifCredentials, cameraNow: number): string {
  const nonce = randomBytes(16);
  const created = new Date(cameraNow).toISOString();
  const digest = createHash('sha1').update(Buffer.concat([nonce, Buffer.from(created, 'utf8'), Buffer.from(credentials.password, 'utf8')])).digest('base64');
  return (
    '<wsse:Security s:mustUnderstand="1" xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd" ' +
    'xmlns:wsu="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd"><wsse:UsernameToken>' +
    `<wsse:Username>${escapeXml(credentials.username)}</wsse:Username>` +
    `<wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordDigest">${digest}</wsse:Password>` +
    `<wsse:Nonce EncodingType="http://docs.oasis-open.org/wss/2004/01/oasis-200401-soap-message-security-1.0#Base64Binary">${nonce.toString('base64')}</wsse:Nonce>` +
    `<wsu:Created>${created}</wsu:Created></wsse:UsernameToken></wsse:Security>`
  );
}

export interface SoapCall {
  url: URL;
  /** The body's one element, with its namespace declared on it. */
  body: string;
  /** Null for the one call a camera answers without (GetSystemDateAndTime). */
  credentials: OnvifCredentials | null;
  /** The camera's clock now (this machine's clock plus the measured offset). */
  cameraNow: number;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

/** Posts one SOAP request; resolves with the parsed `Body`, rejects with an OnvifCallError. */
export async function soapCall(call: SoapCall): Promise<XmlNode> {
  const header = call.credentials ? securityHeader(call.credentials, call.cameraNow) : '';
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?><s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope">' +
    `<s:Header>${header}</s:Header><s:Body>${call.body}</s:Body></s:Envelope>`;
  const answer = await post(call.url, xml, call.timeoutMs, call.signal);
  let parsed: XmlNode;
  try {
    parsed = parser.parse(answer.text) as XmlNode;
  } catch {
    throw new OnvifCallError(`HTTP ${answer.status}: the answer is not XML`, 'network');
  }
  const body = child(child(parsed, 'Envelope'), 'Body');
  const fault = child(body, 'Fault');
  if (Object.keys(fault).length > 0 || answer.status >= 300) throw faultError(answer.status, fault);
  return body;
}

/** A SOAP fault as an error: ter:NotAuthorized (HTTP 400) and HTTP 401 are refused credentials. */
function faultError(status: number, fault: XmlNode): OnvifCallError {
  const subcode = text(child(child(child(fault, 'Code'), 'Subcode'), 'Value')).slice(0, 100);
  const reason = text(child(child(fault, 'Reason'), 'Text')).slice(0, 200);
  if (status === 401 || /NotAuthori[sz]ed/i.test(subcode)) return new OnvifCallError(`not authorized: the camera refused the ONVIF user or password (HTTP ${status})`, 'auth');
  const detail = [subcode, reason].filter(Boolean).join(': ');
  return new OnvifCallError(`the camera answered HTTP ${status}${detail ? ` with a fault (${detail})` : ''}`, 'fault');
}

interface Answer {
  status: number;
  text: string;
}

function post(url: URL, xml: string, timeoutMs: number, signal?: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/soap+xml; charset=utf-8', 'Content-Length': Buffer.byteLength(xml) },
        signal,
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            response.destroy();
            reject(new OnvifCallError(`the camera's answer is larger than ${MAX_ANSWER_BYTES / 1024} KiB`, 'network'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (error) => reject(networkError(error)));
      },
    );
    // The socket timeout covers the whole wait, also a PullMessages the camera holds open (callers add its wait).
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s (timed out)`)), timeoutMs);
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', () => request.destroy(new Error('the connection timed out')));
    request.on('error', (error) => reject(networkError(error)));
    request.end(xml);
  });
}

function networkError(error: Error): OnvifCallError {
  const code = (error as NodeJS.ErrnoException).code;
  return new OnvifCallError(code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message, 'network');
}

/** The named child element (an object), or an empty object: answers are read without trusting their shape. */
export function child(node: unknown, name: string): XmlNode {
  const value = node !== null && typeof node === 'object' ? (node as XmlNode)[name] : undefined;
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (first !== null && typeof first === 'object') return first as XmlNode;
  if (typeof first === 'string') return { '#text': first };
  return {};
}

/** The text content of an element as the parser gives it (a plain string, or `#text` beside attributes). */
export function text(node: unknown): string {
  if (typeof node === 'string') return node.trim();
  const value = node !== null && typeof node === 'object' ? (node as XmlNode)['#text'] : undefined;
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

export function list(node: unknown, name: string): unknown[] {
  const value = node !== null && typeof node === 'object' ? (node as XmlNode)[name] : undefined;
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
