import dgram from 'node:dgram';
import { randomUUID } from 'node:crypto';
import { escapeXml } from './soap.js';

/**
 * WS-Discovery responder: joins 239.255.255.250 on UDP 3702 and answers a Probe for NetworkVideoTransmitter (or
 * for any type) with a ProbeMatch naming the device service (XAddrs) and scopes with the model and name. Multicast
 * needs a network namespace with a multicast route on lo (tests make one with `unshare -n`).
 */

export const DISCOVERY_GROUP = '239.255.255.250';
export const DISCOVERY_PORT = 3702;

export interface DiscoveryFacts {
  endpoint: string;
  xaddr: string;
  model: string;
  name: string;
  manufacturer: string;
}

function probeMatch(relatesTo: string, f: DiscoveryFacts): string {
  const scopes = [
    'onvif://www.onvif.org/type/video_encoder',
    'onvif://www.onvif.org/type/ptz',
    'onvif://www.onvif.org/Profile/Streaming',
    `onvif://www.onvif.org/hardware/${encodeURIComponent(f.model)}`,
    `onvif://www.onvif.org/name/${encodeURIComponent(f.name)}`,
    `onvif://www.onvif.org/mfr/${encodeURIComponent(f.manufacturer)}`,
  ].join(' ');
  return (
    '<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://www.w3.org/2003/05/soap-envelope" ' +
    'xmlns:wsa="http://schemas.xmlsoap.org/ws/2004/08/addressing" xmlns:d="http://schemas.xmlsoap.org/ws/2005/04/discovery" ' +
    'xmlns:dn="http://www.onvif.org/ver10/network/wsdl"><SOAP-ENV:Header>' +
    `<wsa:MessageID>urn:uuid:${randomUUID()}</wsa:MessageID><wsa:RelatesTo>${escapeXml(relatesTo)}</wsa:RelatesTo>` +
    '<wsa:To>http://schemas.xmlsoap.org/ws/2004/08/addressing/role/anonymous</wsa:To>' +
    '<wsa:Action>http://schemas.xmlsoap.org/ws/2005/04/discovery/ProbeMatches</wsa:Action></SOAP-ENV:Header><SOAP-ENV:Body>' +
    `<d:ProbeMatches><d:ProbeMatch><wsa:EndpointReference><wsa:Address>${escapeXml(f.endpoint)}</wsa:Address></wsa:EndpointReference>` +
    `<d:Types>dn:NetworkVideoTransmitter</d:Types><d:Scopes>${escapeXml(scopes)}</d:Scopes><d:XAddrs>${escapeXml(f.xaddr)}</d:XAddrs>` +
    '<d:MetadataVersion>1</d:MetadataVersion></d:ProbeMatch></d:ProbeMatches></SOAP-ENV:Body></SOAP-ENV:Envelope>'
  );
}

/** Whether a datagram is a Probe this device matches (no Types, or NetworkVideoTransmitter / Device). */
function matchingProbe(text: string): string | null {
  if (!/<(?:[\w-]+:)?Probe\b/.test(text)) return null;
  const types = /<(?:[\w-]+:)?Types\b[^>]*>([^<]*)</.exec(text)?.[1]?.trim() ?? '';
  if (types && !/NetworkVideoTransmitter|\bDevice\b/.test(types)) return null;
  return /<(?:[\w-]+:)?MessageID\b[^>]*>([^<]*)</.exec(text)?.[1]?.trim() ?? '';
}

export async function startDiscoveryResponder(
  facts: () => DiscoveryFacts,
  multicastInterface: string,
  onProbe: () => void,
): Promise<() => Promise<void>> {
  const socket = dgram.createSocket({ type: 'udp4', reuseAddr: true });
  socket.on('message', (message, remote) => {
    if (message.length > 16_384) return;
    const relatesTo = matchingProbe(message.toString('utf8'));
    if (relatesTo === null) return;
    onProbe();
    socket.send(probeMatch(relatesTo, facts()), remote.port, remote.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(DISCOVERY_PORT, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  socket.addMembership(DISCOVERY_GROUP, multicastInterface);
  return () => new Promise<void>((resolve) => socket.close(() => resolve()));
}
