import type { AppContext } from '../context/context.js';
import type { HomecamModule } from '../runtime/module.js';
import type { SecondFactorModule } from '../second-factor/module.js';
import { PasskeyCeremonies } from './ceremonies.js';
import { PasskeyRepository } from './passkey.repository.js';
import { PasskeySignIn } from './passkey-sign-in.js';
import { PasskeyService } from './passkey.service.js';
import { passkeyRoutes } from './routes.js';
import { passkeySignInRoutes } from './sign-in-routes.js';

type Deps = Pick<AppContext, 'database' | 'auth' | 'repositories' | 'bus' | 'clock'>;

export type PasskeysModule = HomecamModule & { readonly passkeys: PasskeyService };

/**
 * Issue 21: passkeys. Registers them with the second-factor feature (they count for the policy, are offered at the
 * second step, and go with an admin's reset), and adds the owner's routes and the sign-in routes.
 */
export function passkeysModule(ctx: Deps, secondFactor: SecondFactorModule): PasskeysModule {
  const store = new PasskeyRepository(ctx.database.db);
  const ceremonies = new PasskeyCeremonies(ctx.clock);
  const passkeys = new PasskeyService({ store, ceremonies, auth: ctx.auth, bus: ctx.bus, clock: ctx.clock });
  const signIn = new PasskeySignIn({
    store,
    ceremonies,
    tickets: secondFactor.tickets,
    auth: ctx.auth,
    findUser: (id) => ctx.repositories.users.findById(id),
    findUserByName: (username) => ctx.repositories.users.findByUsername(username),
    bus: ctx.bus,
    clock: ctx.clock,
  });
  secondFactor.factors.addFactor(passkeys);
  return {
    name: 'passkeys',
    passkeys,
    routes: async (app) => {
      await app.register(passkeyRoutes, { passkeys });
      await app.register(passkeySignInRoutes, { signIn });
    },
  };
}
