import { useEffect, useState } from 'react';
import { useFootagePlayer } from '../../hooks/use-footage-player';
import { useNow } from '../../hooks/use-now';
import { useTimeline } from '../../hooks/use-timeline';
import { nextEvent, previousEvent } from '../../lib/timeline-data';
import type { TimelineKeyAction } from '../../lib/timeline-keys';
import { DAY_MS, follow, windowEndingAt, type TimeWindow } from '../../lib/timeline-scale';

/** How far back the timeline may be moved (the longest default retention tier). */
const HISTORY_DAYS = 30;

export interface PlaybackStart {
  camera: string;
  /** Play from this instant at once; null: start live (camera page) or waiting for a choice (History). */
  at: number | null;
}

/**
 * What the camera page and the History page share: the timeline's window (following the play head until the user
 * moves it), the timeline data of the shown cameras, the camera and instant the player plays (null = live), and
 * the actions of the bar, the keys and the event buttons.
 */
export function usePlaybackSession(cameras: readonly string[], start: PlaybackStart) {
  const now = useNow();
  const bounds: TimeWindow = { start: now - HISTORY_DAYS * DAY_MS, end: now };
  const [chosenWindow, setChosenWindow] = useState<TimeWindow>(() => windowEndingAt(start.at !== null ? Math.max(start.at + DAY_MS / 2, Date.now()) : Date.now()));
  const [following, setFollowing] = useState(true);
  const [activeCamera, setActiveCamera] = useState(start.camera);
  const [request, setRequest] = useState<{ at: number; seq: number } | null>(start.at !== null ? { at: start.at, seq: 0 } : null);
  const playback = useFootagePlayer(activeCamera);
  const { player } = playback;
  const live = request === null;
  const playhead = live ? null : (playback.state.position ?? request.at);
  const window = following && playhead !== null ? follow(chosenWindow, playhead, bounds) : chosenWindow;
  const timeline = useTimeline(cameras, window, now);

  useEffect(() => {
    if (request) void player.playFrom(request.at);
  }, [request, player]);

  const seek = (camera: string, at: number) => {
    setChosenWindow(window);
    setFollowing(true);
    setActiveCamera(camera);
    setRequest((previous) => ({ at, seq: (previous?.seq ?? 0) + 1 }));
  };
  const events = timeline.byCamera.get(activeCamera)?.events ?? [];
  const position = playhead ?? now;
  const previous = previousEvent(events, position);
  const next = nextEvent(events, position);
  const jumpEvent = (direction: 1 | -1) => {
    const target = direction > 0 ? next : previous;
    if (target) seek(activeCamera, target.start);
  };

  const onKeyAction = (action: TimelineKeyAction) => {
    if (action.type === 'togglePlay') player.togglePlay();
    else if (action.type === 'frame') player.stepFrame(action.direction);
    else if (action.type === 'event') jumpEvent(action.direction);
    else if (action.type === 'live') setRequest(null);
    else if (action.type === 'row') {
      const index = cameras.indexOf(activeCamera) + action.direction;
      const camera = cameras[Math.min(cameras.length - 1, Math.max(0, index))];
      if (!camera || camera === activeCamera) return;
      if (playhead !== null) seek(camera, playhead);
      else setActiveCamera(camera);
    }
  };

  return {
    now,
    bounds,
    window,
    setWindow: (next: TimeWindow) => {
      setChosenWindow(next);
      setFollowing(false);
    },
    timeline,
    activeCamera,
    setActiveCamera,
    playback,
    playhead,
    live,
    seek,
    goLive: () => setRequest(null),
    hasPreviousEvent: previous !== null,
    hasNextEvent: next !== null,
    jumpEvent,
    onKeyAction,
  };
}

export type PlaybackSession = ReturnType<typeof usePlaybackSession>;
