import { useEffect, useState } from 'react';
import { ptzMove, ptzStop } from '../api/onvif-api';
import type { PtzVelocity } from '../lib/ptz-keys';
import type { HttpClient } from '../api/http-client';
import { useHttp } from './use-http';
import { useToast } from './use-toast';

/** The server stops a move that is not renewed within 3 s; the pad renews well before. */
export const PTZ_RENEW_MS = 1_000;

/** One pad's press-and-hold state, outside React so a re-render never stops a held move. */
class PtzHold {
  private held: PtzVelocity | null = null;
  private renew: ReturnType<typeof setInterval> | undefined;
  private failed = false;
  private current: { http: HttpClient; camera: string; showError: (error: unknown) => void } | null = null;

  /** The client, camera and error display of the latest render (set from an effect). */
  use(target: { http: HttpClient; camera: string; showError: (error: unknown) => void }): void {
    this.current = target;
  }

  private target(): { http: HttpClient; camera: string } {
    if (!this.current) throw new Error('PtzHold used before its effect ran');
    return this.current;
  }

  private showError = (error: unknown) => this.current?.showError(error);

  private report = (error: unknown) => {
    if (this.failed) return;
    this.failed = true;
    this.showError(error);
  };

  press(velocity: PtzVelocity): void {
    clearInterval(this.renew);
    this.held = velocity;
    this.failed = false;
    const send = () => {
      const { http, camera } = this.target();
      if (this.held) ptzMove(http, camera, this.held).catch(this.report);
    };
    send();
    this.renew = setInterval(send, PTZ_RENEW_MS);
  }

  /** Ends a press (release, pointer cancel, blur, hidden page, unmount); nothing when none is held. */
  release = (): void => {
    clearInterval(this.renew);
    if (!this.held) return;
    this.held = null;
    const { http, camera } = this.target();
    ptzStop(http, camera).catch(this.report);
  };

  /** The stop button: stops whatever runs (also a move started elsewhere). */
  stop(): void {
    clearInterval(this.renew);
    this.held = null;
    const { http, camera } = this.target();
    ptzStop(http, camera).catch(this.showError);
  }
}

/**
 * Press and hold on the PTZ pad: ContinuousMove on press, renewed while held, Stop on release, on pointer cancel,
 * when the window loses focus or the page is hidden, and when the pad goes away. One error is shown per press.
 */
export function usePtzHold(camera: string): PtzHold {
  const http = useHttp();
  const toast = useToast();
  const [hold] = useState(() => new PtzHold());
  useEffect(() => hold.use({ http, camera, showError: toast.apiError }), [hold, http, camera, toast]);

  useEffect(() => {
    const hidden = () => document.visibilityState === 'hidden' && hold.release();
    window.addEventListener('blur', hold.release);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('blur', hold.release);
      document.removeEventListener('visibilitychange', hidden);
      hold.release();
    };
  }, [hold]);

  return hold;
}
