import { placeQuerySchema, weatherPlacesSchema, weatherQuerySchema, weatherReportSchema } from '@homecam/shared';
import type { WeatherService } from '../../services/weather.service.js';
import { defineRoutes } from '../define-routes.js';
import { requireAuth } from '../request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

const DASHBOARD = { anyOf: ['dashboard:access'] } as const;

/** The dashboard weather widget: the server asks the configured provider; the browser never calls it. */
export const weatherRoutes = defineRoutes<{ weather: WeatherService }>((app, { weather }) => {
  app.get(
    '/api/dashboard/weather',
    {
      config: { access: DASHBOARD },
      schema: {
        tags: ['dashboard'],
        description:
          'Current weather and a short daily forecast at lat/lon from the provider in config.json dashboard.weather ' +
          '(default Open-Meteo), cached 10 minutes per position (2 decimals) and units.',
        querystring: weatherQuerySchema,
        response: { 200: weatherReportSchema, ...errorResponses(400, 429, 502, ...AUTH_ERRORS) },
      },
    },
    (request) => weather.report(requireAuth(request).user.id, request.query),
  );

  app.get(
    '/api/dashboard/weather/places',
    {
      config: { access: DASHBOARD },
      schema: {
        tags: ['dashboard'],
        description: 'Place search (geocoding) for the weather widget settings, cached a day per query.',
        querystring: placeQuerySchema,
        response: { 200: weatherPlacesSchema, ...errorResponses(400, 429, 502, ...AUTH_ERRORS) },
      },
    },
    (request) => weather.searchPlaces(requireAuth(request).user.id, request.query),
  );
});
