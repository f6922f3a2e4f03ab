import { useParams } from 'react-router';
import { CameraFeedView } from '../views/cameras/CameraFeedView';

/** Without chrome (spec §2): the feed alone, for embedding. */
export function CameraFeedPage() {
  const { name = '' } = useParams();
  return <CameraFeedView name={name} />;
}
