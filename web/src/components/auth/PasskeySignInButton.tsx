import { useTranslation } from 'react-i18next';
import { usePasskeySignIn } from '../../hooks/use-passkeys';
import { passkeysAvailable } from '../../lib/webauthn';
import { Button } from '../ui/Button';
import { KeyIcon } from '../ui/icons';

/**
 * Issue 21: "Sign in with a passkey" under the password form. With the username field empty the browser offers
 * every passkey it has for this host (discoverable); with a name typed, only that account's (security keys that
 * keep no list need this). Hidden where the browser or address cannot do passkeys (no secure context).
 */
export function PasskeySignInButton({ username }: { username: string }) {
  const { t } = useTranslation();
  const signIn = usePasskeySignIn();
  if (!passkeysAvailable()) return null;
  return (
    <div className="mt-4 flex flex-col gap-2 border-t border-border pt-4">
      <Button
        variant="secondary"
        className="justify-center"
        disabled={signIn.isPending}
        onClick={() => signIn.mutate(username ? { username } : {})}
        data-testid="login-passkey"
      >
        <KeyIcon /> {t('auth:login.passkey')}
      </Button>
      <p className="text-xs text-foreground-muted">{t('auth:login.passkeyHint')}</p>
    </div>
  );
}
