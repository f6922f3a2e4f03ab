/**
 * The GETs the page's first script starts on a camera page (src/early-live.ts), before the app's bundle has run:
 * the session check and the camera's data are answered by the time the app asks, and http-client takes those
 * answers instead of asking again. Each is taken once, only with the same token and while fresh. No imports: this
 * runs before the app.
 */
export const EARLY_RESPONSE_MAX_AGE_MS = 5_000;

interface StartedRequest {
  token: string;
  at: number;
  response: Promise<Response>;
}
type Started = Map<string, StartedRequest>;

/** On the window: the early script (a classic script with its own copy of this code) fills it, the app takes. */
const shared = globalThis as { __homecamEarlyRequests?: Started };
const started: Started = (shared.__homecamEarlyRequests ??= new Map<string, StartedRequest>());

export function prefetchEarly(paths: readonly string[], token: string, fetchFn: typeof fetch = fetch): void {
  for (const path of paths) {
    const response = fetchFn(path, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` }, credentials: 'same-origin' });
    response.catch(() => undefined); // a failure shows when the app takes it (or never, when it does not ask)
    started.set(path, { token, at: Date.now(), response });
  }
}

/** The early answer to GET `path` (e.g. /api/auth/check) with `token`, once; null when there is none. */
export function takeEarlyResponse(path: string, token: string | null): Promise<Response> | null {
  const entry = started.get(path);
  if (!entry) return null;
  started.delete(path);
  return entry.token === token && Date.now() - entry.at <= EARLY_RESPONSE_MAX_AGE_MS ? entry.response : null;
}
