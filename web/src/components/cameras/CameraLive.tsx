import { useCameraStatus } from '../../hooks/use-cameras';
import { LivePlayer, type LivePlayerProps } from '../player/LivePlayer';
import { OffAirPicture } from './OffAirPicture';

/**
 * A camera's live picture, or, while it is disabled or in privacy mode, what stands in for it. Follows the
 * camera's status: leaving privacy mode mounts a fresh player. While the status is not known yet the player
 * starts at once (it must not wait for the status to show the first frame).
 */
export function CameraLive(props: LivePlayerProps) {
  const status = useCameraStatus(props.camera);
  if (status?.offAir) {
    return <OffAirPicture camera={props.camera} offAir={status.offAir} since={status.since} compact={props.compact} width={props.compact ? 640 : 1280} className={props.className} />;
  }
  return <LivePlayer {...props} />;
}
