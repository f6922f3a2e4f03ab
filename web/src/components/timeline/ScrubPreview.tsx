import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreviewUrl } from '../../hooks/use-timeline';
import { formatMoment } from '../../lib/time-format';

/**
 * The picture of the minute under the pointer or finger while scrubbing (the server's keyframe preview, one
 * JPEG per camera-minute, cached by the browser), with the exact time. Kept inside the bar's width.
 */
export function ScrubPreview({ camera, t, x, width, footage }: { camera: string; t: number; x: number; width: number; footage: boolean }) {
  const { t: tr, i18n } = useTranslation();
  const url = usePreviewUrl(camera, t);
  const [failed, setFailed] = useState<string | null>(null);
  const previewWidth = 160;
  const left = Math.min(Math.max(0, x - previewWidth / 2), Math.max(0, width - previewWidth));
  return (
    <div
      className="pointer-events-none absolute bottom-full z-10 mb-2 overflow-hidden rounded-lg border border-border bg-surface-raised shadow-panel"
      style={{ left, width: previewWidth }}
      data-testid="scrub-preview"
      data-camera={camera}
      data-at={Math.round(t)}
    >
      {footage && failed !== url ? (
        <img src={url} alt="" width={previewWidth} height={90} className="block aspect-video w-full bg-video object-cover" onError={() => setFailed(url)} data-testid="scrub-preview-image" />
      ) : (
        <div className="flex aspect-video w-full items-center justify-center bg-video px-2 text-center text-xs text-on-video">{tr('history:timeline.noFootageHere')}</div>
      )}
      <div className="px-2 py-1 text-center text-xs tabular-nums text-foreground">{formatMoment(t, i18n.language)}</div>
    </div>
  );
}
