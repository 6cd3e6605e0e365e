import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { FILINGS_MSG, LEDGER_GROUPS, can, type LedgerAccountRow, type LedgerGroup } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { PayrollSettingsTabs } from '../payroll-setup/SettingsTabs';
import { PAYROLL_KEY } from './payroll.api';
import { saveLedgerAccounts, useLedgerAccounts } from './filings.api';
import { toastApiError } from '../../ui/kit/api-error-toast';

const GROUP_HELP: Record<LedgerGroup, string> = {
  Earnings: 'Debited: the salary expense of each earning.',
  Deductions: 'Credited: what was recovered from pay and is owed elsewhere.',
  Statutory: 'Credited: EPF, ESI, professional tax, LWF and TDS payable, the employee’s and the employer’s shares.',
  Totals: 'The employer’s contributions as an expense (debit) and the net pay owed to employees (credit).',
};

const ACCOUNT_CODE = /^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/;

type Values = Record<string, { accountCode: string; accountName: string }>;
type Errors = Record<string, { accountCode?: string; accountName?: string }>;
const keyOf = (r: Pick<LedgerAccountRow, 'section' | 'code'>) => `${r.section}:${r.code}`;

/** The same rules as the server's contract, checked before sending so a mistake is shown where it is. */
function validate(rows: readonly LedgerAccountRow[], values: Values): Errors {
  const errors: Errors = {};
  for (const r of rows) {
    const v = values[keyOf(r)] ?? { accountCode: '', accountName: '' };
    const code = v.accountCode.trim();
    const name = v.accountName.trim();
    if ((code === '') !== (name === '')) errors[keyOf(r)] = code === '' ? { accountCode: FILINGS_MSG.accountBoth } : { accountName: FILINGS_MSG.accountBoth };
    else if (code !== '' && !ACCOUNT_CODE.test(code)) errors[keyOf(r)] = { accountCode: FILINGS_MSG.accountCodeChars };
    else if (code.length > 30) errors[keyOf(r)] = { accountCode: 'Account code must be at most 30 characters' };
    else if (name.length > 100) errors[keyOf(r)] = { accountName: 'Account name must be at most 100 characters' };
  }
  return errors;
}

/**
 * /payroll/settings/ledger-accounts: the ledger account (code and name) each
 * payroll component posts to in the month's journal. The Administrator sets them; moderators read
 * them. Opened from a month's journal (?runId=), that month's components are listed too.
 */
export function LedgerAccountsPage() {
  const [params] = useSearchParams();
  const runId = params.get('runId');
  const accounts = useLedgerAccounts(runId);
  return (
    <Stack gap="md">
      <Title order={3}>Payroll Settings</Title>
      <PayrollSettingsTabs current="ledger" />
      {accounts.isPending ? (
        <PageLoader label="Loading the ledger accounts" />
      ) : accounts.isError ? (
        <ErrorState message={errorMessage(accounts.error, 'Failed to load the ledger accounts.')} onRetry={() => void accounts.refetch()} />
      ) : (
        <LedgerForm key={accounts.dataUpdatedAt} rows={accounts.data} />
      )}
    </Stack>
  );
}

