import { RecordingsView } from '../views/events/RecordingsView';

export function RecordingsPage() {
  return <RecordingsView />;
}
