import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCameraOffAir } from '../../hooks/use-cameras';
import { useSnapshot } from '../../hooks/use-snapshot';
import { cn } from '../ui/cn';
import { ImageIcon } from '../ui/media-icons';
import { OffAirPicture } from './OffAirPicture';

export interface SnapshotImageProps {
  camera: string;
  /** Seconds between refreshes (camera.snapshotTimer). */
  intervalSeconds: number;
  /** Width the server scales to. */
  width?: number;
  className?: string;
}

/**
 * The camera's snapshot, or, while it is disabled or in privacy mode, what stands in for it (no refreshes: a
 * disabled camera has no snapshot, the privacy image does not change).
 */
export function SnapshotImage(props: SnapshotImageProps) {
  const { offAir, since } = useCameraOffAir(props.camera);
  if (offAir) {
    return <OffAirPicture camera={props.camera} offAir={offAir} since={since} width={props.width} compact className={props.className} />;
  }
  return <RefreshingSnapshot {...props} />;
}

/**
 * The snapshot refreshed every `intervalSeconds` while visible. The previous picture stays until the next one
 * has loaded; a failed load shows a placeholder until a later refresh succeeds.
 */
function RefreshingSnapshot({ camera, intervalSeconds, width, className }: SnapshotImageProps) {
  const { t } = useTranslation();
  const { ref, url } = useSnapshot(camera, intervalSeconds, width);
  const [shown, setShown] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div ref={ref} className={cn('relative overflow-hidden bg-video', className)} data-testid="camera-snapshot">
      {shown ? <img src={shown} alt={t('cameras:snapshotOf', { camera })} className="h-full w-full object-cover" /> : null}
      {/* Loads the next picture out of sight; it replaces the shown one when complete. */}
      {url !== shown && url !== failed ? (
        <img src={url} alt="" className="hidden" onLoad={() => setShown(url)} onError={() => setFailed(url)} />
      ) : null}
      {!shown ? (
        <div className="absolute inset-0 flex items-center justify-center text-on-video opacity-60">
          <ImageIcon width={32} height={32} />
          <span className="sr-only">{failed ? t('cameras:snapshotUnavailable') : t('layout.loading')}</span>
        </div>
      ) : null}
    </div>
  );
}
