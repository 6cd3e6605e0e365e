import { Button, Center, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { deferSetup } from '../../app/setup-status';
import { WIZARD_TABS } from './wizard/wizard-rules';

/** /required-details: the welcome screen before the organisation setup wizard. */
export function WelcomePage() {
  const navigate = useNavigate();
  const cancel = () => {
    deferSetup();
    void navigate(PATHS.home);
  };
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder shadow="sm" p="xl" maw={560} w="100%">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconBuildingSkyscraper size={32} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Welcome to Tankha
          </Title>
          <Text c="dimmed">
            Let us set up your organization before you add your people and run payroll. It takes a couple of minutes.
          </Text>
          <List size="sm" ta="left" spacing={4}>
            {WIZARD_TABS.slice(0, -1).map((tab) => (
              <List.Item key={tab.key}>{tab.label}</List.Item>
            ))}
          </List>
          <Group>
            <Button variant="default" onClick={cancel}>
              Cancel
            </Button>
            <Button onClick={() => void navigate(PATHS.organizationSetup)}>Get Started</Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
