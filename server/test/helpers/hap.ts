import { HttpClient } from 'hap-controller';

/** HAP short type of a full UUID: `00000049-0000-1000-8000-0026BB765291` → `49`. */
export const shortType = (type: string | undefined): string => (type ?? '').split('-')[0]!.replace(/^0+/, '').toUpperCase();

export const SERVICE = { info: '3E', motion: '85', switch: '49', doorbell: '121', streaming: '110' } as const;
export const CHAR = { name: '23', manufacturer: '20', model: '21', serial: '30', on: '25', motion: '22', switchEvent: '73', configuredName: 'E3' } as const;

interface HapCharacteristic {
  iid?: number | undefined;
  type?: string | undefined;
  value?: unknown;
}
interface HapService {
  iid?: number | undefined;
  type?: string | undefined;
  characteristics: HapCharacteristic[];
}
export interface HapAccessory {
  aid: number;
  services: HapService[];
}

/** Kept here for this module's importers; the one implementation is in @homecam/tools. */
export { freePort } from '@homecam/tools';

/** Pairs like an iPhone would (SRP with the setup code) and returns a client with the long-term keys. */
export async function pair(bridgeId: string, port: number, setupCode: string): Promise<HttpClient> {
  const setup = new HttpClient(bridgeId, '127.0.0.1', port);
  await setup.pairSetup(setupCode);
  const data = setup.getLongTermData();
  await setup.close();
  if (!data) throw new Error('no pairing data');
  return new HttpClient(bridgeId, '127.0.0.1', port, data);
}

export async function accessories(client: HttpClient): Promise<HapAccessory[]> {
  return (await client.getAccessories()).accessories;
}

/** A characteristic of a service of the accessory named `name` (AccessoryInformation Name), as `aid.iid` and value. */
export function find(list: HapAccessory[], name: string, service: string, characteristic: string, serviceName?: string) {
  const accessory = list.find((a) => a.services.some((s) => shortType(s.type) === SERVICE.info && s.characteristics.some((c) => shortType(c.type) === CHAR.name && c.value === name)));
  if (!accessory) return undefined;
  const services = accessory.services.filter((s) => shortType(s.type) === service);
  const chosen = serviceName ? services.find((s) => s.characteristics.some((c) => shortType(c.type) === CHAR.name && c.value === serviceName)) : services[0];
  const found = chosen?.characteristics.find((c) => shortType(c.type) === characteristic);
  return found ? { aid: accessory.aid, iid: found.iid, id: `${accessory.aid}.${found.iid}`, value: found.value } : undefined;
}

/** Width and height from a JPEG's start-of-frame marker. */
export function jpegSize(jpeg: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < jpeg.length) {
    if (jpeg[at] !== 0xff) return null;
    const marker = jpeg[at + 1]!;
    const length = jpeg.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return null;
}
