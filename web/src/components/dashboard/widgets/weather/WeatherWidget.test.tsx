import { weatherCondition, WEATHER_CONDITIONS, type WeatherReport } from '@homecam/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, stubFetch } from '../test-support/render-widget';
import { weatherWidget } from './index';
import { weatherIcon } from './weather-icons';
import { WeatherSettingsForm } from './WeatherSettingsForm';
import { WeatherWidget } from './WeatherWidget';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REPORT: WeatherReport = {
  location: { lat: 52.52, lon: 13.41, timezone: 'Europe/Berlin' },
  units: 'metric',
  current: { temperature: 4.6, apparentTemperature: 1.2, weatherCode: 61, windSpeed: 12, humidity: 88, isDay: true },
  daily: [
    { date: '2026-11-24', min: 1, max: 6, weatherCode: 61, precipitationProbability: 90 },
    { date: '2026-11-25', min: 0, max: 5, weatherCode: 3, precipitationProbability: 20 },
    { date: '2026-11-26', min: -3, max: 2, weatherCode: 71, precipitationProbability: 60 },
    { date: '2026-11-27', min: -4, max: 3, weatherCode: 95, precipitationProbability: 0 },
  ],
  fetchedAt: '2026-11-24T17:00:00.000Z',
};
const BERLIN = { name: 'Berlin', lat: 52.52, lon: 13.41 };

describe('WMO weather codes', () => {
  it('groups the codes Open-Meteo documents, and anything else is unknown', () => {
    expect([0, 1, 2, 3, 45, 48, 51, 56, 61, 66, 71, 77, 80, 85, 95, 96, 99].map(weatherCondition)).toEqual([
      'clear', 'mainlyClear', 'partlyCloudy', 'overcast', 'fog', 'fog', 'drizzle', 'freezingDrizzle', 'rain',
      'freezingRain', 'snow', 'snowGrains', 'showers', 'snowShowers', 'thunderstorm', 'thunderstormHail', 'thunderstormHail',
    ]);
    expect(weatherCondition(4)).toBe('unknown');
    expect(weatherCondition(-1)).toBe('unknown');
  });

  it('has an icon for every group, and a night sky for clear nights', () => {
    for (const condition of WEATHER_CONDITIONS) expect(condition).toBeTruthy();
    expect(weatherIcon(0, true)).toBe('☀️');
    expect(weatherIcon(0, false)).toBe('🌙');
    expect(weatherIcon(61, false)).toBe('🌧️');
  });
});

describe('<WeatherWidget>', () => {
  it('asks HomeCam (never a third party) and shows the current weather and three days', async () => {
    const calls = stubFetch(() => ({ status: 200, body: REPORT }));
    renderWithQuery(<WeatherWidget id="w1" locked={false} settings={{ place: BERLIN, units: 'metric' }} />);
    expect((await screen.findByTestId('weather-temperature')).textContent).toBe('5°');
    expect(screen.getByText('widgets:weather.conditions.rain')).toBeTruthy();
    expect(screen.getByText('Berlin')).toBeTruthy();
    const days = screen.getByTestId('weather-forecast').querySelectorAll('li');
    expect([...days].map((day) => day.textContent)).toEqual([
      'Wed☁️widgets:weather.conditions.overcast5° 0°',
      'Thu🌨️widgets:weather.conditions.snow2° -3°',
      'Fri⛈️widgets:weather.conditions.thunderstorm3° -4°',
    ]);
    expect(calls.map((call) => call.url)).toEqual(['/api/dashboard/weather?lat=52.52&lon=13.41&units=metric']);
  });

  it('shows the translated error inside the widget when the data fails', async () => {
    stubFetch(() => ({ status: 502, body: { error: { code: 'WEATHER_UNAVAILABLE', message: 'down' } } }));
    renderWithQuery(<WeatherWidget id="w1" locked={false} settings={{ place: BERLIN, units: 'metric' }} />);
    expect((await screen.findByRole('alert')).textContent).toBe('errors.WEATHER_UNAVAILABLE');
  });

  it('asks for a place before fetching anything', () => {
    const calls = stubFetch(() => ({ status: 200, body: REPORT }));
    renderWithQuery(<WeatherWidget id="w1" locked={false} settings={weatherWidget.defaults} />);
    expect(screen.getByText('widgets:weather.noPlace')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('keeps stored settings that fail the schema out (the board falls back to defaults)', () => {
    expect(weatherWidget.settingsSchema.safeParse({ place: { name: 'x', lat: 200, lon: 0 }, units: 'metric' }).success).toBe(false);
    expect(weatherWidget.settingsSchema.safeParse({ place: BERLIN, units: 'imperial' }).success).toBe(true);
  });
});

describe('<WeatherSettingsForm>', () => {
  it('searches places through HomeCam on submit and stores the chosen one', async () => {
    const calls = stubFetch(() => ({ status: 200, body: [{ name: 'Berlin', country: 'Germany', admin1: 'Land Berlin', lat: 52.52437, lon: 13.41053 }] }));
    const onChange = vi.fn();
    renderWithQuery(<WeatherSettingsForm settings={{ place: null, units: 'metric' }} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('widgets:weather.settings.search'), { target: { value: 'Berlin' } });
    expect(calls).toEqual([]); // typing sends nothing
    fireEvent.click(screen.getByRole('button', { name: 'widgets:weather.settings.searchButton' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Berlin, Land Berlin, Germany' }));
    expect(onChange).toHaveBeenCalledWith({ place: { name: 'Berlin', lat: 52.52437, lon: 13.41053 }, units: 'metric' });
    expect(calls.map((call) => call.url)).toEqual(['/api/dashboard/weather/places?q=Berlin&lang=en']);
  });

  it('shows a failed search translated', async () => {
    stubFetch(() => ({ status: 429, body: { error: { code: 'DASHBOARD_FETCH_RATE_LIMITED', message: 'slow down' } } }));
    renderWithQuery(<WeatherSettingsForm settings={{ place: null, units: 'metric' }} onChange={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('widgets:weather.settings.search'), { target: { value: 'Berlin' } });
    fireEvent.click(screen.getByRole('button', { name: 'widgets:weather.settings.searchButton' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('errors.DASHBOARD_FETCH_RATE_LIMITED'));
  });
});
