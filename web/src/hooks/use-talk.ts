import type { LiveTransport } from '@homecam/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LiveLink } from '../api/live/live-link';
import { TalkControl, type TalkState } from '../api/live/talk-control';
import { queryKeys } from '../api/query-keys';
import { getTalkAvailability } from '../api/talk-api';
import { useApiQuery } from './use-api';

/** The live player's socket, as useLiveStream hands it out. */
export type LiveLinkSource = () => LiveLink | null;

export interface Talk {
  /** The camera has a backchannel: the button is shown. */
  available: boolean;
  /**
   * The microphone's track rides the live view's WebRTC peer: a view that plays over MSE (WebRTC off, or fallen
   * back) has none, so the button is shown disabled and says why instead of failing when pressed.
   */
  needsWebrtc: boolean;
  state: TalkState;
  press: () => void;
  release: () => void;
}

/**
 * Press to talk on a live player (issue 22): whether the camera can talk back (asked once, kept five minutes), the
 * talk state, and press/release. Releases (microphone off) when the player goes away or falls back to MSE.
 */
export function useTalk(camera: string, liveLink: LiveLinkSource, transport: LiveTransport | null): Talk {
  const available = useApiQuery(queryKeys.talk(camera), (http, signal) => getTalkAvailability(http, camera, signal), { staleTime: 5 * 60_000 });
  const [control] = useState(() => new TalkControl(liveLink));
  const state = useSyncExternalStore(control.subscribe, control.getState);
  const needsWebrtc = transport === 'mse';
  useEffect(() => () => control.dispose(), [control]);
  useEffect(() => {
    if (needsWebrtc) control.release();
  }, [control, needsWebrtc]);
  return { available: available.data === true, needsWebrtc, state, press: () => void control.press(), release: () => control.release() };
}
