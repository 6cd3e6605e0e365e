import { useMemo, useState } from 'react';
import { Anchor, Button, Card, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconGift } from '@tabler/icons-react';
import type { Plan } from '@tankha/contracts';
import { useCurrentUser } from '../../app/current-user';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { PlanCard } from './PlanCard';
import { TRIAL_FEATURE_COUNT, cardState, currentPlanOf, orderPlans, type BillingCycle } from './plan-rules';
import { daysLeftText } from './subscription-row';
import { usePlans, useTrial } from './subscription.api';

export const SUPPORT_EMAIL = 'support@tankha.in';
export const PLANS_FAILED = 'Failed to load plans';
export const TRIAL_FAILED = 'Failed to load the trial details';

const CYCLES: { label: string; value: BillingCycle }[] = [
  { label: 'Monthly', value: 'monthly' },
  { label: 'Yearly', value: 'yearly' },
];

/** The trial banner: days left, the trial plan's name and its first 6 features (platform §2.4). */
function TrialBanner() {
  const trial = useTrial();
  if (trial.isPending) return null;
  if (trial.isError) return <ErrorState message={TRIAL_FAILED} onRetry={() => void trial.refetch()} retryLabel="Retry" />;
  if (!trial.data) return null;
  const { name, description, features, daysLeft } = trial.data;
  return (
    <Card component="section" aria-label="Free trial" bg="var(--mantine-color-indigo-0)" style={{ borderColor: 'var(--mantine-color-indigo-2)' }}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
          <IconGift size={24} />
        </ThemeIcon>
        <Stack gap="xs" style={{ flex: 1 }}>
          <Title order={3} size="h4">
            You are on the free trial — {daysLeftText(daysLeft)}
          </Title>
          <Text size="sm">
            <Text span fw={600}>
              {name}
            </Text>
            {description ? ` · ${description}` : null}
          </Text>
          <SimpleGrid component="ul" aria-label={`${name} features`} cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" verticalSpacing={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {features.slice(0, TRIAL_FEATURE_COUNT).map((feature) => (
              <Group component="li" key={feature} gap={6} wrap="nowrap">
                <IconCheck size={14} color="var(--mantine-color-teal-6)" aria-hidden />
                <Text size="sm">{feature}</Text>
              </Group>
            ))}
          </SimpleGrid>
        </Stack>
      </Group>
    </Card>
  );
}

/** Purchase is a later issue: choosing a plan says so instead of pretending to succeed. */
function ComingSoonModal({ plan, opened, onClose }: { plan: Plan | null; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={plan?.name ?? ''} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Text size="sm">
        Online plan purchase is coming soon. To change your plan now, write to <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Modal>
  );
}

/** The Plans tab of /my-subscription: billing cycle, trial banner, plan cards. */
export function PlansTab() {
  const user = useCurrentUser();
  const plans = usePlans();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [chosen, setChosen] = useState<Plan | null>(null);
  const [modalOpened, setModalOpened] = useState(false);
  const ordered = useMemo(() => orderPlans(plans.data ?? []), [plans.data]);
  const current = currentPlanOf(ordered, user);

  const choose = (plan: Plan) => {
    setChosen(plan);
    setModalOpened(true);
  };

  let content;
  if (plans.isPending) content = <PageLoader label="Loading plans" />;
  else if (plans.isError) content = <ErrorState message={PLANS_FAILED} onRetry={() => void plans.refetch()} retryLabel="Retry" />;
  else if (ordered.length === 0) content = <EmptyState message="No plans available" />;
  else
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {ordered.map((plan) => (
          <PlanCard key={plan.id} plan={plan} cycle={cycle} state={cardState(plan, current, cycle)} onChoose={choose} />
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Text c="dimmed" size="sm">
          All prices are per user.
        </Text>
        <SegmentedControl aria-label="Billing cycle" data={CYCLES} value={cycle} onChange={(value) => setCycle(value as BillingCycle)} />
      </Group>
      {user.isTenantOnTrial && <TrialBanner />}
      {content}
      <ComingSoonModal plan={chosen} opened={modalOpened} onClose={() => setModalOpened(false)} />
    </Stack>
  );
}
