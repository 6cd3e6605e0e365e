import { useState } from 'react';
import { Alert, Button, Card, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ROLE_NAMES, can, SENDER_EMAIL_MSG, type SenderEmailPreferences } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { PREFERENCES_KEY, saveSenderEmailPreferences, useSenderEmailPreferences } from './preferences.api';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { useCurrentUser } from '../../app/current-user';
import { RetentionSettingsCard } from '../data-rights/RetentionSettingsCard';

/**
 * Settings > Preferences > Sender Email Preferences (payroll spec §1): the primary contact that
 * reminder e-mails are sent from. Administrators and moderators.
 */
export function PreferencesPage() {
  const user = useCurrentUser();
  const prefs = useSenderEmailPreferences();
  return (
    <Stack gap="md">
      <Title order={2}>Settings</Title>
      <Tabs value="preferences">
        <Tabs.List aria-label="Settings sections">
          <Tabs.Tab value="preferences">Preferences</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {prefs.isPending ? (
        <PageLoader />
      ) : prefs.isError ? (
        <ErrorState message={errorMessage(prefs.error, 'Failed to load the preferences.')} onRetry={() => void prefs.refetch()} />
      ) : (
        <SenderEmailCard key={prefs.dataUpdatedAt} prefs={prefs.data} />
      )}
      {can(user.roleId, 'dataRights.erase') && <RetentionSettingsCard />}
    </Stack>
  );
}

function SenderEmailCard({ prefs }: { prefs: SenderEmailPreferences }) {
  const queryClient = useQueryClient();
  const [contactId, setContactId] = useState<string | null>(prefs.primaryContact?.userId ?? null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const options = prefs.contacts.map((c) => ({ value: c.userId, label: `${c.name} (${c.email}) · ${ROLE_NAMES[c.roleId as keyof typeof ROLE_NAMES] ?? ''}` }));

  const save = async () => {
    if (!contactId) {
      setError(SENDER_EMAIL_MSG.contactRequired);
      return;
    }
    setSaving(true);
    try {
      const { message } = await saveSenderEmailPreferences(contactId);
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: [PREFERENCES_KEY] });
    } catch (e) {
      if (e instanceof ApiError && e.errors.primaryContactUserId) setError(e.errors.primaryContactUserId);
      else toastApiError(e, 'Failed to save the preferences.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" maw={760}>
      <Stack gap="md">
        <div>
          <Title order={4}>Sender Email Preferences</Title>
          <Text size="sm" c="dimmed">
            Reminder e-mails (income-tax declaration and proof of investment) are sent in the name of the primary contact, and replies go to their address.
          </Text>
        </div>
        <Select
          label="Primary contact"
          placeholder="Select a primary contact"
          data={options}
          value={contactId}
          onChange={(value) => {
            setContactId(value);
            setError(null);
          }}
          error={error}
          searchable
          nothingFoundMessage="No active administrator or moderator"
          required
          maw={520}
        />
        {!prefs.isChosen && prefs.primaryContact && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
            No primary contact has been chosen, so e-mails go in the name of {prefs.primaryContact.name}, the first administrator.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
