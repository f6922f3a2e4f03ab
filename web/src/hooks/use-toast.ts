import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Toast } from '../stores/toast/toast-rules';
import { useStores } from '../stores/stores-context';
import { describeError } from './describe-error';

export function useToasts(): readonly Toast[] {
  const { toastStore } = useStores();
  return useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
}

export function useToast() {
  const { t } = useTranslation();
  const { toastStore } = useStores();
  return {
    success: (message: string) => toastStore.show('success', message),
    info: (message: string) => toastStore.show('info', message),
    warning: (message: string) => toastStore.show('warning', message),
    error: (message: string) => toastStore.show('error', message),
    /** An API error, translated by its code (errors.<CODE>, validation.<KEY>). */
    apiError: (error: unknown) => toastStore.show('error', describeError(t, error)),
    /** A download that failed (spec §8 'download failed'), with the translated reason. */
    downloadError: (error: unknown) => toastStore.show('error', t('download.failed', { reason: describeError(t, error) })),
    dismiss: (id: number) => toastStore.dismiss(id),
  };
}
