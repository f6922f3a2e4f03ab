import { useQueryClient } from '@tanstack/react-query';
import type { SecondFactorPolicy, TotpDisableRequest } from '@homecam/shared';
import { queryKeys } from '../api/query-keys';
import { confirmTotp, disableTotp, resetUserSecondFactor, secondFactorPolicy, secondFactorStatus, setSecondFactorPolicy, startTotp } from '../api/second-factor-api';
import { useApiMutation, useApiQuery } from './use-api';

/** GET /api/account/second-factor: whether the own authenticator app is on, recovery codes left. */
export const useSecondFactorStatus = () => useApiQuery(queryKeys.secondFactor, secondFactorStatus);

function useRefreshStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.secondFactor });
}

export const useStartTotp = () => useApiMutation((http) => startTotp(http));

export function useConfirmTotp() {
  const refresh = useRefreshStatus();
  return useApiMutation((http, code: string) => confirmTotp(http, code), { onSuccess: refresh });
}

export function useDisableTotp() {
  const refresh = useRefreshStatus();
  return useApiMutation((http, body: TotpDisableRequest) => disableTotp(http, body), { onSuccess: refresh });
}

/** An admin's reset of another user's second factors (a lost phone). */
export const useResetSecondFactor = () => useApiMutation((http, userId: number) => resetUserSecondFactor(http, userId));

/** Settings → System (admin): who must have a second factor. */
export const useSecondFactorPolicy = () => useApiQuery(queryKeys.secondFactorPolicy, secondFactorPolicy);

export function useSetSecondFactorPolicy() {
  const queryClient = useQueryClient();
  return useApiMutation((http, policy: SecondFactorPolicy) => setSecondFactorPolicy(http, policy), {
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.secondFactorPolicy, saved),
  });
}
