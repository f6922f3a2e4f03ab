import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../hooks/use-toast';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

interface RevokeMutation<T> {
  mutate: (token: T, callbacks: { onSuccess: () => void; onError: (error: unknown) => void; onSettled: () => void }) => void;
  isPending: boolean;
}

export interface RevokeFlow<T> {
  /** The token the dialog asks about; null while it is closed. */
  revoking: T | null;
  ask: (token: T) => void;
  confirm: () => void;
  cancel: () => void;
  busy: boolean;
}

/**
 * Revoking a token after a confirmation, one flow for a user's own list and the admin's list of all: which token
 * is being asked about, the revoke with its toast, and the dialog. `ask` opens it for a row.
 */
export function useRevokeToken<T extends { name: string }>(revoke: RevokeMutation<T>): RevokeFlow<T> {
  const { t } = useTranslation();
  const toast = useToast();
  const [revoking, setRevoking] = useState<T | null>(null);
  const confirm = () => {
    if (!revoking) return;
    const token = revoking;
    revoke.mutate(token, {
      onSuccess: () => toast.success(t('access:tokens.revoked', { name: token.name })),
      onError: toast.apiError,
      onSettled: () => setRevoking(null),
    });
  };
  return { revoking, ask: setRevoking, confirm, cancel: () => setRevoking(null), busy: revoke.isPending };
}

/** The confirmation of a RevokeFlow; `message` names the token (and its owner, in the admin's list). */
export function RevokeTokenDialog({ flow, message }: { flow: Omit<RevokeFlow<unknown>, 'ask'>; message: string }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={flow.revoking !== null}
      busy={flow.busy}
      title={t('access:tokens.revokeTitle')}
      message={message}
      confirmLabel={t('access:tokens.revoke')}
      onConfirm={flow.confirm}
      onCancel={flow.cancel}
    />
  );
}
