import { EnrolView } from '../views/EnrolView';

export function EnrolPage() {
  return <EnrolView />;
}
