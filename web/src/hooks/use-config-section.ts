import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getConfigSection, updateConfigSection, type ConfigSections } from '../api/config-api';
import { useHasAllPermissions } from './use-permissions';

const key = (section: string) => ['config', 'section', section] as const;

/**
 * A config.json block. The server offers it only to admins (GET/PATCH /api/config/:section), so it is not
 * asked for anyone else.
 */
export function useConfigSection<K extends keyof ConfigSections>(section: K) {
  const isAdmin = useHasAllPermissions(['admin']);
  const query = useQuery({ queryKey: key(section), queryFn: () => getConfigSection(section), enabled: isAdmin });
  return { ...query, isAdmin };
}

export function useUpdateConfigSection<K extends keyof ConfigSections>(section: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: ConfigSections[K]) => updateConfigSection(section, value),
    onSuccess: (saved) => queryClient.setQueryData(key(section), saved),
  });
}
