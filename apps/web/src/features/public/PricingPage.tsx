import { useMemo, useState } from 'react';
import { Accordion, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { Plan } from '@tankha/contracts';
import { checkoutPath } from '../../app/paths';
import { useSession } from '../../app/session';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { PlanCard } from '../subscription/PlanCard';
import { cardState, currentPlanOf, orderPlans, type BillingCycle } from '../subscription/plan-rules';
import { usePlans } from '../subscription/subscription.api';
import { PublicPage } from './PublicPage';

export const PLANS_FAILED = 'Failed to load plans';

const CYCLES: { label: string; value: BillingCycle }[] = [
  { label: 'Monthly', value: 'monthly' },
  { label: 'Yearly', value: 'yearly' },
];

const QUESTIONS = [
  {
    q: 'Is there a free trial?',
    a: 'Yes. Every new organisation starts with a free trial of every feature. No card is needed; choose a plan whenever you are ready.',
  },
  {
    q: 'How is the price worked out?',
    a: 'Plans are priced per user. You choose how many users to pay for: at least the number of active people in your organisation, up to 10,000. Prices are in Indian rupees.',
  },
  {
    q: 'Can I change or cancel my plan?',
    a: 'Yes. Administrators can upgrade or downgrade from My Subscription, starting at once or at the end of the current billing period, and can cancel at any time. See the cancellation and refund policy for the details.',
  },
  {
    q: 'Is our payroll data safe?',
    a: 'Each organisation’s data is kept apart from every other’s by the database itself, and people see only what their role allows. See the privacy policy for how we handle personal data under the DPDP Act, 2023.',
  },
];

/**
 * The public pricing page: the catalogue of GET /Subscriptions/plans, drawn with the Plans tab's card
 * and rules. A signed-in user sees their current plan marked; choosing a plan opens /checkout.
 */
export function PricingPage() {
  const user = useSession();
  const navigate = useNavigate();
  const plans = usePlans();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const ordered = useMemo(() => orderPlans(plans.data ?? []), [plans.data]);
  const current = user ? currentPlanOf(ordered, user) : null;

  const choose = (plan: Plan) => void navigate(checkoutPath(plan.name, cycle));

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
    <PublicPage title="Pricing" size="lg" lead="HR, attendance, payroll and tax for Indian organisations. Start free, and pay per user as you grow.">
      <Stack gap="xl">
        <Group justify="space-between" align="center">
          <Text c="dimmed" size="sm">
            All prices are per user.
          </Text>
          <SegmentedControl aria-label="Billing cycle" data={CYCLES} value={cycle} onChange={(value) => setCycle(value as BillingCycle)} />
        </Group>
        {content}
        <Stack gap="sm" mt="xl" maw={760} mx="auto" w="100%">
          <Title order={2} size="h3" ta="center">
            Questions
          </Title>
          <Accordion variant="separated" radius="md">
            {QUESTIONS.map(({ q, a }) => (
              <Accordion.Item key={q} value={q} bg="white">
                <Accordion.Control>{q}</Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm">{a}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      </Stack>
    </PublicPage>
  );
}
