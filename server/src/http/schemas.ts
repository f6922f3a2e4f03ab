import { apiErrorBodySchema } from '@homecam/shared';

/** Error answers for the OpenAPI document: every listed status answers with the error envelope. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof apiErrorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorBodySchema])) as Record<S, typeof apiErrorBodySchema>;
}

/** The statuses every non-public route can answer with. */
export const AUTH_ERRORS = [401, 403] as const;
