import { useTranslation } from 'react-i18next';
import { usePasskeySignIn } from '../../hooks/use-passkeys';
import { Button } from '../ui/Button';
import { KeyIcon } from '../ui/icons';

/** Issue 21: the second step with a passkey instead of a code (the ticket names the account). */
export function SecondStepPasskey({ ticket, primary }: { ticket: string; primary: boolean }) {
  const { t } = useTranslation();
  const signIn = usePasskeySignIn();
  return (
    <Button
      variant={primary ? 'primary' : 'secondary'}
      className="justify-center"
      disabled={signIn.isPending}
      onClick={() => signIn.mutate({ ticket })}
      data-testid="second-factor-passkey"
    >
      <KeyIcon /> {t('auth:secondFactor.passkey')}
    </Button>
  );
}
