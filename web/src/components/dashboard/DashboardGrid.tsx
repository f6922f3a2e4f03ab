import { useCallback, useState } from 'react';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import './dashboard.css';
import { DASHBOARD_COLUMNS, type DashboardLayout, type DashboardWidget } from '@homecam/shared';
import { applyPositions, findDefinition, growToContent, stackOrder, toGridItems, type Registry } from '../../lib/dashboard-layout';
import { WidgetFrame } from './WidgetFrame';
import type { AnyWidgetDefinition } from './widget-types';

/** Narrower than this (a phone), the board is one column in reading order and nothing is dragged. */
export const PHONE_MAX_WIDTH = 640;
/** Height of one grid row in pixels (a widget of h rows is h × this plus the gaps). */
const ROW_HEIGHT = 40;
const GAP = 12;

export interface DashboardGridProps {
  layout: DashboardLayout;
  /** The widgets this user sees (registered and allowed), in stored order. */
  widgets: readonly DashboardWidget[];
  registry: Registry<AnyWidgetDefinition>;
  onRemove: (id: string) => void;
  onSettings: (id: string, settings: Record<string, unknown>) => void;
  /** A drag or resize ended: the layout with the grid's new positions (never called for the grid's own echoes). */
  onMoved: (layout: DashboardLayout) => void;
}

/** The widget board: react-grid-layout on a desktop (drag by the handle, resize at the corner), a stack on a phone. */
export function DashboardGrid({ layout, widgets, registry, onRemove, onSettings, onMoved }: DashboardGridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
  const phone = width < PHONE_MAX_WIDTH;
  // What each content-sized widget needs (px), as its frame measured it: the grid never gives it less.
  const [contentHeights, setContentHeights] = useState<Readonly<Record<string, number>>>({});
  const measured = useCallback((id: string, px: number) => setContentHeights((current) => (current[id] === px ? current : { ...current, [id]: px })), []);
  const frame = (widget: DashboardWidget, movable: boolean) => {
    const definition = findDefinition(registry, widget.type);
    if (!definition) return null;
    return (
      <WidgetFrame
        widget={widget}
        definition={definition}
        locked={layout.locked}
        movable={movable}
        onRemove={() => onRemove(widget.id)}
        onSettings={(settings) => onSettings(widget.id, settings)}
        onContentHeight={phone ? undefined : (px) => measured(widget.id, px)}
      />
    );
  };
  const stopped = (next: Layout) => {
    const updated = applyPositions(layout, next);
    if (updated !== layout) onMoved(updated);
  };

  return (
    <div ref={containerRef} data-testid="dashboard-board" data-mode={mounted ? (phone ? 'stack' : 'grid') : 'measuring'}>
      {/*
        react-draggable injects an inline <style id="react-draggable-style-el"> on the first drag unless an element
        with that id exists; the CSP refuses inline styles, so this stands in and dashboard.css has its rule.
      */}
      <span id="react-draggable-style-el" hidden />
      {!mounted ? null : phone ? (
        <div className="flex flex-col gap-3">
          {/* A picture or chart gets a height from its rows; everything else is as tall as its content. */}
          {stackOrder(widgets).map((widget) => (
            <div key={widget.id} style={findDefinition(registry, widget.type)?.fills ? { height: Math.max(widget.h * ROW_HEIGHT, 160) } : undefined}>
              {frame(widget, false)}
            </div>
          ))}
        </div>
      ) : (
        <ReactGridLayout
          width={width}
          layout={growToContent(toGridItems(widgets, registry), contentHeights, { rowHeight: ROW_HEIGHT, gap: GAP })}
          gridConfig={{ cols: DASHBOARD_COLUMNS, rowHeight: ROW_HEIGHT, margin: [GAP, GAP], containerPadding: [0, 0] }}
          dragConfig={{ enabled: !layout.locked, handle: '.widget-drag-handle' }}
          resizeConfig={{ enabled: !layout.locked }}
          onDragStop={stopped}
          onResizeStop={stopped}
        >
          {widgets.map((widget) => (
            <div key={widget.id}>{frame(widget, true)}</div>
          ))}
        </ReactGridLayout>
      )}
    </div>
  );
}
