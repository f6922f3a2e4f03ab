import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_TOKEN_EXPIRY_DAYS, API_TOKEN_NAME_MAX, createApiTokenRequestSchema, hasAnyPermission, PERMISSIONS, type Permission } from '@homecam/shared';
import { fieldIssue, hasErrors, type FormErrors } from '../../../forms/field-validation';
import { useCreateApiToken } from '../../../hooks/use-access';
import { useCurrentUser } from '../../../hooks/use-session';
import { useToast } from '../../../hooks/use-toast';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { ModalActions } from '../../ui/ModalActions';
import { TextField } from '../../ui/TextField';
import { PermissionCheckboxes } from '../../users/PermissionCheckboxes';
import { ChoiceGroup } from '../ChoiceGroup';
import { TokenCreatedPanel } from './TokenCreatedPanel';

type Expiry = '' | 'never' | `${(typeof API_TOKEN_EXPIRY_DAYS)[number]}`;

/**
 * Issue 21: a new API token for the signed-in user: a name, scopes from the permissions the user holds (a token
 * never gets more), and a life that must be chosen. The answer's token is shown once, with a copy button.
 */
export function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useCurrentUser();
  const create = useCreateApiToken(me?.id ?? 0);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Permission[]>([]);
  const [expiry, setExpiry] = useState<Expiry>('');
  const [errors, setErrors] = useState<FormErrors<'name' | 'scopes' | 'expiry'>>({});
  const [created, setCreated] = useState<string | null>(null);
  const held = PERMISSIONS.filter((permission) => hasAnyPermission(me?.permissionLevel, [permission]));
  const shape = createApiTokenRequestSchema.shape;

  function submit() {
    const next = {
      name: fieldIssue(shape.name, name),
      scopes: fieldIssue(shape.scopes, scopes),
      expiry: expiry === '' ? 'validation.EXPIRY_REQUIRED' : null,
    };
    setErrors(next);
    if (hasErrors(next)) return;
    const expiresInDays = expiry === 'never' ? null : (Number(expiry) as (typeof API_TOKEN_EXPIRY_DAYS)[number]);
    create.mutate({ name, scopes, expiresInDays }, { onSuccess: (answer) => setCreated(answer.token), onError: toast.apiError });
  }

  return (
    <Modal
      open
      title={t('access:tokens.createTitle')}
      onClose={onClose}
      testId="create-token-dialog"
      size="wide"
      footer={
        created ? undefined : (
          <ModalActions onCancel={onClose}>
            <Button onClick={submit} disabled={create.isPending} data-testid="token-create-submit">
              {t('access:tokens.create')}
            </Button>
          </ModalActions>
        )
      }
    >
      {created ? (
        <TokenCreatedPanel token={created} onDone={onClose} />
      ) : (
        <TokenFields
          name={name}
          onName={setName}
          scopes={scopes}
          onScopes={setScopes}
          held={held}
          expiry={expiry}
          onExpiry={setExpiry}
          errors={errors}
        />
      )}
    </Modal>
  );
}

interface TokenFieldsProps {
  name: string;
  onName: (name: string) => void;
  scopes: Permission[];
  onScopes: (scopes: Permission[]) => void;
  held: readonly Permission[];
  expiry: Expiry;
  onExpiry: (expiry: Expiry) => void;
  errors: FormErrors<'name' | 'scopes' | 'expiry'>;
}

/** The form's three required choices: a name, scopes from what the owner holds, an expiry. */
function TokenFields({ name, onName, scopes, onScopes, held, expiry, onExpiry, errors }: TokenFieldsProps) {
  const { t } = useTranslation();
  const expiryOptions = [
    ...API_TOKEN_EXPIRY_DAYS.map((days) => ({ value: `${days}` as Expiry, label: t('access:tokens.days', { count: days }), testId: `token-expiry-${days}` })),
    { value: 'never' as Expiry, label: t('access:tokens.never'), testId: 'token-expiry-never' },
  ];
  return (
    <div className="flex flex-col gap-4">
      <TextField
        label={t('access:tokens.name')}
        hint={t('access:tokens.nameHint')}
        value={name}
        maxLength={API_TOKEN_NAME_MAX}
        onChange={(event) => onName(event.target.value)}
        error={errors.name ? t(errors.name) : null}
        data-testid="token-name"
      />
      <PermissionCheckboxes
        value={scopes}
        onChange={onScopes}
        options={held}
        legend={t('access:tokens.scopes')}
        error={errors.scopes ? t(errors.scopes) : null}
        testIdPrefix="token-scope"
      />
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium text-foreground-muted">{t('access:tokens.expiry')}</span>
        <ChoiceGroup label={t('access:tokens.expiry')} options={expiryOptions} value={expiry} onChange={onExpiry} />
        {errors.expiry ? (
          <p role="alert" className="text-sm text-danger">
            {t(errors.expiry)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
