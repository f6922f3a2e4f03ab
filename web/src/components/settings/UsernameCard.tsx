import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdmin, usernameSchema, type SessionUser } from '@homecam/shared';
import { useToast } from '../../hooks/use-toast';
import { useUpdateUser } from '../../hooks/use-users';
import { fieldIssue } from '../../forms/field-validation';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { TextField } from '../ui/TextField';

/** Admins rename themselves here; everyone else sees the name read-only (the server refuses their renames, F14). */
export function UsernameCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const mayRename = isAdmin(user.permissionLevel);
  const toast = useToast();
  const update = useUpdateUser();
  const [username, setUsername] = useState(user.username);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const issue = fieldIssue(usernameSchema, username);
    setError(issue);
    if (issue) return;
    update.mutate(
      { id: user.id, body: { username: username.trim() } },
      { onSuccess: () => toast.success(t('settings:account.usernameSaved')), onError: toast.apiError },
    );
  }

  return (
    <Card title={t('settings:account.usernameTitle')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          className="flex-1"
          label={t('settings:account.username')}
          autoComplete="username"
          autoCapitalize="none"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={error ? t(error) : null}
          hint={mayRename ? undefined : t('settings:account.usernameAdminOnly')}
          readOnly={!mayRename}
          data-testid="account-username"
        />
        {mayRename && (
          <Button type="submit" disabled={update.isPending || username.trim() === user.username} data-testid="account-username-submit">
            {t('actions.save')}
          </Button>
        )}
      </form>
    </Card>
  );
}