function LedgerForm({ rows }: { rows: LedgerAccountRow[] }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const editable = can(user.roleId, 'payroll.ledger.manage');
  const initial = useMemo<Values>(() => Object.fromEntries(rows.map((r) => [keyOf(r), { accountCode: r.accountCode ?? '', accountName: r.accountName ?? '' }])), [rows]);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const unmapped = rows.filter((r) => !(values[keyOf(r)]?.accountCode.trim() ?? '')).length;

  const set = (r: LedgerAccountRow, field: 'accountCode' | 'accountName', value: string) => {
    setValues((v) => ({ ...v, [keyOf(r)]: { ...(v[keyOf(r)] ?? { accountCode: '', accountName: '' }), [field]: value } }));
    setErrors((e) => {
      const { [keyOf(r)]: _drop, ...rest } = e;
      return rest;
    });
  };

  const save = async () => {
    const found = validate(rows, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error('Fix the highlighted accounts, then save');
      return;
    }
    setSaving(true);
    const sent = rows.map((r) => ({ section: r.section, code: r.code, accountCode: values[keyOf(r)]?.accountCode.trim() ?? '', accountName: values[keyOf(r)]?.accountName.trim() ?? '' }));
    try {
      await saveLedgerAccounts({ accounts: sent });
      toast.success(FILINGS_MSG.ledgerSaved);
      await queryClient.invalidateQueries({ queryKey: [PAYROLL_KEY] });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        // "accounts.3.accountCode" → the row sent at index 3.
        const next: Errors = {};
        for (const [path, message] of Object.entries(error.errors)) {
          const m = /^accounts\.(\d+)\.(accountCode|accountName|code)$/.exec(path);
          const row = m ? sent[Number(m[1])] : undefined;
          if (row && m) next[keyOf(row)] = { [m[2] === 'accountName' ? 'accountName' : 'accountCode']: message };
        }
        setErrors(next);
      }
      toastApiError(error, 'Failed to save the ledger accounts');
    } finally {
      setSaving(false);
    }
  };

  const groups = LEDGER_GROUPS.map((g) => ({ group: g, rows: rows.filter((r) => r.group === g) })).filter((g) => g.rows.length > 0);

  return (
    <Card withBorder radius="md" padding="lg" maw={980}>
      <Stack gap="lg">
        <div>
          <Title order={4}>Ledger accounts</Title>
          <Text size="sm" c="dimmed">
            The account in your books each payroll component posts to. The month’s journal (Excel or CSV, for Tally or Zoho Books) debits earnings and the employer’s contributions and
            credits what is owed, so debits always equal credits. Components that share an account are added into one line.
          </Text>
        </div>
        {!editable && (
          <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
            Only an administrator can change the ledger accounts.
          </Alert>
        )}
        {unmapped > 0 && (
          <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />}>
            {unmapped === 1 ? '1 component has no account.' : `${String(unmapped)} components have no account.`} A month’s journal can be downloaded once every component it uses has one.
          </Alert>
        )}
        {groups.map(({ group, rows: groupRows }) => (
          <section key={group} aria-label={group}>
            <Group gap="xs" mb={4}>
              <Title order={5}>{group}</Title>
              <Text size="xs" c="dimmed">
                {GROUP_HELP[group]}
              </Text>
            </Group>
            <Table aria-label={`${group} ledger accounts`} verticalSpacing={6} layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="34%">Component</Table.Th>
                  <Table.Th w={70}>Side</Table.Th>
                  <Table.Th w="20%">Account code</Table.Th>
                  <Table.Th>Account name</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {groupRows.map((r) => {
                  const v = values[keyOf(r)] ?? { accountCode: '', accountName: '' };
                  const e = errors[keyOf(r)];
                  return (
                    <Table.Tr key={keyOf(r)}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {r.label}
                        </Text>
                        {!v.accountCode.trim() && (
                          <Badge color="yellow" variant="light" size="xs">
                            Not mapped
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="outline" color={r.side === 'debit' ? 'indigo' : 'teal'} size="sm">
                          {r.side === 'debit' ? 'Dr' : 'Cr'}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Account code for ${r.label}`}
                          value={v.accountCode}
                          maxLength={30}
                          disabled={!editable}
                          error={e?.accountCode}
                          onChange={(ev) => set(r, 'accountCode', ev.currentTarget.value)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Account name for ${r.label}`}
                          value={v.accountName}
                          maxLength={100}
                          disabled={!editable}
                          error={e?.accountName}
                          onChange={(ev) => set(r, 'accountName', ev.currentTarget.value)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </section>
        ))}
        {editable && (
          <Group justify="flex-end">
            <Button variant="default" disabled={saving} onClick={() => setValues(initial)}>
              Reset
            </Button>
            <Button loading={saving} onClick={() => void save()}>
              Save ledger accounts
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
