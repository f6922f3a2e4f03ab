import type { TimeWindow } from '../../lib/timeline-scale';
import { Timeline } from '../timeline/Timeline';
import type { PlaybackSession } from './use-playback-session';

export interface SessionTimelineProps {
  session: PlaybackSession;
  cameras: readonly string[];
  showNames?: boolean;
  selection?: TimeWindow | null;
  onSelect?: (range: TimeWindow) => void;
}

/** The timeline of a playback session: its window, data, play head and seeks. */
export function SessionTimeline({ session, cameras, showNames, selection, onSelect }: SessionTimelineProps) {
  const data = session.timeline.data;
  return (
    <Timeline
      cameras={cameras}
      byCamera={session.timeline.byCamera}
      from={data?.from ?? session.window.start}
      bucketMs={data?.bucketMs ?? 60_000}
      window={session.window}
      bounds={session.bounds}
      onWindow={session.setWindow}
      activeCamera={session.activeCamera}
      playhead={session.playhead}
      onSeek={session.seek}
      onKeyAction={session.onKeyAction}
      showNames={showNames}
      selection={selection}
      onSelect={onSelect}
    />
  );
}
