import { useState } from 'react';
import { snapshotUrl } from '../api/cameras-api';

/** One snapshot URL of a camera, taken when the component mounts (the zone editor draws on a still picture). */
export function useStillSnapshot(name: string, width?: number): string {
  const [timestamp] = useState(() => Date.now());
  return snapshotUrl(name, timestamp, width);
}
