import { takeEarlyResponse } from '../early/early-requests';
import { ApiError, apiErrorFromResponse, isAbortError } from '../lib/api-error';

/**
 * The one place that calls fetch. Every call goes to the same origin under /api with the signed-in session's
 * bearer token (spec §7). A 401 on an ordinary call means the session is gone; the session layer decides what that
 * means through `onSessionLost`. The runtime (app/runtime.ts) builds the one client and hands it down (hooks take
 * it from useHttp()); nothing here holds state of its own.
 */
export interface HttpClientHooks {
  getToken(): string | null;
  onSessionLost(): void;
}

export interface HttpClient {
  /** A JSON call: the answer checked by `schema` (absent: the body is ignored). */
  request<T = void>(path: string, options?: RequestOptions<T>): Promise<T>;
  /** A file the server sends as an attachment, read to the end (see DownloadOptions). */
  download(path: string, options: DownloadOptions): Promise<DownloadedFile>;
  /** The bearer token, for the one call fetch cannot make (an upload with progress goes through XMLHttpRequest). */
  token(): string | null;
}

export function createHttpClient(hooks: HttpClientHooks): HttpClient {
  return {
    request: (path, options) => apiRequest(hooks, path, options),
    download: (path, options) => apiDownload(hooks, path, options),
    token: () => hooks.getToken(),
  };
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

async function apiRequest<T = void>(hooks: HttpClientHooks, path: string, options: RequestOptions<T> = {}): Promise<T> {
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

export interface DownloadOptions {
  /** The name to save under when the answer names none (every HomeCam download names its file). */
  fallbackName: string;
  /** Bytes received so far, as they arrive (an archive made while it streams has no total). */
  onProgress?: (bytes: number) => void;
  signal?: AbortSignal;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

function attachmentName(response: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

/**
 * A download: fetched with the bearer token (a plain link would carry no Authorization header), the same errors
 * and 401 handling as a request, read chunk by chunk so the caller can show the bytes received.
 */
async function apiDownload(hooks: HttpClientHooks, path: string, { fallbackName, onProgress, signal }: DownloadOptions): Promise<DownloadedFile> {
  const headers = new Headers();
  const token = hooks.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers, credentials: 'same-origin', signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'network error');
  }
  if (!response.ok) {
    const error = await apiErrorFromResponse(response);
    if (response.status === 401 && token) hooks.onSessionLost();
    throw error;
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress?.(received);
    }
  }
  const type = response.headers.get('content-type') ?? '';
  return { blob: new Blob(chunks as BlobPart[], type ? { type } : undefined), fileName: attachmentName(response, fallbackName) };
}
