import { CamviewView } from '../views/camview/CamviewView';

export function CamviewPage() {
  return <CamviewView />;
}
