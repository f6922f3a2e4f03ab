import { weatherPlacesSchema, weatherReportSchema, type WeatherPlace, type WeatherReport, type WeatherUnits } from '@homecam/shared';
import type { HttpClient } from './http-client';

/** GET /api/dashboard/weather (dashboard:access): the server asks the provider and caches; never the browser. */
export function getWeather(http: HttpClient, place: { lat: number; lon: number }, units: WeatherUnits, signal?: AbortSignal): Promise<WeatherReport> {
  const query = new URLSearchParams({ lat: String(place.lat), lon: String(place.lon), units });
  return http.request(`/dashboard/weather?${query.toString()}`, { schema: weatherReportSchema, signal });
}

/** GET /api/dashboard/weather/places: place search for the widget's settings, names in the UI language. */
export function searchPlaces(http: HttpClient, q: string, lang: string, signal?: AbortSignal): Promise<WeatherPlace[]> {
  const query = new URLSearchParams({ q, lang });
  return http.request(`/dashboard/weather/places?${query.toString()}`, { schema: weatherPlacesSchema, signal });
}
