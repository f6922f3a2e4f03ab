import {
  loginResponseSchema,
  secondFactorPolicySettingsSchema,
  type SecondFactorPolicy,
  type SecondFactorPolicySettings,
  recoveryCodesSchema,
  secondFactorStatusSchema,
  totpEnrolmentSchema,
  type LoginResponse,
  type RecoveryCodes,
  type SecondFactorStatus,
  type SecondFactorVerifyRequest,
  type TotpDisableRequest,
  type TotpEnrolment,
} from '@homecam/shared';
import type { HttpClient } from './http-client';

/** The sign-in's second step (issue 21): the ticket from the password step and a one-time or recovery code. */
export function verifySecondFactor(http: HttpClient, body: SecondFactorVerifyRequest): Promise<LoginResponse> {
  return http.request('/auth/second-factor', { method: 'POST', json: body, schema: loginResponseSchema, handlesUnauthorized: true, token: null });
}

export function secondFactorStatus(http: HttpClient, signal?: AbortSignal): Promise<SecondFactorStatus> {
  return http.request('/account/second-factor', { schema: secondFactorStatusSchema, signal });
}

export function startTotp(http: HttpClient): Promise<TotpEnrolment> {
  return http.request('/account/second-factor/totp', { method: 'POST', schema: totpEnrolmentSchema });
}

/** 401 here is a wrong code, not a lost session: the form shows it. */
export function confirmTotp(http: HttpClient, code: string): Promise<RecoveryCodes> {
  return http.request('/account/second-factor/totp/confirm', { method: 'POST', json: { code }, schema: recoveryCodesSchema, handlesUnauthorized: true });
}

export function disableTotp(http: HttpClient, body: TotpDisableRequest): Promise<void> {
  return http.request('/account/second-factor/totp/disable', { method: 'POST', json: body, handlesUnauthorized: true });
}

/** Who must have a second factor (admin). */
export function secondFactorPolicy(http: HttpClient, signal?: AbortSignal): Promise<SecondFactorPolicySettings> {
  return http.request('/settings/second-factor', { schema: secondFactorPolicySettingsSchema, signal });
}

export function setSecondFactorPolicy(http: HttpClient, policy: SecondFactorPolicy): Promise<SecondFactorPolicySettings> {
  return http.request('/settings/second-factor', { method: 'PUT', json: { policy }, schema: secondFactorPolicySettingsSchema });
}

export function resetUserSecondFactor(http: HttpClient, userId: number): Promise<void> {
  return http.request(`/users/${userId}/second-factor`, { method: 'DELETE' });
}
