import { z } from 'zod';

/**
 * The dashboard's widget board (issue 8). A layout is a list of widget instances: where each sits on the grid
 * (react-grid-layout units, 12 columns on a desktop) and its own small settings. The browser keeps it in
 * localStorage `dashboard-layout` (spec §3) and the server keeps one per user, so a second device shows the same
 * board. Widget types are a closed set; a stored layout with an unknown type or bad settings drops that widget
 * instead of failing the whole board.
 */
export const WIDGET_TYPES = [
  'time',
  'weather',
  'rss',
  'shortcuts',
  'camera',
  'notifications',
  'recordings',
  'disk',
  'status',
  'utilization',
  'console',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** Grid columns of the desktop board; phones stack every widget in one column. */
export const DASHBOARD_COLUMNS = 12;
/** At most this many widgets on one board (each one may poll the server). */
export const DASHBOARD_MAX_WIDGETS = 40;

export const dashboardWidgetSchema = z.strictObject({
  /** Unique within the layout (the browser makes it when the widget is added). */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  type: z.enum(WIDGET_TYPES),
  x: z.number().int().min(0).max(DASHBOARD_COLUMNS - 1),
  y: z.number().int().min(0).max(10_000),
  w: z.number().int().min(1).max(DASHBOARD_COLUMNS),
  h: z.number().int().min(1).max(100),
  /** The widget's own settings; each widget type validates its part (small: 4 KiB as JSON at most). */
  settings: z
    .record(z.string(), z.unknown())
    .default({})
    .refine((settings) => JSON.stringify(settings).length <= 4096, { message: 'widget settings are too large' }),
});
export type DashboardWidget = z.infer<typeof dashboardWidgetSchema>;

export const dashboardLayoutSchema = z.strictObject({
  version: z.literal(1),
  /** Locked: no drag, resize or removal until unlocked. */
  locked: z.boolean().default(false),
  widgets: z
    .array(dashboardWidgetSchema)
    .max(DASHBOARD_MAX_WIDGETS)
    .refine((widgets) => new Set(widgets.map((widget) => widget.id)).size === widgets.length, {
      message: 'widget ids must be unique',
    }),
});
export type DashboardLayout = z.infer<typeof dashboardLayoutSchema>;

/** Largest PUT /api/dashboard/layout body the server reads (40 widgets with full 4 KiB settings fit). */
export const DASHBOARD_LAYOUT_MAX_BYTES = 256 * 1024;

/** GET/PUT /api/dashboard/layout: the caller's own board; null until it first saves one. */
export const dashboardLayoutResponseSchema = z.object({
  layout: dashboardLayoutSchema.nullable(),
  /** ISO-8601 time of the last save, null when there is none. */
  updatedAt: z.string().nullable(),
});
export type DashboardLayoutResponse = z.infer<typeof dashboardLayoutResponseSchema>;
