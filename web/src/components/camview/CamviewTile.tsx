import type { CSSProperties, KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Camera, CameraStreamName } from '@homecam/shared';
import { cameraPath } from '../cameras/camera-path';
import { SnapshotImage } from '../cameras/SnapshotImage';
import { StatusDot } from '../cameras/StatusDot';
import { CameraLive } from '../cameras/CameraLive';
import { cn } from '../ui/cn';
import { ImageIcon, MoveIcon, ResizeIcon, VideoIcon } from '../ui/media-icons';
import type { Tile } from '../../lib/camview-layout';
import type { DragKind } from './use-tile-drag';

export interface CamviewTileProps {
  tile: Tile;
  camera: Camera;
  /** The stream a live tile plays (see tileStream). */
  stream: CameraStreamName;
  style: CSSProperties;
  dragging: boolean;
  onDragStart: (event: PointerEvent<HTMLElement>, kind: DragKind) => void;
  /** Arrow keys: move by one unit; with Shift: resize. */
  onStep: (kind: DragKind, du: number, dv: number) => void;
  onToggleMode: () => void;
}

const STEPS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** One camera in camview: a header to drag it by, live or snapshot, a corner to resize it. */
export function CamviewTile({ tile, camera, stream, style, dragging, onDragStart, onStep, onToggleMode }: CamviewTileProps) {
  const { t } = useTranslation();
  const onKey = (kind: DragKind) => (event: KeyboardEvent) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    onStep(event.shiftKey ? 'resize' : kind, step[0], step[1]);
  };
  const live = tile.mode === 'live';

  return (
    <div
      className={cn('absolute p-1 transition-[left,top,width,height] duration-150', dragging && 'z-10 opacity-85 transition-none')}
      style={style}
      data-testid={`camview-tile-${camera.name}`}
      data-x={tile.x}
      data-y={tile.y}
      data-w={tile.w}
      data-h={tile.h}
      data-mode={tile.mode}
    >
      <div className={cn('flex h-full flex-col overflow-hidden rounded-lg border bg-surface', dragging ? 'border-primary shadow-panel' : 'border-border')}>
        <div className="flex h-8 shrink-0 items-center gap-1 px-1">
          <button
            type="button"
            className="inline-flex h-7 w-7 shrink-0 cursor-grab touch-none items-center justify-center rounded text-foreground-muted hover:bg-muted active:cursor-grabbing"
            aria-label={t('cameras:camview.move', { camera: camera.name })}
            title={t('cameras:camview.moveHint')}
            onPointerDown={(event) => onDragStart(event, 'move')}
            onKeyDown={onKey('move')}
            data-testid={`camview-tile-move-${camera.name}`}
          >
            <MoveIcon width={16} height={16} />
          </button>
          <StatusDot camera={camera.name} />
          <Link to={cameraPath(camera.name)} className="min-w-0 flex-1 truncate text-sm font-medium text-foreground hover:text-primary">
            {camera.name}
          </Link>
          <button
            type="button"
            className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded text-foreground-muted hover:bg-muted"
            aria-label={live ? t('cameras:camview.showSnapshot') : t('cameras:camview.showLive')}
            title={live ? t('cameras:camview.showSnapshot') : t('cameras:camview.showLive')}
            onClick={onToggleMode}
            data-testid={`camview-tile-mode-${camera.name}`}
          >
            {live ? <ImageIcon width={16} height={16} /> : <VideoIcon width={16} height={16} />}
          </button>
        </div>
        <div className="relative min-h-0 flex-1">
          {live ? (
            // A new stream needs a new connection: the key remounts the player when the tile crosses the size rule.
            <CameraLive key={stream} camera={camera.name} stream={stream} compact className="h-full w-full" />
          ) : (
            <SnapshotImage camera={camera.name} intervalSeconds={camera.snapshotTimer} width={960} className="h-full w-full" />
          )}
          <button
            type="button"
            className="absolute right-0 bottom-0 z-10 inline-flex h-7 w-7 cursor-nwse-resize touch-none items-center justify-center rounded-tl-md bg-surface text-foreground-muted hover:text-foreground"
            aria-label={t('cameras:camview.resize', { camera: camera.name })}
            title={t('cameras:camview.resizeHint')}
            onPointerDown={(event) => onDragStart(event, 'resize')}
            onKeyDown={onKey('resize')}
            data-testid={`camview-tile-resize-${camera.name}`}
          >
            <ResizeIcon width={14} height={14} />
          </button>
        </div>
      </div>
    </div>
  );
}
