import { useId } from 'react';
import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { Plan } from '@tankha/contracts';
import { CARD_FEATURE_COUNT, CARD_STATE_LABELS, displayedPrice, listPrice, yearlySavingPercent, type BillingCycle, type CardState } from './plan-rules';
import { rupeesText } from '../../ui/format';

interface PlanCardProps {
  plan: Plan;
  cycle: BillingCycle;
  state: CardState;
  onChoose: (plan: Plan) => void;
}

export function usersText(plan: Pick<Plan, 'isFree' | 'maxUsers'>): string {
  return plan.isFree && plan.maxUsers !== null ? `Up to ${plan.maxUsers.toString()} users` : 'Unlimited Users';
}

/** One plan of the Plans tab (platform §2.4). */
export function PlanCard({ plan, cycle, state, onChoose }: PlanCardProps) {
  const headingId = useId();
  const price = displayedPrice(plan, cycle);
  const list = listPrice(plan, cycle);
  const saving = cycle === 'yearly' ? yearlySavingPercent(plan) : 0;
  const discount = plan.offer?.discountPercent ?? 0;
  const popular = plan.isMostPopular;
  const isCurrent = state === 'current';

  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      padding="lg"
      shadow={popular ? 'md' : undefined}
      style={popular ? { borderColor: 'var(--mantine-color-indigo-5)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md" style={{ flex: 1 }}>
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Title order={3} size="h4" id={headingId}>
              {plan.name}
            </Title>
            <Group gap={6} wrap="nowrap">
              {isCurrent && (
                <Badge color="teal" variant="light">
                  Your plan
                </Badge>
              )}
              {popular && <Badge variant="filled">MOST POPULAR</Badge>}
            </Group>
          </Group>
          <Text size="sm" c="dimmed" mih={40}>
            {plan.description}
          </Text>
        </Stack>

        <Stack gap={6}>
          <Group gap={6} align="baseline">
            {price !== list && (
              <Text component="del" c="dimmed" size="lg">
                {rupeesText(list, { paise: false })}
              </Text>
            )}
            <Text fw={700} fz={32} lh={1.1}>
              {rupeesText(price, { paise: false })}
            </Text>
            <Text size="sm" c="dimmed">
              per user / {cycle === 'yearly' ? 'year' : 'month'}
            </Text>
          </Group>
          {/* Yearly: a row of the same height on every card, so the rows below line up. */}
          {(cycle === 'yearly' || discount > 0) && (
            <Group gap={6} mih={22}>
              {saving > 0 && (
                <Badge color="green" variant="light">
                  Save {saving}%
                </Badge>
              )}
              {discount > 0 && (
                <Badge color="orange" variant="light">
                  {discount}% off
                </Badge>
              )}
            </Group>
          )}
        </Stack>

        <Text size="sm" fw={600}>
          {usersText(plan)}
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
          {plan.features.slice(0, CARD_FEATURE_COUNT).map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>

        <Button mt="auto" fullWidth variant={isCurrent ? 'default' : popular ? 'filled' : 'light'} disabled={isCurrent} onClick={() => onChoose(plan)}>
          {CARD_STATE_LABELS[state]}
        </Button>
      </Stack>
    </Card>
  );
}
