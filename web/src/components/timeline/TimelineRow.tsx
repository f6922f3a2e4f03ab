import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraTimeline, TimelineEvent } from '@homecam/shared';
import { clipSpans, groupMarkers, markerKind, motionBars } from '../../lib/timeline-data';
import { timeToX, type TimeWindow } from '../../lib/timeline-scale';
import { formatClock } from '../../lib/time-format';
import { cn } from '../ui/cn';

export const ROW_HEIGHT = 40;

const MARKER_CLASS = { motion: 'fill-danger', object: 'fill-info', doorbell: 'fill-warning' } as const;

export interface TimelineRowProps {
  camera: string;
  /** This camera's part of the timeline answer (undefined while the first answer loads). */
  data: CameraTimeline | undefined;
  /** The answer's `from` and `bucketMs`: where the motion buckets start and how wide they are. */
  from: number;
  bucketMs: number;
  window: TimeWindow;
  width: number;
  active: boolean;
}

function markerTitle(events: readonly TimelineEvent[], language: string, more: (count: number) => string): string {
  const first = events[0];
  if (!first) return '';
  const labels = [...new Set(events.flatMap((event) => (event.labels.length > 0 ? event.labels : [event.label])))].join(', ');
  return `${formatClock(first.start, language, true)} ${labels}${events.length > 1 ? ` (${more(events.length)})` : ''}`;
}

/**
 * One camera on the timeline: footage as a band, gaps hatched, motion intensity as bars rising from the bottom,
 * events as marks along the top coloured by what happened (motion, an object, the doorbell), unreviewed review items
 * as a line along the bottom.
 */
export function TimelineRow({ camera, data, from, bucketMs, window, width, active }: TimelineRowProps) {
  const { t, i18n } = useTranslation();
  const hatch = `gap-${useId().replace(/:/g, '')}`;
  const x = (time: number) => timeToX(window, width, time);
  const spans = data ? clipSpans(data.spans, window) : [];
  const gaps = data ? clipSpans(data.gaps, window) : [];
  const bars = data ? motionBars(data.motion, from, bucketMs, window, width) : [];
  const markers = data ? groupMarkers(data.events, window, width) : [];
  const review = data ? data.reviewItems.filter((item) => item.end > window.start && item.start < window.end) : [];
  const more = (count: number) => t('history:timeline.eventCount', { count });

  return (
    <svg
      width={width}
      height={ROW_HEIGHT}
      className={cn('block rounded-md bg-muted', active && 'ring-2 ring-primary')}
      role="img"
      aria-label={t('history:timeline.rowLabel', { camera, spans: spans.length, events: markers.length })}
      data-testid="timeline-row"
      data-camera={camera}
      data-spans={spans.length}
      data-events={data?.events.length ?? 0}
    >
      <defs>
        <pattern id={hatch} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" className="fill-muted" />
          <line x1="0" y1="0" x2="0" y2="6" className="stroke-border" strokeWidth="3" />
        </pattern>
      </defs>
      {gaps.map((gap) => (
        <rect key={`g${gap.start}`} x={x(gap.start)} y={0} width={Math.max(0, x(gap.end) - x(gap.start))} height={ROW_HEIGHT} fill={`url(#${hatch})`} data-testid="timeline-gap" />
      ))}
      {spans.map((span) => (
        <rect key={`s${span.start}`} x={x(span.start)} y={8} width={Math.max(1, x(span.end) - x(span.start))} height={ROW_HEIGHT - 12} className="fill-primary-soft" data-testid="timeline-span" />
      ))}
      {bars.map((bar) => (
        <rect key={`m${bar.x}`} x={bar.x} y={ROW_HEIGHT - 4 - bar.level * (ROW_HEIGHT - 14)} width={bar.width} height={bar.level * (ROW_HEIGHT - 14)} className="fill-primary" opacity={0.3 + 0.6 * bar.level} />
      ))}
      {review.map((item) => (
        <rect key={`r${item.id}`} x={x(Math.max(item.start, window.start))} y={ROW_HEIGHT - 3} width={Math.max(2, x(Math.min(item.end, window.end)) - x(Math.max(item.start, window.start)))} height={3} className={item.reviewed ? 'fill-border' : 'fill-warning'} />
      ))}
      {markers.map((group) => (
        <path
          key={`e${group.x}`}
          d={`M${group.x - 4},0 L${group.x + 4},0 L${group.x},7 Z`}
          className={MARKER_CLASS[markerKind(group.events[0]!)]}
          data-testid="timeline-marker"
          data-kind={markerKind(group.events[0]!)}
        >
          <title>{markerTitle(group.events, i18n.language, more)}</title>
        </path>
      ))}
    </svg>
  );
}
