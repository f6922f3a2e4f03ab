import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer data-testid="footer" className="border-t border-border px-4 py-4 text-center text-xs text-foreground-muted">
      {t('layout.footer', { year: new Date().getFullYear() })}
    </footer>
  );
}
