import { useTranslation } from 'react-i18next';
import type { CameraState } from '@homecam/shared';
import { useCameraStatus } from '../../hooks/use-cameras';
import { cn } from '../ui/cn';

const DOT: Record<CameraState | 'unknown', string> = {
  streaming: 'bg-success',
  starting: 'bg-warning',
  idle: 'bg-foreground-muted',
  offline: 'bg-danger',
  error: 'bg-danger',
  unknown: 'bg-border',
};

/** The camera's stream state as a coloured dot with its name for screen readers (and as text with `label`). */
export function StatusDot({ camera, label = false, className }: { camera: string; label?: boolean; className?: string }) {
  const { t } = useTranslation();
  const status = useCameraStatus(camera);
  const state = status?.state ?? 'unknown';
  const text = t(`cameras:status.${state}`);
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)} data-testid="camera-status" data-state={state} title={status?.reason ?? text}>
      <span className={cn('inline-block h-2.5 w-2.5 shrink-0 rounded-full', DOT[state])} aria-hidden="true" />
      <span className={label ? 'text-sm text-foreground-muted' : 'sr-only'}>{text}</span>
    </span>
  );
}
