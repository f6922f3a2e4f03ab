import { useTranslation } from 'react-i18next';
import { CameraLive } from '../../components/cameras/CameraLive';

/** /cameras/:name/feed: the player alone, filling the window (for embedding). */
export function CameraFeedView({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <main className="h-dvh w-full bg-video">
      <h1 className="sr-only" data-testid="page-title">
        {t('routes.cameraFeed')}: {name}
      </h1>
      <CameraLive key={name} camera={name} className="h-full w-full" />
    </main>
  );
}
