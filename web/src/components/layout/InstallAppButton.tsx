import { useTranslation } from 'react-i18next';
import { useInstallPrompt } from '../../hooks/use-pwa';
import { Icon, type IconProps } from '../ui/icons';

function InstallIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3v12" />
      <path d="m7 10 5 5 5-5" />
      <path d="M5 21h14" />
    </Icon>
  );
}

/** Spec §2: install to the home screen, offered in the sidebar's bottom section while the browser allows it. */
export function InstallAppButton({ showLabel }: { showLabel: boolean }) {
  const { t } = useTranslation();
  const { available, install } = useInstallPrompt();
  if (!available) return null;
  const label = t('app:install.button');
  return (
    <li>
      <button
        type="button"
        data-testid="install-app"
        title={showLabel ? undefined : label}
        onClick={() => void install()}
        className="flex h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-foreground-muted transition-colors hover:bg-muted hover:text-foreground"
      >
        <InstallIcon className="shrink-0" />
        <span className={showLabel ? 'truncate' : 'sr-only'}>{label}</span>
      </button>
    </li>
  );
}
