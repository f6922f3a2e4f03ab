import { DASHBOARD_MAX_WIDGETS, type DashboardLayout, type DashboardWidget, type WidgetType } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  growToContent,
  addWidget,
  applyPositions,
  canUseWidget,
  defaultLayout,
  parseLayout,
  parseStoredText,
  removeWidget,
  resolveSettings,
  stackOrder,
  toGridItems,
  visibleWidgets,
  type Registry,
  type WidgetKind,
} from './dashboard-layout';

/** A widget type as the layout sees it, with a settings schema for resolveSettings. */
type TestKind = WidgetKind & { settingsSchema: z.ZodType<{ mode: 'a' | 'b' }>; defaults: { mode: 'a' | 'b' } };

function definition(type: WidgetType, extra: Partial<Pick<WidgetKind, 'access' | 'size'>> = {}): TestKind {
  return { type, size: { w: 4, h: 4 }, settingsSchema: z.object({ mode: z.enum(['a', 'b']) }), defaults: { mode: 'a' }, ...extra };
}

const REGISTRY: Registry<TestKind> = [
  definition('time'),
  definition('shortcuts'),
  definition('camera', { access: ['cameras:access'], size: { w: 8, h: 8 } }),
  definition('notifications', { access: ['notifications:access'], size: { w: 4, h: 8 } }),
  definition('console', { access: 'admin' }),
];

function widget(id: string, type: DashboardWidget['type'], x: number, y: number, w = 4, h = 4): DashboardWidget {
  return { id, type, x, y, w, h, settings: {} };
}

describe('parseLayout', () => {
  it('drops broken entries and duplicate ids, keeps the rest of the board', () => {
    const parsed = parseLayout({
      version: 1,
      locked: true,
      widgets: [widget('a', 'time', 0, 0), { id: 'bad id!', type: 'time', x: 0, y: 0, w: 1, h: 1 }, { ...widget('a', 'rss', 4, 0) }, { ...widget('b', 'time', 0, 0), x: 40 }, widget('c', 'camera', 4, 0)],
    });
    expect(parsed?.locked).toBe(true);
    expect(parsed?.widgets.map((w) => w.id)).toEqual(['a', 'c']);
  });

  it('keeps widget types this build does not register (a newer version may), but does not show them', () => {
    const layout = parseLayout({ version: 1, widgets: [widget('w', 'weather', 0, 0), widget('t', 'time', 4, 0)] });
    expect(layout?.widgets.map((w) => w.type)).toEqual(['weather', 'time']);
    expect(visibleWidgets(layout!, REGISTRY, ['dashboard:access']).map((w) => w.id)).toEqual(['t']);
  });

  it('refuses what is not a version-1 layout, and caps the widget count', () => {
    expect(parseLayout({ version: 2, widgets: [] })).toBeNull();
    expect(parseLayout(null)).toBeNull();
    expect(parseStoredText('{not json')).toBeNull();
    expect(parseStoredText(null)).toBeNull();
    const many = Array.from({ length: DASHBOARD_MAX_WIDGETS + 5 }, (_, i) => widget(`w${i}`, 'time', 0, i));
    expect(parseLayout({ version: 1, widgets: many })?.widgets).toHaveLength(DASHBOARD_MAX_WIDGETS);
  });
});

describe('settings and access', () => {
  it('bad stored settings fall back to the defaults; unknown extra keys are dropped by the schema', () => {
    const def = REGISTRY[0]!;
    expect(resolveSettings(def, { mode: 'b' })).toEqual({ mode: 'b' });
    expect(resolveSettings(def, { mode: 'zzz' })).toEqual({ mode: 'a' });
    expect(resolveSettings(def, {})).toEqual({ mode: 'a' });
  });

  it('hides widgets the user may not use; admin passes', () => {
    const layout: DashboardLayout = { version: 1, locked: false, widgets: [widget('t', 'time', 0, 0), widget('c', 'camera', 4, 0), widget('k', 'console', 8, 0)] };
    expect(visibleWidgets(layout, REGISTRY, ['dashboard:access']).map((w) => w.id)).toEqual(['t']);
    expect(visibleWidgets(layout, REGISTRY, ['dashboard:access', 'cameras:access']).map((w) => w.id)).toEqual(['t', 'c']);
    expect(visibleWidgets(layout, REGISTRY, ['admin']).map((w) => w.id)).toEqual(['t', 'c', 'k']);
    expect(canUseWidget({ access: 'admin' }, ['cameras:access'])).toBe(false);
  });
});

