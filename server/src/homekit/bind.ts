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

/** Where the bridge is reachable: the advertiser's addresses (hap-nodejs `bind`) and the HAP server's listen host. */
export interface BridgeAddresses {
  bind: string[] | undefined;
  /** undefined: hap-nodejs' own choice, every interface (it binds the unspecified address even for a `bind`). */
  listenHost: string | undefined;
}

/**
 * N13: `homekit.bind` when set (checked by resolveBind; the HAP server then listens on every interface, as
 * hap-nodejs does, and only the mDNS advertiser is restricted). Without it the bridge follows the server's
 * `--host` when that is one address (not `0.0.0.0`/`::`, not a name): HAP listens there and mDNS advertises there
 * only, so `--host 127.0.0.1` keeps the bridge off the network too. Otherwise: every interface.
 */
export function bridgeAddresses(bind: readonly string[] | undefined, serverHost: string | undefined, table?: InterfaceTable): BridgeAddresses {
  const checked = resolveBind(bind, table);
  if (checked) return { bind: checked, listenHost: undefined };
  const host = serverHost?.replace(/^\[|\]$/g, '');
  if (!host || isIP(host) === 0 || host === '0.0.0.0' || host === '::') return { bind: undefined, listenHost: undefined };
  return { bind: [host], listenHost: host };
}
