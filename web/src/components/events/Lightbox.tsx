import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../ui/icons';
import { ChevronIcon } from '../ui/media-icons';
import type { LightboxItem } from '../../lib/lightbox-items';
import { hasNext, hasPrevious, lightboxKey, stepIndex } from './lightbox-nav';

export interface LightboxProps {
  items: readonly LightboxItem[];
  /** -1: closed. */
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** Full-screen playback of clips and pictures: previous / next (buttons, arrow keys), Esc or × closes. */
export function Lightbox({ items, index, onIndex, onClose }: LightboxProps) {
  const { t } = useTranslation();
  const item = index >= 0 ? items[index] : undefined;
  const closeButton = useRef<HTMLButtonElement>(null);
  const open = item !== undefined;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    return () => previous?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      const action = lightboxKey(event.key);
      if (action === 'close') onClose();
      else if (action === 'previous' && hasPrevious(index)) onIndex(stepIndex(index, -1, items.length));
      else if (action === 'next' && hasNext(index, items.length)) onIndex(stepIndex(index, 1, items.length));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, index, items.length, onClose, onIndex]);

  if (!item) return null;
  const navButton = 'absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-surface-raised/80 p-2 text-foreground hover:bg-surface-raised disabled:opacity-30';
  return (
    <div role="dialog" aria-modal="true" aria-label={item.title} className="fixed inset-0 z-[60] flex flex-col bg-video p-2 sm:p-6" data-testid="lightbox" data-item={item.id}>
      <div className="absolute inset-0" onClick={onClose} aria-hidden="true" />
      <div className="relative z-10 mb-2 flex items-center justify-between gap-3 rounded-lg bg-surface-raised px-3 py-2 text-foreground">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{item.title}</p>
          {item.subtitle ? <p className="truncate text-xs text-foreground-muted">{item.subtitle}</p> : null}
        </div>
        <span className="shrink-0 text-xs text-foreground-muted" data-testid="lightbox-position">
          {t('events:lightbox.position', { index: index + 1, count: items.length })}
        </span>
        <button ref={closeButton} type="button" onClick={onClose} aria-label={t('events:lightbox.close')} className="rounded p-1 hover:bg-muted" data-testid="lightbox-close">
          <CloseIcon width={20} height={20} />
        </button>
      </div>
      <div className="relative z-10 flex min-h-0 flex-1 items-center justify-center">
        <button
          type="button"
          className={`${navButton} left-1`}
          disabled={!hasPrevious(index)}
          onClick={() => onIndex(stepIndex(index, -1, items.length))}
          aria-label={t('events:lightbox.previous')}
          data-testid="lightbox-prev"
        >
          <ChevronIcon width={24} height={24} className="rotate-180" />
        </button>
        {item.kind === 'video' ? (
          <video key={item.id} src={item.src} controls autoPlay muted playsInline className="max-h-full max-w-full rounded-lg bg-video" data-testid="lightbox-video" />
        ) : (
          <img key={item.id} src={item.src} alt={item.title} className="max-h-full max-w-full rounded-lg object-contain" data-testid="lightbox-image" />
        )}
        <button
          type="button"
          className={`${navButton} right-1`}
          disabled={!hasNext(index, items.length)}
          onClick={() => onIndex(stepIndex(index, 1, items.length))}
          aria-label={t('events:lightbox.next')}
          data-testid="lightbox-next"
        >
          <ChevronIcon width={24} height={24} />
        </button>
      </div>
    </div>
  );
}
