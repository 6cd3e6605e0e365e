import { useState } from 'react';
import { Alert, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { type ErasureItem } from '@tankha/contracts';
import { ConfirmDeleteModal } from '../../ui/kit/ConfirmDeleteModal';
import { useApiMutation } from '../../ui/kit/useApiMutation';
import { displayDate } from '../../ui/format';
import { profileKeys } from '../profile/profile.api';
import { dataRightsKeys, erasePersonalData, useErasureStatus } from './data-rights.api';

function Items({ items }: { items: readonly ErasureItem[] }) {
  return (
    <List size="sm" spacing={4}>
      {items.map((item) => (
        <List.Item key={item.label}>
          <Text size="sm" fw={500} span>
            {item.label}
          </Text>
          <Text size="xs" c="dimmed">
            {item.reason}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * An exited employee's profile (Administrator): erase their personal data once the organisation's retention
 * period has passed, after a dialog that lists what goes and what the law keeps. Shown only for someone with a
 * last working day; before the day it is allowed, the button is disabled with that day.
 */
export function ErasePersonalDataSection({ userId, name }: { userId: string; name: string }) {
  const status = useErasureStatus(userId, true);
  const [confirming, setConfirming] = useState(false);
  const erase = useApiMutation({
    mutationFn: () => erasePersonalData(userId),
    errorText: 'Could not erase the personal data.',
    successText: (message) => message,
    invalidates: [dataRightsKeys.erasure(userId), profileKeys.employee(userId), profileKeys.documents(userId)],
    onSuccess: () => setConfirming(false),
  });
  const s = status.data;
  if (!s || (s.lastWorkingDay === null && s.erasedAt === null)) return null;
  return (
    <Card withBorder mt="md" component="section" aria-label="Personal data">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Personal data
        </Title>
        {s.erasedAt ? (
          <Alert color="gray">Personal data erased on {displayDate(s.erasedAt)}. The payroll, PF, ESI and TDS records are kept.</Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Last working day {displayDate(s.lastWorkingDay)}. The organisation keeps personal data for {s.retentionYears} years after it
              {s.allowedFrom ? `: it can be erased from ${displayDate(s.allowedFrom)}.` : '.'}
            </Text>
            <Button color="red" variant="light" leftSection={<IconEraser size={16} />} disabled={!s.allowed} onClick={() => setConfirming(true)} style={{ alignSelf: 'flex-start', maxWidth: '100%' }}>
              Erase personal data
            </Button>
            {!s.allowed && s.refusal && (
              <Text size="xs" c="dimmed">
                {s.refusal}
              </Text>
            )}
          </>
        )}
      </Stack>
      <ConfirmDeleteModal
        opened={confirming}
        title="Erase personal data"
        message={
          <>
            Erase <b>{name}</b>’s personal data? This cannot be undone.
          </>
        }
        confirmLabel="Yes, erase it"
        busy={erase.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => erase.mutate()}
      >
        <Stack gap="xs" mah="50vh" style={{ overflowY: 'auto' }}>
          <Text size="sm" fw={600}>
            Erased
          </Text>
          <Items items={s.erased} />
          <Text size="sm" fw={600}>
            Kept, because the law requires it
          </Text>
          <Items items={s.kept} />
        </Stack>
      </ConfirmDeleteModal>
    </Card>
  );
}
