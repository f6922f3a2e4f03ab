import { useRef, type CSSProperties } from 'react';
import type { Camera } from '@homecam/shared';
import { moveTile, resizeTile, setTileMode, UNITS_PER_CELL, type CamviewLayout, type Tile } from '../../lib/camview-layout';
import { CamviewTile } from './CamviewTile';
import { tileStream } from './tile-stream';
import { useTileDrag, type DragKind, type DragPreview } from './use-tile-drag';

export interface CamviewGridProps {
  cameras: readonly Camera[];
  layout: CamviewLayout;
  onChange: (layout: CamviewLayout) => void;
}

/** A cell never gets smaller than this; with many cameras the grid scrolls instead. */
const MIN_CELL_PX = 150;
/** A tile's header and padding, on top of its 16:9 picture. */
const TILE_CHROME_PX = 40;

const pct = (part: number, whole: number) => `${(part / whole) * 100}%`;

function tileStyle(tile: Tile, layout: CamviewLayout, preview: DragPreview | null): CSSProperties {
  const style: CSSProperties = {
    left: pct(tile.x, layout.cols),
    top: pct(tile.y, layout.rows),
    width: pct(tile.w, layout.cols),
    height: pct(tile.h, layout.rows),
  };
  if (preview?.name !== tile.name) return style;
  if (preview.kind === 'move') return { ...style, transform: `translate(${preview.dx}px, ${preview.dy}px)` };
  return { ...style, width: `calc(${style.width as string} + ${preview.dx}px)`, height: `calc(${style.height as string} + ${preview.dy}px)` };
}

/** The camview grid: tiles placed by the layout, dragged by their header and resized by their corner. */
export function CamviewGrid({ cameras, layout, onChange }: CamviewGridProps) {
  const gridRef = useRef<HTMLDivElement>(null);
  const apply = (name: string, kind: DragKind, du: number, dv: number) => {
    const tile = layout.tiles.find((t) => t.name === name);
    if (!tile) return;
    const next = kind === 'move' ? moveTile(layout, name, tile.x + du, tile.y + dv) : resizeTile(layout, name, tile.w + du, tile.h + dv);
    if (next !== layout) onChange(next);
  };
  const drag = useTileDrag(gridRef, layout, apply);
  const byName = new Map(cameras.map((camera) => [camera.name, camera]));
  const cellRows = layout.rows / UNITS_PER_CELL;
  const cellCols = layout.cols / UNITS_PER_CELL;
  // Fill the window, but no taller than 16:9 pictures need (a phone would get thin, tall tiles); cqw is the
  // width of the scrolling parent (a size container).
  const fitting = `calc(${((cellRows / cellCols) * 56.25).toFixed(3)}cqw + ${cellRows * TILE_CHROME_PX}px)`;

  return (
    <div
      ref={gridRef}
      className="relative w-full"
      style={{ height: `max(min(100%, ${fitting}), ${Math.ceil(cellRows * MIN_CELL_PX)}px)` }}
      data-testid="camview-grid"
      data-count={layout.tiles.length}
    >
      {layout.tiles.map((tile) => {
        const camera = byName.get(tile.name);
        if (!camera) return null;
        return (
          <CamviewTile
            key={tile.name}
            tile={tile}
            camera={camera}
            stream={tileStream(tile, layout, Boolean(camera.videoConfig.subSource))}
            style={tileStyle(tile, layout, drag.preview)}
            dragging={drag.preview?.name === tile.name}
            onDragStart={(event, kind) => drag.begin(event, tile.name, kind)}
            onStep={(kind, du, dv) => apply(tile.name, kind, du, dv)}
            onToggleMode={() => onChange(setTileMode(layout, tile.name, tile.mode === 'live' ? 'snapshot' : 'live'))}
          />
        );
      })}
    </div>
  );
}
