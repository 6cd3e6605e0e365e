import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { MSG, ROLE_NAMES, USER_STATUS_NAMES, UserStatus, type UserProfile, type UserStatusId } from '@tankha/contracts';
import { ApiError } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { DetailsCard } from '../../ui/DetailsCard';
import { ErrorState } from '../../ui/ErrorState';
import { displayDate, displayText, initials } from '../../ui/format';
import { PageLoader } from '../../ui/PageLoader';
import { maskPan, useUserProfile } from './profile.api';

function statusName(status: number): string {
  return status in USER_STATUS_NAMES ? USER_STATUS_NAMES[status as UserStatusId] : 'Unknown';
}


function ProfileView({ profile }: { profile: UserProfile }) {
  const fullName = [profile.firstName, profile.middleName, profile.lastName].filter(Boolean).join(' ');
  return (
    <Stack>
      <Card>
        <Group>
          <Avatar src={profile.imageUrl} alt={fullName} size={72} radius="xl" color="indigo">
            {initials(profile.firstName, profile.lastName)}
          </Avatar>
          <Stack gap={4}>
            <Title order={2}>{fullName}</Title>
            <Text c="dimmed">{displayText(profile.designation)}</Text>
            <Group gap="xs">
              <Badge variant="light">{ROLE_NAMES[profile.roleId]}</Badge>
              <Badge variant="light" color={profile.status === UserStatus.Active ? 'teal' : 'gray'}>
                {statusName(profile.status)}
              </Badge>
            </Group>
          </Stack>
        </Group>
      </Card>
      <DetailsCard
        title="Personal details"
        rows={[
          { label: 'Email', value: profile.email },
          { label: 'Phone', value: displayText(profile.phoneNumber) },
          { label: 'Date of birth', value: displayDate(profile.dateOfBirth) },
          { label: 'PAN', value: maskPan(profile.pan) },
        ]}
      />
      <DetailsCard
        title="Employment"
        rows={[
          { label: 'Employee number', value: displayText(profile.employeeNumber) },
          { label: 'Department', value: displayText(profile.departmentName) },
          { label: 'Designation', value: displayText(profile.designation) },
          { label: 'Reporting manager', value: displayText(profile.reportingManagerName) },
          { label: 'Joining date', value: displayDate(profile.dateOfJoining) },
          { label: 'Work location', value: displayText(profile.workLocation) },
          { label: 'Role', value: ROLE_NAMES[profile.roleId] },
          { label: 'Status', value: statusName(profile.status) },
        ]}
      />
    </Stack>
  );
}

/** /profile?userId=…: administrators and moderators (members are sent to /403-Forbidden by the route guard). */
export function ProfilePage() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? user.id;
  const profile = useUserProfile(userId);

  if (profile.isPending) return <PageLoader label="Loading profile" />;
  if (profile.isError) {
    const notFound = profile.error instanceof ApiError && profile.error.status === 404;
    if (notFound) return <ErrorState title="Profile not found" message={MSG.notFound} />;
    return <ErrorState title="Could not load the profile" message={profile.error.message} onRetry={() => void profile.refetch()} />;
  }
  return <ProfileView profile={profile.data} />;
}
