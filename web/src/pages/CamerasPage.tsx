import { CamerasView } from '../views/cameras/CamerasView';

export function CamerasPage() {
  return <CamerasView />;
}
