import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Camera } from '@homecam/shared';
import { cameraPath } from './camera-path';
import { SnapshotImage } from './SnapshotImage';
import { StatusDot } from './StatusDot';

/** How each mode of /cameras shows a camera: its test id prefix, the link's look, the snapshot's size. */
const MODES = {
  grid: {
    testId: 'camera-card',
    link: 'group block overflow-hidden rounded-xl border border-border bg-surface hover:border-primary focus-visible:border-primary',
    snapshotWidth: 640,
    snapshot: 'aspect-video',
  },
  list: {
    testId: 'camera-row',
    link: 'flex items-center gap-3 px-3 py-2.5 hover:bg-muted',
    snapshotWidth: 160,
    snapshot: 'aspect-video w-20 shrink-0 rounded-md',
  },
} as const;

/** One camera of /cameras in either mode: a list item linking to the camera's page, led by its refreshing snapshot. */
function CameraItem({ camera, mode, children }: { camera: Camera; mode: keyof typeof MODES; children: ReactNode }) {
  const look = MODES[mode];
  return (
    <li>
      <Link to={cameraPath(camera.name)} data-testid={`${look.testId}-${camera.name}`} className={look.link}>
        <SnapshotImage camera={camera.name} intervalSeconds={camera.snapshotTimer} width={look.snapshotWidth} className={look.snapshot} />
        {children}
      </Link>
    </li>
  );
}

/** A camera in the grid of /cameras: refreshing snapshot, status dot, name, model. */
export function CameraCard({ camera }: { camera: Camera }) {
  return (
    <CameraItem camera={camera} mode="grid">
      <div className="flex items-center gap-2 px-3 py-2.5">
        <StatusDot camera={camera.name} />
        <span className="min-w-0 flex-1 truncate font-medium text-foreground group-hover:text-primary">{camera.name}</span>
        {camera.model ? <span className="truncate text-xs text-foreground-muted">{camera.model}</span> : null}
      </div>
    </CameraItem>
  );
}

/** A camera in the list mode of /cameras: one line each. */
export function CameraListRow({ camera }: { camera: Camera }) {
  const details = [camera.manufacturer, camera.model].filter(Boolean).join(' · ');
  return (
    <CameraItem camera={camera} mode="list">
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-foreground">{camera.name}</span>
        {details ? <span className="block truncate text-xs text-foreground-muted">{details}</span> : null}
      </span>
      <StatusDot camera={camera.name} label />
    </CameraItem>
  );
}
