import type { AppContext } from '../context/context.js';
import type { HomecamModule } from '../runtime/module.js';
import { ApiTokenRepository } from './api-token.repository.js';
import { ApiTokenService } from './api-token.service.js';
import { apiTokenRoutes } from './routes.js';
import { TokenAuthenticator } from './token-authenticator.js';

type Deps = Pick<AppContext, 'database' | 'auth' | 'users' | 'repositories' | 'bus' | 'clock'>;

export type ApiTokensModule = HomecamModule & { readonly tokens: ApiTokenService };

/**
 * Issue 21: API tokens for integrations. Installs the token check on AuthService (a bearer with API_TOKEN_PREFIX is
 * resolved here, everywhere a session token is accepted: REST, live stream, socket), and the routes.
 */
export function apiTokensModule(ctx: Deps): ApiTokensModule {
  const store = new ApiTokenRepository(ctx.database.db);
  const tokens = new ApiTokenService({ store, bus: ctx.bus, clock: ctx.clock });
  const authenticator = new TokenAuthenticator({ store, auth: ctx.auth, findUser: (id) => ctx.repositories.users.findById(id), clock: ctx.clock });
  ctx.auth.useApiTokens({
    authenticate: (token, client) => authenticator.authenticate(token, client),
    credentialIdsOfUser: (userId) => tokens.credentialIdsOfUser(userId),
  });
  return {
    name: 'api-tokens',
    tokens,
    start: () => tokens.purgeExpired(),
    routes: async (app) => {
      await app.register(apiTokenRoutes, { tokens, users: ctx.users });
    },
  };
}
