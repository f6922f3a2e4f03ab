import { Link } from 'react-router';
import type { Camera } from '@homecam/shared';
import { cameraPath } from './camera-path';
import { SnapshotImage } from './SnapshotImage';
import { StatusDot } from './StatusDot';

/** A camera in the grid of /cameras: refreshing snapshot, status dot, name, model. */
export function CameraCard({ camera }: { camera: Camera }) {
  return (
    <li>
      <Link
        to={cameraPath(camera.name)}
        data-testid={`camera-card-${camera.name}`}
        className="group block overflow-hidden rounded-xl border border-border bg-surface hover:border-primary focus-visible:border-primary"
      >
        <SnapshotImage camera={camera.name} intervalSeconds={camera.snapshotTimer} width={640} className="aspect-video" />
        <div className="flex items-center gap-2 px-3 py-2.5">
          <StatusDot camera={camera.name} />
          <span className="min-w-0 flex-1 truncate font-medium text-foreground group-hover:text-primary">{camera.name}</span>
          {camera.model ? <span className="truncate text-xs text-foreground-muted">{camera.model}</span> : null}
        </div>
      </Link>
    </li>
  );
}

/** A camera in the list mode of /cameras: one line each. */
export function CameraListRow({ camera }: { camera: Camera }) {
  const details = [camera.manufacturer, camera.model].filter(Boolean).join(' · ');
  return (
    <li>
      <Link
        to={cameraPath(camera.name)}
        data-testid={`camera-row-${camera.name}`}
        className="flex items-center gap-3 px-3 py-2.5 hover:bg-muted"
      >
        <SnapshotImage camera={camera.name} intervalSeconds={camera.snapshotTimer} width={160} className="aspect-video w-20 shrink-0 rounded-md" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-foreground">{camera.name}</span>
          {details ? <span className="block truncate text-xs text-foreground-muted">{details}</span> : null}
        </span>
        <StatusDot camera={camera.name} label />
      </Link>
    </li>
  );
}
