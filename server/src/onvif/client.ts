import onvif from 'onvif';
import type { OnvifAddress } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import { boundedAgent, OnvifResponseTooLarge } from './bounded-agent.js';

/** How long HomeCam waits for one ONVIF answer before it says the camera stopped answering. */
export const ONVIF_TIMEOUT_MS = 8_000;
/** A camera clock further off than this is mentioned (HomeCam still signs in the camera's time). */
export const CLOCK_WARNING_SECONDS = 60;
/** With a refused digest, a clock this far off is the likelier cause (cameras check Created for replay). */
export const CLOCK_SKEW_SECONDS = 300;

export interface OnvifConnection {
  cam: onvif.Cam;
  /** The camera's clock minus ours, in whole seconds. */
  clockOffsetSeconds: number;
}

export type Callback<T> = (callback: (error: Error | null, data?: T) => void) => void;

/** Runs one callback-style `onvif` call as a promise (its errors mapped later, where the context is known). */
export function call<T>(fn: Callback<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => fn((error, data) => (error ? reject(error) : resolve(data as T))));
}

const AUTH_REFUSED = /not ?authori[sz]ed|unauthori[sz]ed|authentication failed|Digest authentication/i;
const TIMEOUT = /network timeout|ETIMEDOUT|ESOCKETTIMEDOUT|socket hang up/i;
const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET']);

/**
 * An `onvif` error as HomeCam's error: wrong credentials (or, with the camera's clock far off, the clock), a camera
 * that stopped answering, one that cannot be reached, or one that answers nonsense. Never carries the password.
 */
export function onvifError(error: unknown, clockOffsetSeconds: number | null = null): AppError {
  if (error instanceof AppError) return error;
  const err = error instanceof Error ? error : new Error(String(error));
  const code = (err as NodeJS.ErrnoException).code ?? '';
  if (err instanceof OnvifResponseTooLarge) return new AppError('ONVIF_BAD_RESPONSE', err.message);
  if (AUTH_REFUSED.test(err.message)) {
    if (clockOffsetSeconds !== null && Math.abs(clockOffsetSeconds) >= CLOCK_SKEW_SECONDS) {
      return new AppError('ONVIF_CLOCK_SKEW', `the camera refused the credentials and its clock is ${clockOffsetSeconds} s off ours`, { clockOffsetSeconds });
    }
    return new AppError('ONVIF_AUTH_FAILED', 'the camera refused the user name or password');
  }
  if (TIMEOUT.test(err.message) || code === 'ETIMEDOUT') return new AppError('ONVIF_TIMEOUT', 'the camera did not answer in time');
  if (UNREACHABLE.has(code)) return new AppError('ONVIF_UNREACHABLE', `nothing answers at the camera's ONVIF address (${code})`);
  return new AppError('ONVIF_BAD_RESPONSE', 'the camera gave no usable ONVIF answer');
}

export interface ConnectOptions {
  timeoutMs?: number;
}

/**
 * Connects to a camera's device service: first its clock (GetSystemDateAndTime needs no credentials; the client
 * then signs every request in the camera's time, so a camera clock that is off still works), then its services
 * and profiles. Service addresses the camera announces are pinned to the address given (`preserveAddress`): a
 * camera cannot send HomeCam's requests elsewhere.
 */
export async function connectOnvif(address: OnvifAddress, user: string, password: string, options: ConnectOptions = {}): Promise<OnvifConnection> {
  const cam = new onvif.Cam({
    hostname: address.hostname.replace(/^\[|\]$/g, ''),
    port: address.port,
    path: address.path,
    username: user || undefined,
    password: password || undefined,
    useSecure: address.protocol === 'https',
    agent: boundedAgent(address.protocol === 'https'),
    preserveAddress: true,
    autoconnect: false,
    timeout: options.timeoutMs ?? ONVIF_TIMEOUT_MS,
  });
  let clockOffsetSeconds: number | null = null;
  try {
    const cameraTime = await call<Date>((cb) => cam.getSystemDateAndTime(cb));
    clockOffsetSeconds = Math.round((cameraTime.getTime() - Date.now()) / 1000);
    await call((cb) => cam.connect(cb));
  } catch (error) {
    throw onvifError(error, clockOffsetSeconds);
  }
  return { cam, clockOffsetSeconds: clockOffsetSeconds ?? 0 };
}
