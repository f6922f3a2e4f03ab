import { weatherCondition, type WeatherCondition } from '@homecam/shared';

/** One glyph per WMO condition group; clear and mostly clear skies differ by day and night. */
const ICONS: Record<WeatherCondition, string> = {
  clear: '☀️',
  mainlyClear: '🌤️',
  partlyCloudy: '⛅',
  overcast: '☁️',
  fog: '🌫️',
  drizzle: '🌦️',
  freezingDrizzle: '🌧️',
  rain: '🌧️',
  freezingRain: '🌧️',
  snow: '🌨️',
  snowGrains: '🌨️',
  showers: '🌦️',
  snowShowers: '🌨️',
  thunderstorm: '⛈️',
  thunderstormHail: '⛈️',
  unknown: '🌡️',
};
const NIGHT: Partial<Record<WeatherCondition, string>> = { clear: '🌙', mainlyClear: '🌙', partlyCloudy: '☁️' };

export function weatherIcon(code: number, isDay = true): string {
  const condition = weatherCondition(code);
  return (isDay ? undefined : NIGHT[condition]) ?? ICONS[condition];
}
