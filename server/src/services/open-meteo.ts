import { WEATHER_FORECAST_DAYS, type WeatherPlace, type WeatherReport, type WeatherUnits } from '@homecam/shared';
import { z } from 'zod';

/**
 * Open-Meteo's forecast and geocoding APIs (https://open-meteo.com/en/docs): the query HomeCam sends and the
 * mapping of the answer to the widget's shape. The answer is checked with a schema: anything unexpected is
 * WEATHER_UNAVAILABLE rather than a half-filled report.
 */
const CURRENT = ['temperature_2m', 'apparent_temperature', 'weather_code', 'wind_speed_10m', 'relative_humidity_2m', 'is_day'];
const DAILY = ['weather_code', 'temperature_2m_max', 'temperature_2m_min', 'precipitation_probability_max'];

export function forecastUrl(base: string, query: { lat: number; lon: number; units: WeatherUnits }, apiKey: string | undefined): URL {
  const url = new URL(base);
  url.searchParams.set('latitude', String(query.lat));
  url.searchParams.set('longitude', String(query.lon));
  url.searchParams.set('current', CURRENT.join(','));
  url.searchParams.set('daily', DAILY.join(','));
  url.searchParams.set('timezone', 'auto');
  url.searchParams.set('forecast_days', String(WEATHER_FORECAST_DAYS));
  if (query.units === 'imperial') {
    url.searchParams.set('temperature_unit', 'fahrenheit');
    url.searchParams.set('wind_speed_unit', 'mph');
  }
  if (apiKey) url.searchParams.set('apikey', apiKey);
  return url;
}

export function geocodingUrl(base: string, query: { q: string; lang: string }, apiKey: string | undefined): URL {
  const url = new URL(base);
  url.searchParams.set('name', query.q);
  url.searchParams.set('count', '8');
  url.searchParams.set('language', query.lang);
  url.searchParams.set('format', 'json');
  if (apiKey) url.searchParams.set('apikey', apiKey);
  return url;
}

const num = z.number();
const maybe = z.number().nullable().optional();

const forecastSchema = z.object({
  latitude: num,
  longitude: num,
  timezone: z.string().default('GMT'),
  current: z.object({
    temperature_2m: num,
    apparent_temperature: maybe,
    weather_code: z.number().int(),
    wind_speed_10m: maybe,
    relative_humidity_2m: maybe,
    is_day: z.number().optional(),
  }),
  daily: z.object({
    time: z.array(z.string()),
    weather_code: z.array(z.number().int().nullable()),
    temperature_2m_max: z.array(num.nullable()),
    temperature_2m_min: z.array(num.nullable()),
    precipitation_probability_max: z.array(num.nullable()).optional(),
  }),
});

const geocodingSchema = z.object({
  results: z
    .array(
      z.object({
        name: z.string(),
        latitude: num,
        longitude: num,
        country: z.string().optional(),
        admin1: z.string().optional(),
      }),
    )
    .optional(),
});

/** The report, or null when the answer is not Open-Meteo's forecast format. */
export function mapForecast(body: unknown, units: WeatherUnits, fetchedAt: Date): WeatherReport | null {
  const parsed = forecastSchema.safeParse(body);
  if (!parsed.success) return null;
  const { current, daily } = parsed.data;
  const days = daily.time.slice(0, WEATHER_FORECAST_DAYS).flatMap((date, index) => {
    const [min, max, code] = [daily.temperature_2m_min[index], daily.temperature_2m_max[index], daily.weather_code[index]];
    if (min == null || max == null || code == null) return [];
    return [{ date, min, max, weatherCode: code, precipitationProbability: daily.precipitation_probability_max?.[index] ?? null }];
  });
  return {
    location: { lat: parsed.data.latitude, lon: parsed.data.longitude, timezone: parsed.data.timezone },
    units,
    current: {
      temperature: current.temperature_2m,
      apparentTemperature: current.apparent_temperature ?? null,
      weatherCode: current.weather_code,
      windSpeed: current.wind_speed_10m ?? null,
      humidity: current.relative_humidity_2m ?? null,
      isDay: current.is_day !== 0,
    },
    daily: days,
    fetchedAt: fetchedAt.toISOString(),
  };
}

/** The places, or null when the answer is not Open-Meteo's geocoding format (no `results` means none found). */
export function mapPlaces(body: unknown): WeatherPlace[] | null {
  const parsed = geocodingSchema.safeParse(body);
  if (!parsed.success) return null;
  return (parsed.data.results ?? []).map((place) => ({
    name: place.name,
    country: place.country ?? null,
    admin1: place.admin1 ?? null,
    lat: place.latitude,
    lon: place.longitude,
  }));
}
