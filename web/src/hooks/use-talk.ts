import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LiveLink } from '../api/live/live-link';
import { TalkControl, type TalkState } from '../api/live/talk-control';
import { queryKeys } from '../api/query-keys';
import { getTalkAvailability } from '../api/talk-api';
import { useApiQuery } from './use-api';

/** The live player's socket, as useLiveStream hands it out. */
export type LiveLinkSource = () => LiveLink | null;

/**
 * Press to talk on a live player (issue 22): whether the camera can talk back (asked once, kept five minutes), the
 * talk state, and press/release. Releases (microphone off) when the player goes away.
 */
export function useTalk(camera: string, liveLink: LiveLinkSource): { available: boolean; state: TalkState; press: () => void; release: () => void } {
  const available = useApiQuery(queryKeys.talk(camera), (http, signal) => getTalkAvailability(http, camera, signal), { staleTime: 5 * 60_000 });
  const [control] = useState(() => new TalkControl(liveLink));
  const state = useSyncExternalStore(control.subscribe, control.getState);
  useEffect(() => () => control.dispose(), [control]);
  return { available: available.data === true, state, press: () => void control.press(), release: () => control.release() };
}
