import { useParams } from 'react-router';
import { PlaceholderView } from '../views/PlaceholderView';

export function CameraPage() {
  const { name = '' } = useParams();
  return <PlaceholderView routeKey="camera" detail={name} />;
}
