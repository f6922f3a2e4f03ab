import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@homecam/shared';
import { notificationItem, recordingItem, type LightboxItem } from '../lib/lightbox-items';
import { useRecordingLoader } from './use-events';
import { useHasAnyPermission } from './use-permissions';
import { useToast } from './use-toast';

/** Opens a notification in the lightbox: its recording for users who may watch recordings, else its thumbnail. */
export function useNotificationLightbox() {
  const { i18n } = useTranslation();
  const load = useRecordingLoader();
  const toast = useToast();
  const mayWatch = useHasAnyPermission(['recordings:access']);
  const [item, setItem] = useState<LightboxItem | null>(null);
  const canOpen = (n: Notification) => Boolean((mayWatch && n.recordingId) || n.thumbnail);
  const open = async (n: Notification) => {
    if (mayWatch && n.recordingId) {
      try {
        setItem(recordingItem(await load(n.recordingId), i18n.language));
        return;
      } catch (error) {
        if (!n.thumbnail) {
          toast.apiError(error);
          return;
        }
      }
    }
    setItem(notificationItem(n, i18n.language));
  };
  return { item, canOpen, open: (n: Notification) => void open(n), close: () => setItem(null) };
}
