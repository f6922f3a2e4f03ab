import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/** What `networkInterfaces()` answers; injectable so the check can be tested against a fixed machine. */
export type InterfaceTable = ReturnType<typeof networkInterfaces>;

/**
 * config.json `homekit.bind` → what hap-nodejs' `publish({ bind })` gets: each entry must be one of this machine's
 * interface names, one of their addresses, or the unspecified address (`0.0.0.0`, `::`). Anything else is refused
 * with a message naming it, before the HAP server or the mDNS advertiser sees it. Absent or empty = all interfaces.
 */
export function resolveBind(bind: readonly string[] | undefined, table: InterfaceTable = networkInterfaces()): string[] | undefined {
  if (!bind || bind.length === 0) return undefined;
  const names = Object.keys(table);
  const addresses = new Set(
    Object.values(table)
      .flatMap((entries) => entries ?? [])
      .map((entry) => entry.address.toLowerCase()),
  );
  const refused = bind.filter((entry) => {
    if (names.includes(entry)) return false;
    if (isIP(entry) === 0) return true;
    const address = entry.toLowerCase();
    return !(address === '0.0.0.0' || address === '::' || addresses.has(address));
  });
  if (refused.length > 0) {
    const list = refused.map((entry) => `'${entry.slice(0, 64)}'`).join(', ');
    throw new Error(`homekit.bind: ${list} is neither a network interface nor an address of this machine (interfaces: ${names.join(', ')})`);
  }
  return [...new Set(bind)];
}
