import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, type LoginRequest } from '@homecam/shared';
import { login } from '../api/auth-api';
import { rememberFirstStartPassword } from '../stores/session/first-start-password';
import { useStores } from '../stores/stores-context';
import { describeError } from './describe-error';
import { useHttp } from './use-http';

/**
 * POST /api/auth/login; success stores the session and lands on the last page (spec §4), failure
 * shows the server's reason as an error toast ('wrong username and/or password', the 429 wait).
 */
export function useLogin() {
  const http = useHttp();
  const { t } = useTranslation();
  const { sessionStore, toastStore } = useStores();
  return useMutation({
    mutationFn: (body: LoginRequest) => login(http, body),
    onSuccess: (session, body) => {
      // A 'wrong password' toast from the previous attempt is no longer true.
      toastStore.dismissAll();
      if (session.user.mustChangeCredentials) rememberFirstStartPassword(body.password);
      sessionStore.dispatch({
        type: 'LOGGED_IN',
        session,
        lastPage: localStorage.getItem(STORAGE_KEYS.lastPage),
        now: Date.now(),
      });
    },
    onError: (error) => {
      sessionStore.dispatch({ type: 'LOGIN_FAILED' });
      toastStore.show('error', describeError(t, error));
    },
  });
}
