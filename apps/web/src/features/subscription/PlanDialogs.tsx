import { useState, type KeyboardEvent } from 'react';
import { Button, Group, Modal, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { PLAN_USERS_MAX, type Plan, type ScheduleChangesAt } from '@tankha/contracts';
import { formatDisplayDate } from '@tankha/domain';
import dayjs from 'dayjs';
import { displayedPrice, type BillingCycle, type ChangeDirection } from './plan-rules';
import { rupeesText } from '../../ui/format';

/** Platform §5: minus, plus and e are blocked in the user count. */
export const BLOCKED_COUNT_KEYS = ['-', '+', 'e', 'E'];

/**
 * Platform §5 "Plan user count": a whole number; empty or invalid resets to the minimum (the active
 * users); at most 10,000. A count below the minimum is kept: confirming it opens the mismatch dialog.
 */
export function normaliseUserCount(value: string | number, min: number): number {
  const n = typeof value === 'number' ? value : Number(value.trim());
  if (value === '' || !Number.isFinite(n) || !Number.isInteger(n) || n < 1) return min;
  return Math.min(n, PLAN_USERS_MAX);
}

export interface PlanChoice {
  plan: Plan;
  quantity: number;
  when: ScheduleChangesAt | undefined;
}

/**
 * The confirm-plan dialog (no current plan) and the upgrade/downgrade dialog (a current plan: now or at
 * the end of the current period). Both ask the number of users for a paid plan. Mounted afresh for each choice.
 */
export function PlanChoiceDialog(props: {
  plan: Plan | null;
  cycle: BillingCycle;
  direction: ChangeDirection | null;
  activeUsers: number;
  busy: boolean;
  onClose: () => void;
  onConfirm: (choice: PlanChoice) => void;
}) {
  const { plan, cycle, direction, activeUsers, busy, onClose, onConfirm } = props;
  const [count, setCount] = useState<string | number>(activeUsers);
  const [when, setWhen] = useState<ScheduleChangesAt>('now');
  if (!plan) return null;
  const change = direction !== null;
  const title = change ? `${direction === 'upgrade' ? 'Upgrade' : 'Downgrade'} to ${plan.name}` : `Confirm ${plan.name} plan`;
  const quantity = plan.isFree ? 1 : normaliseUserCount(count, activeUsers);
  const price = displayedPrice(plan, cycle);
  const blockKeys = (e: KeyboardEvent<HTMLInputElement>) => {
    if (BLOCKED_COUNT_KEYS.includes(e.key)) e.preventDefault();
  };
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack gap="md">
        <Text size="sm">
          {plan.isFree ? (
            <>The {plan.name} plan is free for up to {plan.maxUsers ?? 0} users.</>
          ) : (
            <>
              {rupeesText(price, { paise: false })} per user / {cycle === 'yearly' ? 'year' : 'month'}, plus 18% GST.
            </>
          )}
        </Text>
        {!plan.isFree && (
          <NumberInput
            label="Number of users"
            description={`Your organization has ${activeUsers.toString()} active users. At most ${PLAN_USERS_MAX.toLocaleString('en-IN')}.`}
            value={count}
            onChange={setCount}
            onKeyDown={blockKeys}
            onBlur={() => setCount(normaliseUserCount(count, activeUsers))}
            allowDecimal={false}
            allowNegative={false}
            min={1}
            max={PLAN_USERS_MAX}
            clampBehavior="none"
            hideControls={false}
          />
        )}
        {!plan.isFree && (
          <Text size="sm" fw={600}>
            Total: {rupeesText(price * quantity, { paise: false })} + GST per {cycle === 'yearly' ? 'year' : 'month'}
          </Text>
        )}
        {direction === 'upgrade' && (
          <Radio.Group label="When should the change start?" value={when} onChange={(v) => setWhen(v as ScheduleChangesAt)}>
            <Stack gap="xs" mt="xs">
              <Radio value="now" label="Start immediately" />
              <Radio value="cycle_end" label="At the end of the current period" />
            </Stack>
          </Radio.Group>
        )}
        {direction === 'upgrade' && (
          <Text size="xs" c="dimmed">
            Starting immediately, you are charged less a credit for the unused days of your current plan.
          </Text>
        )}
        {direction === 'downgrade' && (
          <Text size="sm">The change starts when your paid period ends; nothing is charged now, and you can undo it until then.</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => onConfirm({ plan, quantity: normaliseUserCount(count, activeUsers), when: direction === 'downgrade' ? 'cycle_end' : change ? when : undefined })}>
            {direction === 'downgrade' ? 'Schedule Change' : plan.isFree ? 'Activate Free Plan' : 'Proceed to Payment'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Platform §5: a count below the active users offers to proceed with the active-user count. */
export function ActiveUserMismatchDialog(props: { entered: number; activeUsers: number; onClose: () => void; onProceed: () => void }) {
  return (
    <Modal opened onClose={props.onClose} title="Active User Mismatch" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Text size="sm">
        You entered {props.entered} users, but your organization has {props.activeUsers} active users. A plan must cover every active user.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onClose}>
          Cancel
        </Button>
        <Button onClick={props.onProceed}>Proceed with {props.activeUsers} users</Button>
      </Group>
    </Modal>
  );
}

/** Platform §4 "Pending check": a new subscription overrides the pending one, and that cannot be undone. */
export function PendingSubscriptionDialog(props: { planName: string; createdAt: number; onClose: () => void; onContinue: () => void }) {
  return (
    <Modal opened onClose={props.onClose} title="Pending Subscription" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Text size="sm">
        You already have a pending subscription for the {props.planName} plan, created on {formatDisplayDate(dayjs.unix(props.createdAt).format('YYYY-MM-DD'))}. Creating a new subscription will override it.
        This cannot be undone.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onClose}>
          Cancel
        </Button>
        <Button color="orange" onClick={props.onContinue}>
          Continue
        </Button>
      </Group>
    </Modal>
  );
}
