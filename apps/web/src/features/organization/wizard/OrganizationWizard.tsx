import { useState } from 'react';
import { Alert, Box, Button, CloseButton, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { BasicInfoStep } from './BasicInfoStep';
import { BusinessDetailsStep } from './BusinessDetailsStep';
import { finishWizard, type FinishResult, type WizardMode } from './finish-wizard';
import { ReviewStep } from './ReviewStep';
import { SettingsStep } from './SettingsStep';
import { TaxRegistrationStep } from './TaxRegistrationStep';
import { useWizard, type Wizard } from './useWizard';
import { WIZARD_TABS, type WizardTabKey, type WizardValues } from './wizard-rules';

export interface OrganizationWizardProps {
  mode: WizardMode;
  initialValues: WizardValues;
  existingLogoUrl?: string | null;
  onClose: () => void;
  onFinished: (result: FinishResult) => void;
}

const TITLES: Record<WizardMode, string> = { update: 'Complete Organization Setup', create: 'Add Organization' };
const FINISH_LABELS: Record<WizardMode, string> = { update: 'Complete Setup', create: 'Create Organization' };

function StepBody({ tab, wizard, logo, setLogo, existingLogoUrl }: { tab: WizardTabKey; wizard: Wizard; logo: File | null; setLogo: (f: File | null) => void; existingLogoUrl: string | null }) {
  switch (tab) {
    case 'basicInfo':
      return <BasicInfoStep wizard={wizard} logo={logo} existingLogoUrl={existingLogoUrl} onLogoChange={setLogo} />;
    case 'businessDetails':
      return <BusinessDetailsStep wizard={wizard} />;
    case 'taxRegistration':
      return <TaxRegistrationStep wizard={wizard} />;
    case 'settings':
      return <SettingsStep wizard={wizard} />;
    case 'review':
      return <ReviewStep wizard={wizard} logoName={logo?.name ?? (existingLogoUrl ? 'Current logo' : null)} />;
  }
}

/**
 * The organisation setup wizard (platform §2.5, §4): side tabs, step validation, and Finish.
 * The same component is the 'Add Organization' overlay in create mode.
 */
export function OrganizationWizard({ mode, initialValues, existingLogoUrl = null, onClose, onFinished }: OrganizationWizardProps) {
  const wizard = useWizard(initialValues);
  const [logo, setLogo] = useState<File | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const isLast = wizard.tab === 'review';
  // Side tabs on wide screens, a scrolling row on phones.
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;

  const finish = async () => {
    if (!wizard.checkAll()) return;
    setSubmitting(true);
    const result = await finishWizard(mode, wizard.values, logo);
    setSubmitting(false);
    if (result.ok) onFinished(result);
  };

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} component="section" aria-label={TITLES[mode]}>
      <Group justify="space-between" align="flex-start" mb="lg">
        <div>
          <Title order={2}>{TITLES[mode]}</Title>
          <Text c="dimmed" size="sm">
            Tell us about your organization. Fields marked * are required.
          </Text>
        </div>
        <CloseButton aria-label="Close" onClick={onClose} />
      </Group>
      <Tabs
        orientation={narrow ? 'horizontal' : 'vertical'}
        value={wizard.tab}
        onChange={(value) => value && wizard.open(value as WizardTabKey)}
        keepMounted={false}
        activateTabWithKeyboard={false}
      >
        <Tabs.List miw={narrow ? undefined : 200} style={narrow ? { flexWrap: 'nowrap', overflowX: 'auto' } : undefined}>
          {WIZARD_TABS.map((tab, index) => (
            <Tabs.Tab
              key={tab.key}
              value={tab.key}
              disabled={!wizard.canOpen(index)}
              rightSection={wizard.completed.has(tab.key) ? <IconCheck size={14} aria-label="completed" /> : null}
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {WIZARD_TABS.map((tab) => (
          <Tabs.Panel key={tab.key} value={tab.key}>
            <Box pl={narrow ? 0 : 'xl'} pt={narrow ? 'md' : 0}>
              <Stack gap="lg">
                <Title order={3} size="h4">
                  {tab.label}
                </Title>
                {wizard.notice && (
                  <Alert color="red" variant="light" role="alert">
                    {wizard.notice}
                  </Alert>
                )}
                <StepBody tab={tab.key} wizard={wizard} logo={logo} setLogo={setLogo} existingLogoUrl={existingLogoUrl} />
                <Group justify="space-between">
                  <Button variant="default" onClick={wizard.back} disabled={wizard.current === 0 && wizard.subStep === 0}>
                    Back
                  </Button>
                  {isLast ? (
                    <Button onClick={() => void finish()} loading={submitting}>
                      {FINISH_LABELS[mode]}
                    </Button>
                  ) : (
                    <Button onClick={wizard.next}>Next</Button>
                  )}
                </Group>
              </Stack>
            </Box>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}
