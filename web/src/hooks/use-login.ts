import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isSecondFactorChallenge, STORAGE_KEYS, type LoginRequest, type LoginResponse, type SecondFactorChallenge, type SecondFactorVerifyRequest } from '@homecam/shared';
import { login } from '../api/auth-api';
import { verifySecondFactor } from '../api/second-factor-api';
import { rememberFirstStartPassword } from '../stores/session/first-start-password';
import { useStores } from '../stores/stores-context';
import { describeError } from './describe-error';
import { useHttp } from './use-http';

/** Stores the new session and lands on the last page (spec §4); a stale error toast goes. */
export function useSignedIn() {
  const { sessionStore, toastStore } = useStores();
  return (session: LoginResponse, password: string | null) => {
    toastStore.dismissAll();
    if (session.user.mustChangeCredentials && password !== null) rememberFirstStartPassword(password);
    sessionStore.dispatch({ type: 'LOGGED_IN', session, lastPage: localStorage.getItem(STORAGE_KEYS.lastPage), now: Date.now() });
  };
}

/** A failed sign-in: the session store is told, and the translated reason shows as an error toast. */
export function useFailed() {
  const { t } = useTranslation();
  const { sessionStore, toastStore } = useStores();
  return (error: unknown) => {
    sessionStore.dispatch({ type: 'LOGIN_FAILED' });
    toastStore.show('error', describeError(t, error));
  };
}

/**
 * POST /api/auth/login; a session is stored at once, a second-factor challenge (issue 21) goes to
 * `onChallenge` (the view asks for the code). Failure shows the server's reason as an error toast.
 */
export function useLogin(onChallenge: (challenge: SecondFactorChallenge) => void) {
  const http = useHttp();
  const signedIn = useSignedIn();
  const { toastStore } = useStores();
  return useMutation({
    mutationFn: (body: LoginRequest) => login(http, body),
    onSuccess: (outcome, body) => {
      if (isSecondFactorChallenge(outcome)) {
        toastStore.dismissAll();
        onChallenge(outcome);
      } else {
        signedIn(outcome, body.password);
      }
    },
    onError: useFailed(),
  });
}

/** POST /api/auth/second-factor: the code (or a recovery code) for the ticket; a session on success. */
export function useSecondFactorSignIn() {
  const http = useHttp();
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: SecondFactorVerifyRequest) => verifySecondFactor(http, body),
    onSuccess: (session) => signedIn(session, null),
    onError: useFailed(),
  });
}
