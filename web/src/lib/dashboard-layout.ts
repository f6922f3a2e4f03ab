import {
  DASHBOARD_COLUMNS,
  DASHBOARD_MAX_WIDGETS,
  dashboardWidgetSchema,
  hasAnyPermission,
  isAdmin,
  type DashboardLayout,
  type DashboardWidget,
  type Permission,
  type WidgetType,
} from '@homecam/shared';
import { verticalCompactor } from 'react-grid-layout/core';

/**
 * The board's layout logic, free of React: reading a stored layout, deciding what a user sees, placing added
 * widgets. Positions are kept the way react-grid-layout shows them (compacted upwards), so what is stored is
 * what is seen and a reload puts every widget where it was.
 */

/**
 * What this logic reads of a widget type. The registry's definitions (components/dashboard/widget-types) carry
 * more (the component, its settings form); the layout needs only these, so it knows nothing of React.
 */
export interface WidgetKind {
  type: WidgetType;
  /** Who may add and see it: any of these permissions (admin passes); absent = every dashboard user. */
  access?: readonly Permission[] | 'admin';
  /** Grid units (12 columns): default and minimum size. */
  size: { w: number; h: number; minW?: number; minH?: number };
  defaults: Readonly<Record<string, unknown>>;
}

/** A user's permissions, as the session holds them. */
export type Permissions = readonly Permission[] | undefined;

export const EMPTY_LAYOUT: DashboardLayout = { version: 1, locked: false, widgets: [] };

/**
 * A stored layout, widget by widget: a broken widget entry is dropped, the rest of the board survives. Types this
 * build does not know are kept (a newer version's widget is not lost by visiting an older one). Null when the
 * value is not a version-1 layout at all.
 */
export function parseLayout(value: unknown): DashboardLayout | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as { version?: unknown; locked?: unknown; widgets?: unknown };
  if (raw.version !== 1 || !Array.isArray(raw.widgets)) return null;
  const seen = new Set<string>();
  const widgets: DashboardWidget[] = [];
  for (const entry of raw.widgets) {
    const parsed = dashboardWidgetSchema.safeParse(entry);
    if (!parsed.success || seen.has(parsed.data.id) || widgets.length >= DASHBOARD_MAX_WIDGETS) continue;
    seen.add(parsed.data.id);
    widgets.push(parsed.data);
  }
  return { version: 1, locked: raw.locked === true, widgets };
}

