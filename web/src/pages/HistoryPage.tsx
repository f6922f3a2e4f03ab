import { HistoryView } from '../views/history/HistoryView';

export function HistoryPage() {
  return <HistoryView />;
}
