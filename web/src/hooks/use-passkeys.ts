import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import {
  finishPasskeyRegistration,
  finishPasskeySignIn,
  listPasskeys,
  passkeySecondStepOptions,
  passkeySignInOptions,
  removePasskey,
  renamePasskey,
  startPasskeyRegistration,
} from '../api/passkeys-api';
import { answerWithPasskey, createPasskey } from '../lib/webauthn';
import { useApiMutation, useApiQuery } from './use-api';
import { useHttp } from './use-http';
import { useFailed, useSignedIn } from './use-login';

/** Issue 21: GET /api/account/passkeys. */
export const usePasskeys = () => useApiQuery(queryKeys.passkeys, listPasskeys);

function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryKeys.passkeys, queryKeys.secondFactor].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Adds a passkey: the password opens a ceremony, the browser asks the authenticator, the server keeps its answer. */
export function useAddPasskey() {
  const refresh = useRefresh();
  return useApiMutation(
    async (http, { name, password }: { name: string; password: string }) => {
      const ceremony = await startPasskeyRegistration(http, password);
      const credential = await createPasskey(ceremony);
      return finishPasskeyRegistration(http, { ceremony: ceremony.ceremony, name, credential });
    },
    { onSuccess: refresh },
  );
}

export function useRenamePasskey() {
  const refresh = useRefresh();
  return useApiMutation((http, { id, name }: { id: number; name: string }) => renamePasskey(http, id, name), { onSuccess: refresh });
}

export function useRemovePasskey() {
  const refresh = useRefresh();
  return useApiMutation((http, { id, password }: { id: number; password: string }) => removePasskey(http, id, password), { onSuccess: refresh });
}

/**
 * Signs in with a passkey: alone (`username` typed or not: usernameless when empty), or as the second step of a
 * password sign-in (`ticket`). A session is stored at once; a refusal shows the translated toast.
 */
export function usePasskeySignIn() {
  const http = useHttp();
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (from: { username?: string } | { ticket: string }) => {
      const ceremony = 'ticket' in from ? await passkeySecondStepOptions(http, from.ticket) : await passkeySignInOptions(http, from.username);
      const credential = await answerWithPasskey(ceremony);
      return finishPasskeySignIn(http, { ceremony: ceremony.ceremony, credential });
    },
    onSuccess: (session) => signedIn(session, null),
    onError: useFailed(),
  });
}
