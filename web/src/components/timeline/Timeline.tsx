import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraTimeline } from '@homecam/shared';
import { useElementWidth } from '../../hooks/use-element-width';
import { groupMarkers, spanAt } from '../../lib/timeline-data';
import { timelineKeyAction, type TimelineKeyAction } from '../../lib/timeline-keys';
import { keyStep, panBy, timeToX, zoomAt, type TimeWindow } from '../../lib/timeline-scale';
import { formatMoment } from '../../lib/time-format';
import { cn } from '../ui/cn';
import { ScrubPreview } from './ScrubPreview';
import { TimelineAxis } from './TimelineAxis';
import { TimelineRow } from './TimelineRow';
import { useTimelineGestures, type TimelinePoint } from './use-timeline-gestures';
import { ZoomControls } from './ZoomControls';

export interface TimelineProps {
  cameras: readonly string[];
  /** The answer of useTimeline: rows by camera, and where its motion buckets start and how wide they are. */
  byCamera: ReadonlyMap<string, CameraTimeline>;
  from: number;
  bucketMs: number;
  window: TimeWindow;
  /** What may be shown: from the oldest footage to now. */
  bounds: TimeWindow;
  onWindow: (window: TimeWindow) => void;
  /** The camera the player shows (its row is outlined; keys seek it). */
  activeCamera: string;
  /** Wall clock of the player's picture; null while live. */
  playhead: number | null;
  onSeek: (camera: string, t: number) => void;
  /** Keys the timeline does not handle itself (play, frames, events, rows, live). */
  onKeyAction?: (action: TimelineKeyAction) => void;
  /** Export mode: the range marked on the bar, and its changes. */
  selection?: TimeWindow | null;
  onSelect?: (range: TimeWindow) => void;
  /** Phone layout and one camera: no camera names over the rows. */
  showNames?: boolean;
}

/** What a key does to the timeline itself (seek, zoom, page, ends); the rest goes to the player (onKeyAction). */
function applyKey(action: TimelineKeyAction, props: TimelineProps): void {
  const { window, bounds, onWindow, playhead } = props;
  const length = window.end - window.start;
  const here = playhead ?? window.end;
  if (action.type === 'seekBy') props.onSeek(props.activeCamera, Math.min(bounds.end, Math.max(bounds.start, here + action.steps * keyStep(window))));
  else if (action.type === 'zoom') onWindow(zoomAt(window, action.factor, here, bounds));
  else if (action.type === 'page') onWindow(panBy(window, action.direction * length, bounds));
  else if (action.type === 'edge') onWindow(panBy(window, action.edge === 'start' ? bounds.start - window.start : bounds.end - window.end, bounds));
  else props.onKeyAction?.(action);
}

/** The export range, the play head and the scrub line over the rows. */
function Marks({ window, width, selection, playhead, scrub }: { window: TimeWindow; width: number; selection: TimeWindow | null | undefined; playhead: number | null; scrub: number | null }) {
  const head = playhead !== null && playhead >= window.start && playhead <= window.end ? timeToX(window, width, playhead) : null;
  const left = selection ? Math.max(0, timeToX(window, width, selection.start)) : 0;
  return (
    <>
      {selection && selection.end >= window.start && selection.start <= window.end ? (
        <div
          className="pointer-events-none absolute inset-y-0 border-x-2 border-warning bg-warning/20"
          style={{ left, width: Math.max(2, Math.min(width, timeToX(window, width, selection.end)) - left) }}
          data-testid="timeline-selection"
        />
      ) : null}
      {head !== null ? <div className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-primary" style={{ left: head }} data-testid="timeline-playhead" /> : null}
      {scrub !== null ? <div className="pointer-events-none absolute inset-y-0 w-px bg-foreground" style={{ left: scrub }} /> : null}
    </>
  );
}

/**
 * The timeline: 24 h zoomable to minutes, one row per camera (footage, gaps, motion, events, review), the play
 * head, a scrub preview, and an export range. Mouse, touch and keyboard (see use-timeline-gestures, timeline-keys).
 */
export function Timeline(props: TimelineProps) {
  const { t, i18n } = useTranslation();
  const { ref: sizeRef, width } = useElementWidth<HTMLDivElement>();
  const [point, setPoint] = useState<TimelinePoint | null>(null);
  const { window, bounds, onWindow, byCamera, activeCamera, playhead } = props;
  const selecting = props.selection !== undefined && props.onSelect !== undefined;

  const markerNear = (camera: string, x: number) => {
    const data = byCamera.get(camera);
    const near = data ? groupMarkers(data.events, window, width).find((group) => Math.abs(group.x - x) <= 8) : undefined;
    return near?.events[0]?.start ?? null;
  };
  const { surface, handlers } = useTimelineGestures({
    window, bounds, width, selecting, onWindow, onPoint: setPoint, markerNear,
    onSeek: props.onSeek,
    onSelect: (range) => props.onSelect?.(range),
  });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const action = timelineKeyAction(event.key, event.shiftKey);
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    applyKey(action, props);
  }

  const pointFootage = point ? spanAt(byCamera.get(point.camera)?.spans ?? [], point.t) !== null : false;

  return (
    <div className="flex flex-col gap-1" data-testid="timeline" data-window-start={Math.round(window.start)} data-window-end={Math.round(window.end)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ZoomControls window={window} bounds={bounds} anchor={playhead} onWindow={onWindow} />
        {playhead !== null ? (
          <span className="text-xs tabular-nums text-foreground-muted" data-testid="timeline-playhead-label">
            {formatMoment(playhead, i18n.language)}
          </span>
        ) : null}
      </div>
      <div ref={sizeRef} className="relative">
        <TimelineAxis window={window} width={width} />
        <div
          ref={surface}
          {...handlers}
          tabIndex={0}
          role="slider"
          aria-label={t('history:timeline.label')}
          aria-valuemin={Math.round(bounds.start)}
          aria-valuemax={Math.round(bounds.end)}
          aria-valuenow={Math.round(playhead ?? window.end)}
          aria-valuetext={playhead !== null ? formatMoment(playhead, i18n.language) : t('history:player.live')}
          onKeyDown={onKeyDown}
          className={cn('relative flex touch-pan-y select-none flex-col gap-1 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-primary', selecting ? 'cursor-col-resize' : 'cursor-pointer')}
          data-testid="timeline-surface"
        >
          {props.cameras.map((camera) => (
            <div key={camera} data-row-camera={camera}>
              {props.showNames !== false ? <div className="truncate text-xs text-foreground-muted">{camera}</div> : null}
              {width > 0 ? <TimelineRow camera={camera} data={byCamera.get(camera)} from={props.from} bucketMs={props.bucketMs} window={window} width={width} active={camera === activeCamera && props.cameras.length > 1} /> : <div className="h-10" />}
            </div>
          ))}
          <Marks window={window} width={width} selection={props.selection} playhead={playhead} scrub={point ? point.x : null} />
        </div>
        <p className="mt-1 hidden text-xs text-foreground-muted sm:block" data-testid="timeline-keys">
          {t('history:timeline.keys')}
        </p>
        {point && !selecting ? <ScrubPreview camera={point.camera} t={point.t} x={point.x} width={width} footage={pointFootage} /> : null}
      </div>
    </div>
  );
}
