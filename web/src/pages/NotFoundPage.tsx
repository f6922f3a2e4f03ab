import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../routing/route-table';
import { Logo } from '../components/layout/Logo';

/** Any unknown path (spec §2): no sidebar, navbar or footer. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <Logo />
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 data-testid="not-found-message" className="max-w-md text-xl font-semibold text-foreground">
        {t('notFound.message')}
      </h1>
      <Link to={ROUTES.login.path} className="rounded-lg bg-primary px-4 py-2 text-sm font-medium text-primary-foreground hover:opacity-90">
        {t('notFound.back')}
      </Link>
    </main>
  );
}
