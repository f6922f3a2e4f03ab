import { useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

export type DragKind = 'move' | 'resize';

export interface DragPreview {
  name: string;
  kind: DragKind;
  /** Pointer travel in pixels since the drag began. */
  dx: number;
  dy: number;
}

/**
 * Pointer dragging for camview tiles (mouse, pen and touch alike): the handle captures the pointer, the tile
 * follows it as a preview, and on release the travel is rounded to grid units and committed.
 */
export function useTileDrag(
  gridRef: RefObject<HTMLElement | null>,
  units: { cols: number; rows: number },
  commit: (name: string, kind: DragKind, du: number, dv: number) => void,
) {
  const [preview, setPreview] = useState<DragPreview | null>(null);

  function begin(event: ReactPointerEvent<HTMLElement>, name: string, kind: DragKind) {
    const grid = gridRef.current;
    if (!grid || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const rect = grid.getBoundingClientRect();
    const unitWidth = rect.width / units.cols;
    const unitHeight = rect.height / units.rows;
    const startX = event.clientX;
    const startY = event.clientY;
    let last = { dx: 0, dy: 0 };

    const onMove = (move: PointerEvent) => {
      last = { dx: move.clientX - startX, dy: move.clientY - startY };
      setPreview({ name, kind, ...last });
    };
    const finish = (commitMove: boolean) => {
      handle.removeEventListener('pointermove', onMove);
      handle.removeEventListener('pointerup', onUp);
      handle.removeEventListener('pointercancel', onCancel);
      setPreview(null);
      const du = Math.round(last.dx / unitWidth);
      const dv = Math.round(last.dy / unitHeight);
      if (commitMove && (du !== 0 || dv !== 0)) commit(name, kind, du, dv);
    };
    const onUp = () => finish(true);
    const onCancel = () => finish(false);
    handle.addEventListener('pointermove', onMove);
    handle.addEventListener('pointerup', onUp);
    handle.addEventListener('pointercancel', onCancel);
  }

  return { preview, begin };
}
