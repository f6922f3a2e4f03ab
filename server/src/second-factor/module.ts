import type { AppContext } from '../context/context.js';
import type { HomecamModule } from '../runtime/module.js';
import { secondFactorPolicyRoutes } from './policy-routes.js';
import { secondFactorRoutes } from './routes.js';
import { SecondFactorRepository } from './second-factor.repository.js';
import { SecondFactorService } from './second-factor.service.js';
import { SignInTickets } from './sign-in-tickets.js';

type Deps = Pick<AppContext, 'database' | 'auth' | 'users' | 'repositories' | 'bus' | 'clock' | 'config'>;

/** `tickets`: sign-ins waiting for their second step, which other factors (passkeys) complete too. */
export type SecondFactorModule = HomecamModule & { readonly factors: SecondFactorService; readonly tickets: SignInTickets };

/**
 * Issue 21: second factors. Installs the gate AuthService.login asks after a right password (a ticket instead of a
 * session when the account has a second factor), and the routes.
 */
export function secondFactorModule(ctx: Deps): SecondFactorModule {
  const tickets = new SignInTickets(ctx.clock);
  const factors = new SecondFactorService({
    store: new SecondFactorRepository(ctx.database.db),
    tickets,
    auth: ctx.auth,
    findUser: (id) => ctx.repositories.users.findById(id),
    bus: ctx.bus,
    clock: ctx.clock,
    policy: () => ctx.config.get().secondFactorPolicy,
  });
  ctx.auth.useSecondStep(
    (user, client) => factors.challenge(user, client),
    (user) => factors.enrolmentDue(user),
  );
  return {
    name: 'second-factor',
    factors,
    tickets,
    routes: async (app) => {
      await app.register(secondFactorRoutes, { factors, users: ctx.users });
      await app.register(secondFactorPolicyRoutes, { config: ctx.config });
    },
  };
}
