import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastPosition, type Toast, type ToastPosition, type ToastType } from '../../stores/toast/toast-rules';
import { useToast, useToasts } from '../../hooks/use-toast';
import { useStores } from '../../stores/stores-context';
import { cn } from '../ui/cn';
import { CloseIcon } from '../ui/icons';

const ACCENT: Record<ToastType, string> = {
  default: 'border-l-primary',
  success: 'border-l-success',
  error: 'border-l-danger',
  warning: 'border-l-warning',
  info: 'border-l-info',
};

const POSITION: Record<ToastPosition, string> = {
  'bottom-right': 'bottom-4 right-4 left-4 items-end sm:left-auto',
  'top-center': 'top-4 left-4 right-4 items-center',
};

/** The event's picture; hidden when it cannot be loaded (the recorder found no keyframe) rather than shown broken. */
function ToastImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return <img src={src} alt="" onError={() => setFailed(true)} className="h-12 w-20 shrink-0 rounded object-cover" data-testid="toast-image" />;
}

function ToastCard({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const { dismiss } = useToast();
  const { navigateTo } = useStores();
  return (
    <div
      role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
      data-testid="toast"
      data-toast-type={toast.type}
      className={cn(
        'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border border-border border-l-4 bg-surface-raised px-4 py-3 text-sm text-foreground shadow-panel',
        ACCENT[toast.type],
      )}
    >
      {toast.image ? <ToastImage src={toast.image} /> : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="break-words">{toast.message}</p>
        {toast.link ? (
          <a
            href={toast.link.to}
            onClick={(event) => {
              event.preventDefault();
              dismiss(toast.id);
              if (toast.link) navigateTo(toast.link.to);
            }}
            className="font-medium text-primary hover:underline"
            data-testid="toast-link"
          >
            {toast.link.label}
          </a>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        aria-label={t('toast.close')}
        className="-m-1 rounded p-1 text-foreground-muted hover:bg-muted hover:text-foreground"
      >
        <CloseIcon width={16} height={16} />
      </button>
    </div>
  );
}

/** Renders the toast store (spec §9); above the splash so a start-up message is not hidden. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <>
      {(['bottom-right', 'top-center'] as const).map((position) => {
        const here = toasts.filter((toast) => toastPosition(toast.type) === position);
        if (here.length === 0) return null;
        return (
          <div key={position} className={cn('pointer-events-none fixed z-[110] flex flex-col gap-2', POSITION[position])}>
            {here.map((toast) => (
              <ToastCard key={toast.id} toast={toast} />
            ))}
          </div>
        );
      })}
    </>
  );
}
