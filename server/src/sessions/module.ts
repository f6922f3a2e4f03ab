import type { AppContext } from '../context/context.js';
import type { HomecamModule } from '../runtime/module.js';
import { DeviceList } from './device-list.js';
import { sessionRoutes } from './routes.js';

type Deps = Pick<AppContext, 'auth' | 'users' | 'repositories' | 'clock'>;

/** Issue 21: the signed-in devices list and ending sessions (the sessions themselves are AuthService's). */
export function sessionsModule(ctx: Deps): HomecamModule {
  const devices = new DeviceList({ sessions: ctx.repositories.sessions, auth: ctx.auth, clock: ctx.clock });
  return {
    name: 'sessions',
    routes: async (app) => {
      await app.register(sessionRoutes, { devices, users: ctx.users });
    },
  };
}
