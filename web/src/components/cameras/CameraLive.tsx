import { useCameraOffAir } from '../../hooks/use-cameras';
import { LivePlayer, type LivePlayerProps } from '../player/LivePlayer';
import { OffAirPicture } from './OffAirPicture';

/**
 * A camera's live picture, or, while it is disabled or in privacy mode, what stands in for it. Follows the
 * camera's status (its settings until the status arrives): leaving privacy mode mounts a fresh player. Nothing
 * waits for the status: a camera that may stream starts its player at once.
 */
export function CameraLive(props: LivePlayerProps) {
  const { offAir, since } = useCameraOffAir(props.camera);
  if (offAir) {
    return <OffAirPicture camera={props.camera} offAir={offAir} since={since} compact={props.compact} width={props.compact ? 640 : 1280} className={props.className} />;
  }
  return <LivePlayer {...props} />;
}
