import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Divider, Grid, Group, List, NumberInput, SegmentedControl, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { can, type Plan } from '@tankha/contracts';
import { PATHS } from '../../app/paths';
import { useSession } from '../../app/session';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { usersText } from '../subscription/PlanCard';
import { displayedPrice, listPrice, yearlySavingPercent, type BillingCycle } from '../subscription/plan-rules';
import { usePlans } from '../subscription/subscription.api';
import { PLANS_FAILED } from './PricingPage';
import { PublicPage } from './PublicPage';
import { rupeesText } from '../../ui/format';

/** Platform §9: a plan has at most 10000 users. */
export const MAX_USERS = 10_000;
const DEFAULT_USERS = 10;

const CYCLES: { label: string; value: BillingCycle }[] = [
  { label: 'Monthly', value: 'monthly' },
  { label: 'Yearly', value: 'yearly' },
];

function cycleOf(value: string | null): BillingCycle {
  return value === 'yearly' ? 'yearly' : 'monthly';
}

/** ?plan= names a plan of the catalogue by name (any case) or by id. */
function findPlan(plans: readonly Plan[], wanted: string | null): Plan | null {
  if (!wanted) return null;
  const key = wanted.trim().toLowerCase();
  return plans.find((plan) => plan.id === wanted || plan.name.toLowerCase() === key) ?? null;
}

function NoPlan({ named }: { named: boolean }) {
  return (
    <Card padding="xl" maw={560} mx="auto">
      <Stack align="center" ta="center" gap="md">
        <Title order={2} size="h3">
          Choose a plan first
        </Title>
        <Text c="dimmed">{named ? 'The plan in this link is not one of ours. ' : ''}Pick a plan on the pricing page to continue.</Text>
        <Button component={Link} to={PATHS.pricing}>
          See pricing
        </Button>
      </Stack>
    </Card>
  );
}

/** The next step: register or log in when signed out; the subscription page for administrators. */
function NextStep({ plan }: { plan: Plan }) {
  const user = useSession();
  if (!user) {
    return (
      <Stack gap="xs">
        <Button component={Link} to={PATHS.register} reloadDocument size="md" fullWidth>
          Continue
        </Button>
        <Text size="sm" c="dimmed" ta="center">
          Create your organisation’s account; you start on the free trial and choose {plan.name} from My Subscription. Already have an account?{' '}
          <Anchor component={Link} to={PATHS.login} reloadDocument>
            Login
          </Anchor>
        </Text>
      </Stack>
    );
  }
  if (can(user.roleId, 'subscription.view')) {
    return (
      <Stack gap="xs">
        <Button component={Link} to={PATHS.subscription} reloadDocument size="md" fullWidth>
          Continue
        </Button>
        <Text size="sm" c="dimmed" ta="center">
          You choose the plan, the number of users and pay on My Subscription for {user.tenantName}.
        </Text>
      </Stack>
    );
  }
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} title="Ask your administrator">
      Only the administrators of {user.tenantName} can change its plan.{' '}
      <Anchor component={Link} to={PATHS.home} reloadDocument size="sm">
        Go to Dashboard
      </Anchor>
    </Alert>
  );
}

/**
 * The public checkout page: the plan chosen on /pricing (?plan=&cycle=), its price and an estimate for a
 * number of users, then Continue. Payment itself happens on /my-subscription, where the organisation and
 * its active users are known.
 */
