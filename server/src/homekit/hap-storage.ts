import { Accessory, HAPStorage } from 'hap-nodejs';

/**
 * hap-nodejs keeps keys, pairings and AIDs in one process-wide store (HAPStorage, node-persist) whose folder is
 * fixed on first use; left alone it is `./persist` under the working directory. Every HAP call of ours goes
 * through here first, so the store is `<data>/homekit/` before hap-nodejs ever touches it, and a second data
 * directory in the same process is refused instead of silently sharing the first one's pairings.
 */
let storageDir: string | null = null;

export function useHapStorage(dir: string): void {
  if (storageDir === dir) return;
  if (storageDir !== null) throw new Error(`HomeKit storage already lives in ${storageDir} in this process: one data directory per process`);
  HAPStorage.setCustomStoragePath(dir);
  storageDir = dir;
}

/** Forgets the keys, pairings, AIDs and controller data hap-nodejs holds for `username` (memory and files). */
export function forgetHapIdentity(dir: string, username: string): void {
  useHapStorage(dir);
  Accessory.cleanupAccessoryData(username);
}
