import { useState } from 'react';
import { Stack, Tabs, Title } from '@mantine/core';
import { MySubscriptionsTab } from './MySubscriptionsTab';
import { PlansTab } from './PlansTab';

type SubscriptionTab = 'plans' | 'subscriptions';

/** /my-subscription (platform §2.4): the Plans and My Subscriptions tabs. */
export function SubscriptionPage({ initialTab = 'plans' }: { initialTab?: SubscriptionTab }) {
  const [tab, setTab] = useState<SubscriptionTab>(initialTab);
  return (
    <Stack gap="md">
      <Title order={2}>Subscription</Title>
      <Tabs value={tab} onChange={(value) => value && setTab(value as SubscriptionTab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="plans">Plans</Tabs.Tab>
          <Tabs.Tab value="subscriptions">My Subscriptions</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="plans" pt="lg">
          <PlansTab />
        </Tabs.Panel>
        <Tabs.Panel value="subscriptions" pt="lg">
          <MySubscriptionsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
