import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CameraLive } from '../../components/cameras/CameraLive';
import { QueryStatus } from '../../components/layout/QueryStatus';
import { SessionPlayer } from '../../components/playback/SessionPlayer';
import { SessionTimeline } from '../../components/playback/SessionTimeline';
import { usePlaybackSession } from '../../components/playback/use-playback-session';
import { Card } from '../../components/ui/Card';
import { historyPath } from '../history/history-path';

/**
 * A camera's picture with its timeline (users with recordings:access): live until a moment on the timeline is
 * chosen, then the recorded footage from there, with "back to live" in the bar.
 */
export function CameraPlayback({ camera }: { camera: string }) {
  const { t } = useTranslation();
  const session = usePlaybackSession([camera], { camera, at: null });
  const picture = 'aspect-video w-full rounded-xl';
  return (
    <div className="flex min-w-0 flex-col gap-3 lg:flex-1">
      {session.live ? <CameraLive key={camera} camera={camera} talk className={picture} /> : <SessionPlayer session={session} withLive className={picture} />}
      <Card className="p-3! sm:p-4!">
        <SessionTimeline session={session} cameras={[camera]} showNames={false} />
        <QueryStatus query={session.timeline} />
        <div className="mt-2 flex justify-end">
          <Link to={historyPath([camera], session.playhead)} className="text-sm font-medium text-primary hover:underline" data-testid="camera-history-link">
            {t('history:openHistory')}
          </Link>
        </div>
      </Card>
    </div>
  );
}
