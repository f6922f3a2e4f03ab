import { SECOND_FACTOR_POLICIES, type SecondFactorPolicy } from '@homecam/shared';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../components/layout/QueryStatus';
import { Card } from '../../../components/ui/Card';
import { Select } from '../../../components/ui/Select';
import { useSecondFactorPolicy, useSetSecondFactorPolicy } from '../../../hooks/use-second-factor';
import { useToast } from '../../../hooks/use-toast';

const isPolicy = (value: string): value is SecondFactorPolicy => (SECOND_FACTOR_POLICIES as readonly string[]).includes(value);

/**
 * Issue 21: require a second factor of the admins or of everyone. Whoever it applies to and has none is sent to set
 * one up at once (the admin too, on their next click, when they have none).
 */
export function SecondFactorPolicyCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const policy = useSecondFactorPolicy();
  const save = useSetSecondFactorPolicy();
  return (
    <Card title={t('system:secondFactorPolicy.title')} description={t('system:secondFactorPolicy.hint')}>
      <QueryStatus query={policy} />
      {policy.data ? (
        <Select
          label={t('system:secondFactorPolicy.label')}
          value={policy.data.policy}
          disabled={save.isPending}
          options={SECOND_FACTOR_POLICIES.map((value) => ({ value, label: t(`system:secondFactorPolicy.${value}`) }))}
          onChange={(event) => {
            const next = event.target.value;
            if (isPolicy(next)) save.mutate(next, { onSuccess: () => toast.success(t('system:secondFactorPolicy.saved')), onError: toast.apiError });
          }}
          data-testid="second-factor-policy"
        />
      ) : null}
    </Card>
  );
}