/** The localStorage text (`dashboard-layout`) as a layout, or null when absent or unreadable. */
export function parseStoredText(text: string | null): DashboardLayout | null {
  if (!text) return null;
  try {
    return parseLayout(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The widget's settings as its definition accepts them: stored values over the defaults, else the defaults. */
export function resolveSettings<S extends Record<string, unknown>>(definition: { settingsSchema: { safeParse(v: unknown): { success: true; data: S } | { success: false } }; defaults: S }, stored: Record<string, unknown>): S {
  const merged = definition.settingsSchema.safeParse({ ...definition.defaults, ...stored });
  return merged.success ? merged.data : definition.defaults;
}

/** Whether the user may add and see a widget of this definition (admin passes). */
export function canUseWidget(definition: Pick<WidgetKind, 'access'>, permissions: Permissions): boolean {
  if (definition.access === undefined) return true;
  if (definition.access === 'admin') return isAdmin(permissions ?? []);
  return hasAnyPermission(permissions, definition.access);
}

export type Registry<Kind extends WidgetKind = WidgetKind> = readonly Kind[];

export function findDefinition<Kind extends WidgetKind>(registry: Registry<Kind>, type: WidgetType): Kind | undefined {
  return registry.find((definition) => definition.type === type);
}

/** The widgets this user sees: registered here and allowed; the others stay stored but are not shown. */
export function visibleWidgets(layout: DashboardLayout, registry: Registry, permissions: Permissions): DashboardWidget[] {
  return layout.widgets.filter((widget) => {
    const definition = findDefinition(registry, widget.type);
    return definition !== undefined && canUseWidget(definition, permissions);
  });
}

/** The phone's order: one column, top to bottom, left to right as on the desktop grid. */
export function stackOrder(widgets: readonly DashboardWidget[]): DashboardWidget[] {
  return [...widgets].sort((a, b) => a.y - b.y || a.x - b.x);
}

export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  minW?: number;
  minH?: number;
}

/** react-grid-layout items of the shown widgets, kept inside the 12 columns. */
export function toGridItems(widgets: readonly DashboardWidget[], registry: Registry): GridItem[] {
  return widgets.map((widget) => {
    const size = findDefinition(registry, widget.type)?.size;
    const w = Math.min(widget.w, DASHBOARD_COLUMNS - widget.x);
    return {
      i: widget.id,
      x: widget.x,
      y: widget.y,
      w,
      h: widget.h,
      minW: Math.min(size?.minW ?? 1, w),
      minH: Math.min(size?.minH ?? 1, widget.h),
    };
  });
}

/**
 * Items grown to the rows their content needs (px measured by each frame): a grid item of h rows is
 * h × rowHeight + (h − 1) × gap pixels tall. Never shrinks one (a widget the user made taller stays so), and
 * the content's rows become the least it can be resized to.
 */
export function growToContent(items: GridItem[], heights: Readonly<Record<string, number>>, grid: { rowHeight: number; gap: number }): GridItem[] {
  return items.map((item) => {
    const px = heights[item.i];
    if (px === undefined) return item;
    const rows = Math.ceil((px + grid.gap) / (grid.rowHeight + grid.gap));
    return { ...item, h: Math.max(item.h, rows), minH: Math.max(item.minH ?? 1, rows) };
  });
}

/**
 * The layout with the positions of `items` (the grid's answer after a drag or resize); the same object when
 * nothing moved, so an echo of the grid's own layout causes no update (and no save loop).
 */
export function applyPositions(layout: DashboardLayout, items: readonly Pick<GridItem, 'i' | 'x' | 'y' | 'w' | 'h'>[]): DashboardLayout {
  const byId = new Map(items.map((item) => [item.i, item]));
  let changed = false;
  const widgets = layout.widgets.map((widget) => {
    const item = byId.get(widget.id);
    if (!item || (item.x === widget.x && item.y === widget.y && item.w === widget.w && item.h === widget.h)) return widget;
    changed = true;
    return { ...widget, x: item.x, y: item.y, w: item.w, h: item.h };
  });
  return changed ? { ...layout, widgets } : layout;
}

/** Compacts the shown widgets upwards the way the grid does, so stored positions match the screen. */
export function compactLayout(layout: DashboardLayout, registry: Registry, permissions: Permissions): DashboardLayout {
  const items = toGridItems(visibleWidgets(layout, registry, permissions), registry);
  return applyPositions(layout, verticalCompactor.compact(items, DASHBOARD_COLUMNS));
}

/** A fresh id for an added widget (no crypto.randomUUID: it needs a secure context, a LAN http:// is not one). */
export function newWidgetId(type: WidgetType): string {
  return `${type}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** The layout with a new widget of `definition` at the bottom left, or the same layout when the board is full. */
export function addWidget(layout: DashboardLayout, definition: WidgetKind, id: string, registry: Registry, permissions: Permissions): DashboardLayout {
  if (layout.widgets.length >= DASHBOARD_MAX_WIDGETS) return layout;
  const bottom = visibleWidgets(layout, registry, permissions).reduce((max, widget) => Math.max(max, widget.y + widget.h), 0);
  const widget: DashboardWidget = { id, type: definition.type, x: 0, y: bottom, w: definition.size.w, h: definition.size.h, settings: { ...definition.defaults } };
  return compactLayout({ ...layout, widgets: [...layout.widgets, widget] }, registry, permissions);
}

export function removeWidget(layout: DashboardLayout, id: string, registry: Registry, permissions: Permissions): DashboardLayout {
  return compactLayout({ ...layout, widgets: layout.widgets.filter((widget) => widget.id !== id) }, registry, permissions);
}

export function updateSettings(layout: DashboardLayout, id: string, settings: Record<string, unknown>): DashboardLayout {
  return { ...layout, widgets: layout.widgets.map((widget) => (widget.id === id ? { ...widget, settings } : widget)) };
}

/** The board of a user who has none yet: the clock, shortcuts, latest notifications and a camera, as far as allowed. */
export const DEFAULT_BOARD: readonly Pick<DashboardWidget, 'id' | 'type' | 'x' | 'y' | 'w' | 'h'>[] = [
  { id: 'time', type: 'time', x: 0, y: 0, w: 4, h: 4 },
  { id: 'shortcuts', type: 'shortcuts', x: 4, y: 0, w: 4, h: 4 },
  { id: 'notifications', type: 'notifications', x: 8, y: 0, w: 4, h: 8 },
  { id: 'camera', type: 'camera', x: 0, y: 4, w: 8, h: 8 },
];

export function defaultLayout(registry: Registry, permissions: Permissions): DashboardLayout {
  const widgets = DEFAULT_BOARD.flatMap((entry) => {
    const definition = findDefinition(registry, entry.type);
    if (!definition || !canUseWidget(definition, permissions)) return [];
    return [{ ...entry, settings: { ...definition.defaults } }];
  });
  return compactLayout({ version: 1, locked: false, widgets }, registry, permissions);
}