export function CheckoutPage() {
  const [params, setParams] = useSearchParams();
  const plans = usePlans();
  const cycle = cycleOf(params.get('cycle'));
  const plan = useMemo(() => findPlan(plans.data ?? [], params.get('plan')), [plans.data, params]);
  const [users, setUsers] = useState<number | string>(DEFAULT_USERS);

  const setCycle = (value: BillingCycle) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('cycle', value);
        return next;
      },
      { replace: true },
    );

  let content;
  if (plans.isPending) content = <PageLoader label="Loading plans" />;
  else if (plans.isError) content = <ErrorState message={PLANS_FAILED} onRetry={() => void plans.refetch()} retryLabel="Retry" />;
  else if (!plan) content = <NoPlan named={params.has('plan')} />;
  else {
    const price = displayedPrice(plan, cycle);
    const list = listPrice(plan, cycle);
    const saving = cycle === 'yearly' ? yearlySavingPercent(plan) : 0;
    const per = cycle === 'yearly' ? 'year' : 'month';
    const count = typeof users === 'number' && Number.isInteger(users) && users >= 1 ? Math.min(users, MAX_USERS) : 0;
    const freeLimit = plan.isFree ? plan.maxUsers : null;
    content = (
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card padding="xl" h="100%" component="section" aria-label="Plan">
            <Stack gap="md">
              <Group justify="space-between" align="flex-start">
                <div>
                  <Text size="sm" c="dimmed">
                    Your plan
                  </Text>
                  <Title order={2}>{plan.name}</Title>
                </div>
                {plan.isMostPopular && <Badge variant="filled">MOST POPULAR</Badge>}
              </Group>
              <Text c="dimmed">{plan.description}</Text>
              <Text fw={600}>{usersText(plan)}</Text>
              <Divider />
              <Text fw={600} size="sm">
                What is included
              </Text>
              <List
                spacing={6}
                size="sm"
                aria-label={`${plan.name} features`}
                icon={
                  <ThemeIcon size={18} radius="xl" color="teal" variant="light" aria-hidden>
                    <IconCheck size={12} />
                  </ThemeIcon>
                }
              >
                {plan.features.map((feature) => (
                  <List.Item key={feature}>{feature}</List.Item>
                ))}
              </List>
              <Anchor component={Link} to={PATHS.pricing} size="sm">
                Compare all plans
              </Anchor>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card padding="xl" component="section" aria-label="Summary">
            <Stack gap="md">
              <Title order={2} size="h3">
                Summary
              </Title>
              <SegmentedControl aria-label="Billing cycle" fullWidth data={CYCLES} value={cycle} onChange={(value) => setCycle(value as BillingCycle)} />
              <Group justify="space-between" align="baseline">
                <Text size="sm">Price per user</Text>
                <Group gap={6} align="baseline">
                  {price !== list && (
                    <Text component="del" c="dimmed" size="sm">
                      {rupeesText(list, { paise: false })}
                    </Text>
                  )}
                  <Text fw={700} size="lg" data-testid="checkout-price">
                    {rupeesText(price, { paise: false })} / {per}
                  </Text>
                </Group>
              </Group>
              {saving > 0 && (
                <Group justify="flex-end">
                  <Badge color="green" variant="light">
                    Save {saving}% with yearly billing
                  </Badge>
                </Group>
              )}
              <NumberInput
                label="Users"
                description={freeLimit !== null ? `The ${plan.name} plan is for up to ${freeLimit.toString()} users.` : 'An estimate: you confirm the number when you subscribe (at least your active people).'}
                min={1}
                max={freeLimit ?? MAX_USERS}
                clampBehavior="strict"
                allowDecimal={false}
                allowNegative={false}
                value={users}
                onChange={setUsers}
              />
              <Divider />
              <Group justify="space-between" align="baseline">
                <Text fw={600}>Estimated total</Text>
                <Text fw={700} fz={24} data-testid="checkout-total">
                  {rupeesText(price * count, { paise: false })} / {per}
                </Text>
              </Group>
              <NextStep plan={plan} />
              <Text size="xs" c="dimmed" ta="center">
                By continuing you agree to the{' '}
                <Anchor component={Link} to={PATHS.termsAndConditions} size="xs">
                  terms and conditions
                </Anchor>{' '}
                and the{' '}
                <Anchor component={Link} to={PATHS.refundPolicy} size="xs">
                  cancellation and refund policy
                </Anchor>
                .
              </Text>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <PublicPage title="Checkout" size="lg" lead="Check the plan and its price, then continue to set it up for your organisation.">
      {content}
    </PublicPage>
  );
}
