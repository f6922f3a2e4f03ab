import { useState } from 'react';
import { snapshotUrl } from '../api/cameras-api';

/** One snapshot URL of a camera, taken when the component mounts (the zone editor draws on a still picture). */
export function useStillSnapshot(name: string, width?: number): string {
  const [timestamp] = useState(() => Date.now());
  return snapshotUrl(name, timestamp, width);
}

/**
 * The privacy image of a camera in privacy mode (the server answers it as the snapshot): one URL per privacy
 * period, `since` (the status' start of it), so a new period loads the image anew and nothing else does.
 */
export function usePrivacyImage(name: string, since: string | undefined, width?: number): string {
  return snapshotUrl(name, since ? Date.parse(since) : 0, width);
}
