import { StartView } from '../views/StartView';

export function StartPage() {
  return <StartView />;
}
