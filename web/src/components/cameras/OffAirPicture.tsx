import { useTranslation } from 'react-i18next';
import type { CameraOffAir } from '@homecam/shared';
import { usePrivacyImage } from '../../hooks/use-still-snapshot';
import { cn } from '../ui/cn';
import { VideoOffIcon } from '../ui/media-icons';

export interface OffAirPictureProps {
  camera: string;
  offAir: CameraOffAir;
  /** When the camera went off air (the status' `since`): a new privacy period loads the image anew. */
  since?: string | undefined;
  /** Width the server scales the privacy image to. */
  width?: number;
  /** One line only (cards, tiles, widgets). */
  compact?: boolean;
  className?: string;
}

/**
 * What stands in for the picture of a camera that streams nothing on purpose: in privacy mode the server's
 * privacy image (its snapshot then) with the translated words over it; when disabled a quiet panel. Neither
 * looks like a broken connection, and neither opens a stream.
 */
export function OffAirPicture({ camera, offAir, since, width, compact, className }: OffAirPictureProps) {
  const { t } = useTranslation();
  const title = t(`cameras:offAir.${offAir}.title`);
  const privacyImage = usePrivacyImage(camera, since, width);
  return (
    <div className={cn('relative overflow-hidden bg-video', className)} data-testid="camera-off-air" data-off-air={offAir} data-camera={camera}>
      {offAir === 'privacy' ? (
        <img src={privacyImage} alt={title} className="h-full w-full object-cover" />
      ) : null}
      <div
        className={cn(
          'absolute inset-0 flex flex-col items-center justify-center gap-1 p-2 text-center text-on-video',
          offAir === 'privacy' ? 'justify-end bg-linear-to-t from-video-scrim to-transparent' : 'bg-video',
        )}
      >
        {offAir === 'disabled' ? <VideoOffIcon width={compact ? 24 : 36} height={compact ? 24 : 36} className="opacity-70" /> : null}
        <p className={cn('font-medium', compact ? 'text-xs' : 'text-sm')} data-testid="camera-off-air-title">
          {title}
        </p>
        {compact ? null : <p className="max-w-sm text-xs opacity-80">{t(`cameras:offAir.${offAir}.hint`)}</p>}
      </div>
    </div>
  );
}
