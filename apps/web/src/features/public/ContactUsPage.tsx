import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconHeadset, IconMail, IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths';
import { PublicPage } from './PublicPage';
import { SUPPORT_EMAIL } from './site-links';

function mailto(subject: string): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;
}

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card padding="lg" component="section" aria-label={title}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={6}>
          <Title order={2} size="h5">
            {title}
          </Title>
          {children}
        </Stack>
      </Group>
    </Card>
  );
}

/** Contact us: how to reach support, sales and the grievance officer (no form: mail goes to the support address). */
export function ContactUsPage() {
  return (
    <PublicPage title="Contact us" lead="We are happy to help with questions about Tankha, your plan or your payroll setup.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ContactCard icon={<IconMail size={22} />} title="Support">
          <Text size="sm" c="dimmed">
            For help with your account, payroll, attendance or anything that does not work as it should.
          </Text>
          <Anchor href={mailto('Support request')} fw={600}>
            {SUPPORT_EMAIL}
          </Anchor>
          <Text size="xs" c="dimmed">
            Please write from the e-mail address you sign in with and name your organisation.
          </Text>
        </ContactCard>
        <ContactCard icon={<IconHeadset size={22} />} title="Sales and billing">
          <Text size="sm" c="dimmed">
            Questions about plans, prices, invoices, or a quote for a large organisation.
          </Text>
          <Anchor href={mailto('Plans and billing')} fw={600}>
            {SUPPORT_EMAIL}
          </Anchor>
          <Anchor component={Link} to={PATHS.pricing} size="sm">
            See plans and prices
          </Anchor>
        </ContactCard>
        <ContactCard icon={<IconShieldLock size={22} />} title="Privacy and grievances">
          <Text size="sm" c="dimmed">
            To exercise your rights over your personal data, or to raise a grievance under the Digital Personal Data Protection Act, 2023, write to our Grievance Officer.
          </Text>
          <Anchor href={mailto('Privacy request')} fw={600}>
            {SUPPORT_EMAIL}
          </Anchor>
          <Anchor component={Link} to={PATHS.privacyPolicy} size="sm">
            Read the privacy policy
          </Anchor>
        </ContactCard>
        <ContactCard icon={<IconClock size={22} />} title="When we answer">
          <Text size="sm" c="dimmed">
            Monday to Friday, 9:30 am to 6:30 pm IST, except national holidays.
          </Text>
          <Text size="sm" c="dimmed">
            We reply to most messages within one working day, and to privacy requests and grievances within the time the law allows.
          </Text>
        </ContactCard>
      </SimpleGrid>
    </PublicPage>
  );
}
