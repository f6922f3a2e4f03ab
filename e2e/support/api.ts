import type { Camera, CameraInput, LoginResponse, Permission, User } from '@homecam/shared';

/** Direct API calls for test setup, so each test drives the browser only through what it checks. */
export class Api {
  constructor(
    readonly baseUrl: string,
    private token?: string,
  ) {}

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The bearer token of the signed-in session, for requests made outside `request` (a playlist, a download). */
  currentToken(): string | undefined {
    return this.token;
  }

  async login(username: string, password: string): Promise<LoginResponse> {
    const session = await this.request<LoginResponse>('POST', '/api/auth/login', { username, password });
    this.token = session.access_token;
    return session;
  }

  logout(): Promise<void> {
    return this.request('POST', '/api/auth/logout');
  }

  createUser(username: string, password: string, permissionLevel: Permission[]): Promise<User> {
    return this.request('POST', '/api/users', { username, password, permissionLevel });
  }

  createCamera(name: string, source: string, extra: Partial<CameraInput> = {}): Promise<Camera> {
    return this.request('POST', '/api/cameras', { ...extra, name, videoConfig: { ...extra.videoConfig, source } });
  }
}

export const ADMIN = { username: 'admin', password: 'admin-password-1' } as const;

/** Turns the first-start account into a usable admin, as the /start page would. */
export async function completeFirstStart(baseUrl: string): Promise<Api> {
  const api = new Api(baseUrl);
  const session = await api.login('master', 'master');
  await api.request('PATCH', `/api/users/${session.user.id}`, {
    username: ADMIN.username,
    password: ADMIN.password,
    currentPassword: 'master',
  });
  return api;
}
