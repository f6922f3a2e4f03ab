import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner';
import { Logo } from './Logo';

export function Splash() {
  const { t } = useTranslation();
  return (
    <div
      data-testid="splash"
      role="status"
      aria-label={t('layout.loading')}
      className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-6 bg-background"
    >
      <Logo />
      <Spinner />
    </div>
  );
}
