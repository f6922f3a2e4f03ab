import { useTranslation } from 'react-i18next';
import type { CameraOffAir, CameraState } from '@homecam/shared';
import { useCameraStatus } from '../../hooks/use-cameras';
import { cn } from '../ui/cn';

/** What the dot shows: the stream's state, or why the camera streams nothing on purpose (disabled, privacy). */
type Shown = CameraState | CameraOffAir | 'unknown';

const DOT: Record<Shown, string> = {
  streaming: 'bg-success',
  starting: 'bg-warning',
  idle: 'bg-foreground-muted',
  offline: 'bg-danger',
  error: 'bg-danger',
  privacy: 'bg-primary',
  disabled: 'bg-border',
  unknown: 'bg-border',
};

/**
 * The camera's stream state as a coloured dot with its name for screen readers (and as text with `label`). A
 * disabled camera or one in privacy mode says so (the server's `offAir` code), not "Idle".
 */
export function StatusDot({ camera, label = false, className }: { camera: string; label?: boolean; className?: string }) {
  const { t } = useTranslation();
  const status = useCameraStatus(camera);
  const shown: Shown = status?.offAir ?? status?.state ?? 'unknown';
  const text = t(`cameras:status.${shown}`);
  // The server's English reason (an ffmpeg error) only where no translated word says more.
  const title = status?.offAir ? t(`cameras:offAir.${status.offAir}.hint`) : (status?.reason ?? text);
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)} data-testid="camera-status" data-state={shown} title={title}>
      <span className={cn('inline-block h-2.5 w-2.5 shrink-0 rounded-full', DOT[shown])} aria-hidden="true" />
      <span className={label ? 'text-sm text-foreground-muted' : 'sr-only'}>{text}</span>
    </span>
  );
}