describe('positions', () => {
  it('stacks for a phone by row, then column', () => {
    const order = stackOrder([widget('c', 'time', 0, 4), widget('b', 'time', 8, 0), widget('a', 'time', 0, 0), widget('d', 'time', 4, 4)]);
    expect(order.map((w) => w.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('returns the same layout object when the grid echoes unchanged positions (no save loop)', () => {
    const layout: DashboardLayout = { version: 1, locked: false, widgets: [widget('a', 'time', 0, 0)] };
    expect(applyPositions(layout, [{ i: 'a', x: 0, y: 0, w: 4, h: 4 }])).toBe(layout);
    const moved = applyPositions(layout, [{ i: 'a', x: 4, y: 0, w: 4, h: 4 }]);
    expect(moved).not.toBe(layout);
    expect(moved.widgets[0]).toMatchObject({ x: 4, y: 0 });
  });

  it('adds at the bottom with the definition size and defaults, compacted like the grid; removes and compacts', () => {
    const layout: DashboardLayout = { version: 1, locked: false, widgets: [widget('a', 'time', 0, 0, 12, 3)] };
    const added = addWidget(layout, REGISTRY[2]!, 'cam1', REGISTRY, ['admin']);
    expect(added.widgets[1]).toEqual({ id: 'cam1', type: 'camera', x: 0, y: 3, w: 8, h: 8, settings: { mode: 'a' } });
    const removed = removeWidget(added, 'a', REGISTRY, ['admin']);
    expect(removed.widgets).toEqual([{ id: 'cam1', type: 'camera', x: 0, y: 0, w: 8, h: 8, settings: { mode: 'a' } }]);
  });

  it('keeps grid items inside the 12 columns', () => {
    expect(toGridItems([widget('a', 'time', 10, 0, 6, 2)], REGISTRY)[0]).toMatchObject({ x: 10, w: 2 });
  });
});

describe('defaultLayout', () => {
  it('has the clock, shortcuts, notifications and a camera for a user who may see them all', () => {
    const layout = defaultLayout(REGISTRY, ['admin']);
    expect(layout.widgets.map((w) => w.type)).toEqual(['time', 'shortcuts', 'notifications', 'camera']);
    expect(layout.locked).toBe(false);
  });

  it('leaves out what the user may not see and closes the gaps', () => {
    const layout = defaultLayout(REGISTRY, ['dashboard:access']);
    expect(layout.widgets.map((w) => [w.type, w.x, w.y])).toEqual([
      ['time', 0, 0],
      ['shortcuts', 4, 0],
    ]);
  });
});

describe('growToContent', () => {
  const grid = { rowHeight: 40, gap: 12 };
  const item = { i: 'shortcuts-1', x: 0, y: 0, w: 4, h: 4, minW: 2, minH: 3 };

  it('grows a widget to the rows its content needs, never shrinks one, and keeps it from being resized smaller', () => {
    // 4 rows are 4 × 40 + 3 × 12 = 196 px, 5 rows 248 px: 240 and 248 px of content need 5 rows, 249 px 6.
    expect(growToContent([item], { 'shortcuts-1': 240 }, grid)).toEqual([{ ...item, h: 5, minH: 5 }]);
    expect(growToContent([item], { 'shortcuts-1': 248 }, grid)).toEqual([{ ...item, h: 5, minH: 5 }]);
    expect(growToContent([item], { 'shortcuts-1': 249 }, grid)).toEqual([{ ...item, h: 6, minH: 6 }]);
    expect(growToContent([item], { 'shortcuts-1': 196 }, grid)).toEqual([{ ...item, h: 4, minH: 4 }]);
    expect(growToContent([item], { 'shortcuts-1': 60 }, grid)).toEqual([{ ...item, h: 4, minH: 3 }]);
    expect(growToContent([item], {}, grid)).toEqual([item]);
  });
});
