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
// ---------------------------------------------------------------------------------------------------------------
// Weather and RSS/Atom widgets (issue 8). The server fetches both (the browser never calls a third party), caches
// them and answers in these normalised shapes.
// ---------------------------------------------------------------------------------------------------------------

/** The weather provider HomeCam speaks; config.json `dashboard.weather.provider`. */
export const WEATHER_PROVIDERS = ['open-meteo'] as const;
export const WEATHER_DEFAULT_URL = 'https://api.open-meteo.com/v1/forecast';
export const WEATHER_DEFAULT_GEOCODING_URL = 'https://geocoding-api.open-meteo.com/v1/search';
/** Days of forecast the weather route returns (today included). */
export const WEATHER_FORECAST_DAYS = 4;
export const WEATHER_UNITS = ['metric', 'imperial'] as const;
export type WeatherUnits = (typeof WEATHER_UNITS)[number];
export const PLACE_QUERY_MAX_LENGTH = 100;

/** A feed URL as typed into the widget: at most this long. */
export const FEED_URL_MAX_LENGTH = 2048;
/** At most this many items are kept per feed (and asked for with `limit`). */
export const FEED_MAX_ITEMS = 50;
export const FEED_TITLE_MAX_LENGTH = 300;
export const FEED_SUMMARY_MAX_LENGTH = 500;

export const weatherQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  units: z.enum(WEATHER_UNITS).default('metric'),
});
export type WeatherQuery = z.infer<typeof weatherQuerySchema>;

export const weatherReportSchema = z.object({
  location: z.object({ lat: z.number(), lon: z.number(), timezone: z.string() }),
  units: z.enum(WEATHER_UNITS),
  current: z.object({
    temperature: z.number(),
    apparentTemperature: z.number().nullable(),
    /** WMO weather interpretation code (0 clear … 99 thunderstorm with hail). */
    weatherCode: z.number().int(),
    windSpeed: z.number().nullable(),
    humidity: z.number().nullable(),
    isDay: z.boolean(),
  }),
  daily: z.array(
    z.object({
      /** YYYY-MM-DD in the place's time zone. */
      date: z.string(),
      min: z.number(),
      max: z.number(),
      weatherCode: z.number().int(),
      precipitationProbability: z.number().nullable(),
    }),
  ),
  fetchedAt: z.string(),
});
export type WeatherReport = z.infer<typeof weatherReportSchema>;

export const placeQuerySchema = z.object({
  q: z.string().trim().min(2).max(PLACE_QUERY_MAX_LENGTH),
  /** Language of the place names (the UI's). */
  lang: z.enum(['de', 'nl', 'en', 'fr', 'th', 'es']).default('en'),
});

export const weatherPlaceSchema = z.object({
  name: z.string(),
  country: z.string().nullable(),
  admin1: z.string().nullable(),
  lat: z.number(),
  lon: z.number(),
});
export type WeatherPlace = z.infer<typeof weatherPlaceSchema>;
export const weatherPlacesSchema = z.array(weatherPlaceSchema);

export const feedQuerySchema = z.object({
  /** Parsed strictly by the server (FEED_URL_INVALID, at most FEED_URL_MAX_LENGTH), not here: the error carries its own code. */
  url: z.string().max(8192),
  limit: z.coerce.number().int().min(1).max(FEED_MAX_ITEMS).default(10),
});

export const feedItemSchema = z.object({
  title: z.string(),
  /** http(s) only; null when the feed gave none or another scheme. */
  link: z.string().nullable(),
  /** ISO 8601, null when missing or unreadable. */
  published: z.string().nullable(),
  /** Plain text (HTML removed), shortened. */
  summary: z.string(),
});
export const feedSchema = z.object({
  title: z.string(),
  link: z.string().nullable(),
  items: z.array(feedItemSchema),
});
export type Feed = z.infer<typeof feedSchema>;
export type FeedItem = z.infer<typeof feedItemSchema>;

/** Groups of WMO weather codes the widget names and draws; an unknown code is 'unknown'. */
export const WEATHER_CONDITIONS = [
  'clear',
  'mainlyClear',
  'partlyCloudy',
  'overcast',
  'fog',
  'drizzle',
  'freezingDrizzle',
  'rain',
  'freezingRain',
  'snow',
  'snowGrains',
  'showers',
  'snowShowers',
  'thunderstorm',
  'thunderstormHail',
  'unknown',
] as const;
export type WeatherCondition = (typeof WEATHER_CONDITIONS)[number];

const WMO_GROUPS: [readonly number[], WeatherCondition][] = [
  [[0], 'clear'],
  [[1], 'mainlyClear'],
  [[2], 'partlyCloudy'],
  [[3], 'overcast'],
  [[45, 48], 'fog'],
  [[51, 53, 55], 'drizzle'],
  [[56, 57], 'freezingDrizzle'],
  [[61, 63, 65], 'rain'],
  [[66, 67], 'freezingRain'],
  [[71, 73, 75], 'snow'],
  [[77], 'snowGrains'],
  [[80, 81, 82], 'showers'],
  [[85, 86], 'snowShowers'],
  [[95], 'thunderstorm'],
  [[96, 99], 'thunderstormHail'],
];

/** The condition group of a WMO weather interpretation code (WW, as Open-Meteo's `weather_code`). */
export function weatherCondition(code: number): WeatherCondition {
  return WMO_GROUPS.find(([codes]) => codes.includes(code))?.[1] ?? 'unknown';
}

/** The weather widget's own settings (kept in the layout): the chosen place and the units. */
export const weatherWidgetSettingsSchema = z.object({
  place: z
    .object({ name: z.string().max(200), lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) })
    .nullable()
    .default(null),
  units: z.enum(WEATHER_UNITS).default('metric'),
});
export type WeatherWidgetSettings = z.infer<typeof weatherWidgetSettingsSchema>;

/** The feed widget's own settings: the feed URL (checked by the server) and how many items it lists. */
export const RSS_WIDGET_MAX_ITEMS = 20;
export const rssWidgetSettingsSchema = z.object({
  url: z.string().max(FEED_URL_MAX_LENGTH).default(''),
  limit: z.number().int().min(1).max(RSS_WIDGET_MAX_ITEMS).default(5),
});
export type RssWidgetSettings = z.infer<typeof rssWidgetSettingsSchema>;
