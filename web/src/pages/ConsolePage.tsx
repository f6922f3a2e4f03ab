import { ConsoleView } from '../views/console/ConsoleView';

export function ConsolePage() {
  return <ConsoleView />;
}
