import { loginResponseSchema, passkeyCeremonySchema, passkeySecondStepStartSchema, passkeySignInFinishSchema, passkeySignInStartSchema } from '@homecam/shared';
import { sessionReply } from '../http/auth/auth.routes.js';
import { defineRoutes } from '../http/define-routes.js';
import { clientInfo } from '../http/request-auth.js';
import { errorResponses } from '../http/schemas.js';
import type { PasskeySignIn } from './passkey-sign-in.js';
import { relyingPartyOf } from './relying-party.js';

/** Issue 21: signing in with a passkey, alone or as the second step after the password. Public: the passkey is the credential. */
export const passkeySignInRoutes = defineRoutes<{ signIn: PasskeySignIn }>((app, { signIn }) => {
  app.post('/api/auth/passkey/options', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      description: 'Starts a passkey sign-in: options for navigator.credentials.get(). Without a username any passkey of this host may answer (it names its account); with one, that account\'s. Good for two minutes and one answer.',
      body: passkeySignInStartSchema,
      response: { 200: passkeyCeremonySchema, ...errorResponses(400) },
    },
  }, (request) => signIn.start(request.body.username, relyingPartyOf(request), clientInfo(request)));

  app.post('/api/auth/second-factor/passkey/options', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      description: 'The second step of a password sign-in with a passkey: options for the ticket\'s account.',
      body: passkeySecondStepStartSchema,
      response: { 200: passkeyCeremonySchema, ...errorResponses(400, 401) },
    },
  }, (request) => signIn.startSecondStep(request.body.ticket, relyingPartyOf(request), clientInfo(request)));

  app.post('/api/auth/passkey', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      description: 'The authenticator\'s answer to a passkey ceremony (either kind): a session, or 401 PASSKEY_INVALID.',
      body: passkeySignInFinishSchema,
      response: { 200: loginResponseSchema, ...errorResponses(400, 401, 429) },
    },
  }, async (request, reply) => sessionReply(request, reply, await signIn.finish(request.body, relyingPartyOf(request), clientInfo(request))));
});
