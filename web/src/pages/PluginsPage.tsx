import { PluginsView } from '../views/plugins/PluginsView';

export function PluginsPage() {
  return <PluginsView />;
}
