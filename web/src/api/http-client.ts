import { takeEarlyResponse } from '../early/early-requests';
import { ApiError, apiErrorFromResponse, isAbortError } from './api-error';

/**
 * The one place that calls fetch. Every call goes to the same origin under /api with the stored
 * bearer token (spec §7). A 401 on an ordinary call means the session is gone; the session layer
 * decides what that means through `onSessionLost`.
 */
export interface HttpClientHooks {
  getToken(): string | null;
  onSessionLost(): void;
}

let hooks: HttpClientHooks = { getToken: () => null, onSessionLost: () => undefined };

export function configureHttpClient(next: HttpClientHooks) {
  hooks = next;
}

/** Any zod schema fits; declared structurally so the web app needs no direct zod dependency. */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart; the browser sets the boundary. */
  form?: FormData;
  /** Validates the answer; without it the body is ignored (204 and friends). */
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
  /** Calls that answer 401 as part of their meaning (login, check) handle it themselves. */
  handlesUnauthorized?: boolean;
  /** Overrides the stored token (logout sends the token being ended). */
  token?: string | null;
}

export async function apiRequest<T = void>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = options.token === undefined ? hooks.getToken() : options.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }

  const method = options.method ?? 'GET';
  // A GET the page's first script already made (a camera page opened from nothing: the session check, the camera).
  const early = method === 'GET' && !options.signal?.aborted ? takeEarlyResponse(`/api${path}`, token) : null;
  let response: Response;
  try {
    response = await (early ?? fetch(`/api${path}`, { method, headers, body, signal: options.signal, credentials: 'same-origin' }));
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'network error');
  }

  if (!response.ok) {
    const error = await apiErrorFromResponse(response);
    if (response.status === 401 && token && !options.handlesUnauthorized) hooks.onSessionLost();
    throw error;
  }
  if (!options.schema) return undefined as T;
  const parsed = options.schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(response.status, 'UNKNOWN', `unexpected answer from ${path}`);
  return parsed.data;
}

/** A file the server sends (a download): the body as a Blob, with the same token and error handling as apiRequest. */
export async function apiDownload(path: string): Promise<Blob> {
  const headers = new Headers();
  const token = hooks.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'network error');
  }
  if (!response.ok) {
    const error = await apiErrorFromResponse(response);
    if (response.status === 401 && token) hooks.onSessionLost();
    throw error;
  }
  return response.blob();
}

/** The stored bearer token, for the few calls fetch cannot make through apiRequest (streamed downloads, upload progress). */
export function currentToken(): string | null {
  return hooks.getToken();
}
