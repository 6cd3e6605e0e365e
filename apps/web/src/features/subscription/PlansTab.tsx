import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Group, SegmentedControl, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconGift } from '@tabler/icons-react';
import { MSG, type Plan } from '@tankha/contracts';
import { ApiError } from '../../app/api';
import { toast } from '../../app/toast';
import { RELOAD_AFTER_PAYMENT_MS, openCheckout } from './checkout';
import { ActiveUserMismatchDialog, PendingSubscriptionDialog, PlanChoiceDialog, type PlanChoice } from './PlanDialogs';
import { useCurrentUser } from '../../app/current-user';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { PlanCard } from './PlanCard';
import { TRIAL_FEATURE_COUNT, cardState, changeDirection, currentPlanOf, orderPlans, type BillingCycle } from './plan-rules';
import { daysLeftText, epochToDisplayDate } from './subscription-row';
import { createFreeSubscription, createSubscription, fetchPending, mySubscriptionsKey, useActiveUsers, usePlans, useTrial } from './subscription.api';
import { toastApiError } from '../../ui/kit/api-error-toast';

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

/** The Plans tab of /my-subscription: billing cycle, trial banner, plan cards, and the purchase flow of platform §4. */
export function PlansTab() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const plans = usePlans();
  const activeUsers = useActiveUsers();
  const navigate = useNavigate();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [chosen, setChosen] = useState<Plan | null>(null);
  const [mismatch, setMismatch] = useState<PlanChoice | null>(null);
  const [pending, setPending] = useState<{ choice: PlanChoice; planName: string; createdAt: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const ordered = useMemo(() => orderPlans(plans.data ?? []), [plans.data]);
  const current = currentPlanOf(ordered, user);
  const minimum = Math.max(1, activeUsers.data ?? 1);

  const closeAll = () => {
    setChosen(null);
    setMismatch(null);
    setPending(null);
  };

  /** The last step: create the subscription and open the provider's checkout. */
  const create = async (choice: PlanChoice) => {
    setBusy(true);
    try {
      const checkout = await createSubscription({ planId: choice.plan.id, quantity: choice.quantity, billingType: cycle, ...(choice.when ? { scheduleChangesAt: choice.when } : {}), customerId: user.tenantId, notifyEmail: user.email });
      closeAll();
      // A downgrade waits for the end of the paid period: nothing to pay now, no checkout.
      if (checkout.scheduledAt !== null) {
        toast.success(MSG.planChangeScheduled.replace('{plan}', checkout.planName).replace('{date}', epochToDisplayDate(checkout.scheduledAt)));
        await queryClient.invalidateQueries({ queryKey: mySubscriptionsKey(user.tenantId) });
        return;
      }
      await openCheckout(checkout, (path) => void navigate(path));
    } catch (error) {
      // Platform §7.1: a conflict shows the server's message as a warning and nothing more happens.
      if (error instanceof ApiError && error.status === 409) toast.warning(error.message);
      else toastApiError(error, MSG.failedCreateSubscription);
    } finally {
      setBusy(false);
    }
  };

  /** The pending check; if the check itself fails the flow continues (platform §4). */
  const checkPending = async (choice: PlanChoice) => {
    setBusy(true);
    const found = await fetchPending(user.tenantId)
      .catch(() => null)
      .finally(() => setBusy(false));
    if (found) {
      setChosen(null);
      setPending({ choice, planName: found.planName, createdAt: found.created_at });
      return;
    }
    await create(choice);
  };

  /** Platform §4 "Selecting a plan": the free-plan path, the user-count check, the pending check, then creation. */
  const confirm = async (choice: PlanChoice) => {
    if (choice.plan.isFree) {
      setBusy(true);
      try {
        const message = await createFreeSubscription(choice.plan, user.tenantId, user.email, choice.when);
        closeAll();
        toast.success(message || MSG.freeActivated);
        setTimeout(() => window.location.assign('/my-subscription'), RELOAD_AFTER_PAYMENT_MS);
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) toast.warning(error.message);
        else toastApiError(error, MSG.failedCreateSubscription);
      } finally {
        setBusy(false);
      }
      return;
    }
    if (choice.quantity < minimum) {
      setChosen(null);
      setMismatch(choice);
      return;
    }
    await checkPending(choice);
  };

  let content;
  if (plans.isPending) content = <PageLoader label="Loading plans" />;
  else if (plans.isError) content = <ErrorState message={PLANS_FAILED} onRetry={() => void plans.refetch()} retryLabel="Retry" />;
  else if (ordered.length === 0) content = <EmptyState message="No plans available" />;
  else
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {ordered.map((plan) => (
          <PlanCard key={plan.id} plan={plan} cycle={cycle} state={cardState(plan, current, cycle)} onChoose={setChosen} />
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Text c="dimmed" size="sm">
          All prices are per user, exclusive of GST.
        </Text>
        <SegmentedControl aria-label="Billing cycle" data={CYCLES} value={cycle} onChange={(value) => setCycle(value as BillingCycle)} />
      </Group>
      {user.isTenantOnTrial && <TrialBanner />}
      {content}
      {chosen && (
        <PlanChoiceDialog
          plan={chosen}
          cycle={cycle}
          direction={current ? changeDirection(current, chosen, cycle) : null}
          activeUsers={minimum}
          busy={busy}
          onClose={closeAll}
          onConfirm={(choice) => void confirm(choice)}
        />
      )}
      {mismatch && <ActiveUserMismatchDialog entered={mismatch.quantity} activeUsers={minimum} onClose={closeAll} onProceed={() => void checkPending({ ...mismatch, quantity: minimum }).finally(() => setMismatch(null))} />}
      {pending && <PendingSubscriptionDialog planName={pending.planName} createdAt={pending.createdAt} onClose={closeAll} onContinue={() => void create(pending.choice)} />}
    </Stack>
  );
}
