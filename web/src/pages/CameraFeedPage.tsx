import { useParams } from 'react-router';
import { PlaceholderView } from '../views/PlaceholderView';

/** Without chrome (spec §2): the feed alone, for embedding. */
export function CameraFeedPage() {
  const { name = '' } = useParams();
  return (
    <main className="p-4">
      <PlaceholderView routeKey="camera-feed" detail={name} />
    </main>
  );
}
