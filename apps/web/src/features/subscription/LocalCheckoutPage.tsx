import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Center, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@tankha/contracts';
import { formatRupees } from '@tankha/domain';
import { errorMessage } from '../../app/api';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { completePayment } from './checkout';
import { dismissCheckout, payLocally, useLocalCheckout } from './subscription.api';
import { toastUnlessHandled } from '../../ui/kit/api-error-toast';

/**
 * The local test provider's checkout (DESIGN §2), used when no Razorpay keys are set: Pay takes the
 * payment (the provider signs the callback as Razorpay does and the server verifies it); Cancel is
 * dismissing the checkout, which cancels the pending subscription (platform §4).
 */
export function LocalCheckoutPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const checkout = useLocalCheckout(id);
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [paid, setPaid] = useState(false);

  if (checkout.isPending) return <PageLoader label="Loading checkout" />;
  if (checkout.isError) return <ErrorState message={errorMessage(checkout.error, MSG.paymentSetupError)} onRetry={() => void navigate('/my-subscription')} retryLabel="Back to plans" />;
  const c = checkout.data;

  const pay = async () => {
    setBusy('pay');
    try {
      const callback = await payLocally(id);
      if (await completePayment(c.subscriptionId, callback)) setPaid(true);
    } catch (error) {
      toastUnlessHandled(error, MSG.paymentFailed);
    } finally {
      setBusy(null);
    }
  };
  const cancel = async () => {
    setBusy('cancel');
    await dismissCheckout(c.subscriptionId).catch(() => undefined);
    void navigate('/my-subscription');
  };

  return (
    <Center py="xl">
      <Card w={440} padding="xl" component="section" aria-label="Test checkout">
        <Stack gap="md">
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Test payment provider
            </Text>
            <Title order={2} size="h3">
              Tankha · {c.planName} plan
            </Title>
          </Stack>
          <Alert color="yellow" variant="light">
            No payment gateway is configured, so no money moves. Pay completes the purchase as a real payment would.
          </Alert>
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm">Billing</Text>
              <Text size="sm">{c.billingType === 'yearly' ? 'Yearly' : 'Monthly'}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm">Users</Text>
              <Text size="sm">{c.quantity}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm">Price</Text>
              <Text size="sm">{formatRupees(c.taxablePaise, { showPaise: true })}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm">GST (18%)</Text>
              <Text size="sm">{formatRupees(c.amountPaise - c.taxablePaise, { showPaise: true })}</Text>
            </Group>
            <Divider />
            <Group justify="space-between">
              <Text fw={700}>Total</Text>
              <Text fw={700}>{formatRupees(c.amountPaise, { showPaise: true })}</Text>
            </Group>
          </Stack>
          <Text size="xs" c="dimmed">
            Paying as {c.prefill.name} · {c.prefill.email}
            {c.prefill.contact ? ` · ${c.prefill.contact}` : ''} for {c.organizationName}
          </Text>
          <Group grow>
            <Button variant="default" onClick={() => void cancel()} loading={busy === 'cancel'} disabled={busy !== null || paid}>
              Cancel
            </Button>
            <Button onClick={() => void pay()} loading={busy === 'pay'} disabled={busy !== null || paid}>
              Pay {formatRupees(c.amountPaise, { showPaise: true })}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Center>
  );
}
