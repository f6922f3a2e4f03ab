import { useParams } from 'react-router';
import { CameraView } from '../views/cameras/CameraView';

export function CameraPage() {
  const { name = '' } = useParams();
  return <CameraView key={name} name={name} />;
}
