import type { ReactNode } from 'react';
import { NavLink, Stack, Text } from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconBeach,
  IconBuilding,
  IconBuildingCommunity,
  IconCash,
  IconCalendarEvent,
  IconCalendarTime,
  IconChecklist,
  IconClipboardCheck,
  IconClockHour4,
  IconCreditCard,
  IconFileCheck,
  IconFileInvoice,
  IconReceipt,
  IconHistory,
  IconUserMinus,
  IconCoins,
  IconLayoutDashboard,
  IconListCheck,
  IconPhoto,
  IconSettings,
  IconUsers,
  IconUsersGroup,
  IconDoorExit,
  IconBriefcase,
  IconMapPin,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { can } from '@tankha/contracts';
import { useCurrentUser } from '../current-user';
import { PATHS } from '../paths';
import { useTouchSize } from '../../ui/kit/touch';

interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Highlighted anywhere under this path (default: under `to`). */
  activeUnder?: string;
}

function NavItems({ items, onNavigate }: { items: NavItem[]; onNavigate: () => void }) {
  const { pathname } = useLocation();
  // One highlighted item: an item's own page wins over another's broader `activeUnder` area.
  const own = items.find((item) => item.to !== PATHS.home && pathname.startsWith(item.to));
  const isActive = (item: NavItem) => {
    if (item.to === PATHS.home) return pathname === PATHS.home;
    if (own) return own === item;
    return pathname.startsWith(item.activeUnder ?? item.to);
  };
  const touch = useTouchSize();
  return items.map((item) => (
    <NavLink key={item.to} mih={touch.minHeight} component={Link} to={item.to} label={item.label} leftSection={item.icon} active={isActive(item)} onClick={onNavigate} />
  ));
}

/** The navbar by role; it links only to screens that exist. */
export function MainNav({ onNavigate }: { onNavigate: () => void }) {
  const user = useCurrentUser();
  const privileged = can(user.roleId, 'attendance.approve');
  const attendanceItems: NavItem[] = [{ label: 'My attendance', to: PATHS.myAttendance, icon: <IconClockHour4 size={18} /> }];
  if (privileged || user.isManager) {
    attendanceItems.push({ label: 'Team overview', to: PATHS.teamOverview, icon: <IconLayoutDashboard size={18} /> });
    attendanceItems.push({ label: 'Team reports', to: PATHS.teamReports, icon: <IconFileInvoice size={18} /> });
    attendanceItems.push({ label: 'Team attendance', to: PATHS.teamAttendance, icon: <IconUsersGroup size={18} /> });
    attendanceItems.push({ label: 'Team requests', to: PATHS.teamRequests, icon: <IconChecklist size={18} /> });
    // Manual time logs waiting for approval (people spec §4): the same people the my-team guard lets in.
    attendanceItems.push({ label: 'Attendance approvals', to: PATHS.teamApprovals, icon: <IconClipboardCheck size={18} /> });
  }
  if (can(user.roleId, 'shifts.view')) attendanceItems.push({ label: 'Shifts', to: PATHS.shifts, icon: <IconCalendarTime size={18} /> });
  if (can(user.roleId, 'attendance.clients.manage')) attendanceItems.push({ label: 'Clients', to: PATHS.attendanceClients, icon: <IconBuilding size={18} /> });
  if (can(user.roleId, 'attendance.settings.view')) attendanceItems.push({ label: 'Attendance settings', to: PATHS.attendanceSettings, icon: <IconAdjustmentsHorizontal size={18} /> });
  const leaveItems: NavItem[] = [
    { label: 'My leaves', to: PATHS.myLeaves, icon: <IconBeach size={18} /> },
    { label: 'Holidays', to: PATHS.holidays, icon: <IconCalendarEvent size={18} /> },
  ];
  if (privileged || user.isManager) leaveItems.push({ label: 'Leave approvals', to: PATHS.leaveApprovals, icon: <IconFileCheck size={18} /> });
  if (can(user.roleId, 'leave.types.manage')) leaveItems.push({ label: 'Leave types', to: PATHS.leaveTypes, icon: <IconAdjustmentsHorizontal size={18} /> });
  if (can(user.roleId, 'leave.requests.all')) leaveItems.push({ label: 'Leave requests', to: PATHS.leaveRequests, icon: <IconChecklist size={18} /> });
  if (can(user.roleId, 'leave.balances.manage')) leaveItems.push({ label: 'Customize balance', to: PATHS.customizeBalance, icon: <IconCoins size={18} /> });
  if (can(user.roleId, 'leave.policies.manage')) leaveItems.push({ label: 'Leave policies', to: PATHS.leavePolicies, icon: <IconListCheck size={18} /> });
  if (can(user.roleId, 'leave.settings.manage')) leaveItems.push({ label: 'Leave settings', to: PATHS.leaveSettings, icon: <IconSettings size={18} /> });
  // The Payroll area: its first tab by role (payroll spec §2); administrators also reach the setup checklist.
  const payrollItems: NavItem[] = [
    can(user.roleId, 'payroll.run.view')
      ? { label: 'Payroll', to: PATHS.payrollRun, icon: <IconCash size={18} />, activeUnder: `${PATHS.payroll}/` }
      : { label: 'Payroll', to: PATHS.payslips, icon: <IconCash size={18} />, activeUnder: `${PATHS.payroll}/` },
  ];
  if (can(user.roleId, 'payroll.run.view')) payrollItems.push({ label: 'Payroll history', to: PATHS.payrollHistory, icon: <IconHistory size={18} /> });
  if (can(user.roleId, 'payroll.settlement.view')) payrollItems.push({ label: 'Exit / Full and final', to: PATHS.exits, icon: <IconUserMinus size={18} /> });
  if (can(user.roleId, 'payroll.loans.view')) payrollItems.push({ label: 'Loans and advances', to: PATHS.loans, icon: <IconCoins size={18} /> });
  if (can(user.roleId, 'payroll.settings.view')) payrollItems.push({ label: 'Payroll setup', to: PATHS.payrollSetup, icon: <IconListCheck size={18} /> });
  // Administrators are employees too: their own payslips sit outside the Payroll area (platform §2.1 /payslips).
  if (can(user.roleId, 'payroll.run.view') && user.accessableFeatures.some((f) => f.key === 'Payslips'))
    payrollItems.push({ label: 'My payslips', to: PATHS.myPayslips, icon: <IconFileInvoice size={18} /> });
  // Exit requests (ExitManagement): every employee's own resignation; the team's for managers and admins.
  const exitItems: NavItem[] = [];
  if (user.accessableFeatures.some((f) => f.key === 'ExitManagement')) {
    exitItems.push({ label: 'My resignation', to: PATHS.myExitRequests, icon: <IconDoorExit size={18} /> });
    if (privileged || user.isManager) exitItems.push({ label: 'Team exits', to: PATHS.teamExit, icon: <IconUserMinus size={18} /> });
  }
  const peopleItems: NavItem[] = [];
  if (can(user.roleId, 'users.list')) peopleItems.push({ label: 'My people', to: PATHS.myPeople, icon: <IconUsers size={18} /> });
  if (can(user.roleId, 'departments.list')) peopleItems.push({ label: 'Departments', to: PATHS.departments, icon: <IconBuildingCommunity size={18} /> });
  if (can(user.roleId, 'users.roles.view')) peopleItems.push({ label: 'Roles', to: PATHS.roles, icon: <IconListCheck size={18} /> });
  if (can(user.roleId, 'skills.manage')) peopleItems.push({ label: 'Skills', to: PATHS.skills, icon: <IconChecklist size={18} /> });
  if (can(user.roleId, 'users.settings.view')) peopleItems.push({ label: 'User settings', to: PATHS.userSettings, icon: <IconSettings size={18} /> });
  const organizationItems: NavItem[] = [];
  if (can(user.roleId, 'org.update'))
    organizationItems.push({ label: 'Organization details', to: PATHS.organizationDetails, icon: <IconBuilding size={18} /> });
  if (can(user.roleId, 'org.logo')) organizationItems.push({ label: 'Logo and branding', to: PATHS.logoBranding, icon: <IconPhoto size={18} /> });
  if (can(user.roleId, 'exceptionLogs.view')) organizationItems.push({ label: 'Exception logs', to: PATHS.exceptionLogs, icon: <IconListCheck size={18} /> });
  if (can(user.roleId, 'audit.view')) organizationItems.push({ label: 'Audit log', to: PATHS.auditLog, icon: <IconListCheck size={18} /> });
  if (can(user.roleId, 'bankChanges.decide')) organizationItems.push({ label: 'Bank changes', to: PATHS.bankChanges, icon: <IconListCheck size={18} /> });
  if (can(user.roleId, 'employmentSettings.view') && user.accessableFeatures.some((f) => f.key === 'EmploymentTypeSettings'))
    organizationItems.push({ label: 'Employment settings', to: PATHS.employmentSettings, icon: <IconBriefcase size={18} /> });
  if (can(user.roleId, 'workLocations.manage')) organizationItems.push({ label: 'Work locations', to: PATHS.workLocations, icon: <IconMapPin size={18} /> });
  if (can(user.roleId, 'preferences.senderEmail')) organizationItems.push({ label: 'Settings', to: PATHS.settingsPreferences, icon: <IconSettings size={18} />, activeUnder: '/settings' });
  if (can(user.roleId, 'invoices.manage') && user.accessableFeatures.some((f) => f.key === 'Invoices'))
    organizationItems.push({ label: 'Invoices', to: PATHS.invoices, icon: <IconReceipt size={18} />, activeUnder: '/invoices' });
  if (can(user.roleId, 'subscription.view'))
    organizationItems.push({ label: 'Subscription', to: PATHS.subscription, icon: <IconCreditCard size={18} /> });

  return (
    <Stack gap={4} component="nav" aria-label="Main navigation">
      <NavItems items={[{ label: 'Dashboard', to: PATHS.home, icon: <IconLayoutDashboard size={18} /> }]} onNavigate={onNavigate} />
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" px="sm">
        Attendance
      </Text>
      <NavItems items={attendanceItems} onNavigate={onNavigate} />
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" px="sm">
        Leave
      </Text>
      <NavItems items={leaveItems} onNavigate={onNavigate} />
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" px="sm">
        Payroll
      </Text>
      <NavItems items={payrollItems} onNavigate={onNavigate} />
      {exitItems.length > 0 && (
        <>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" px="sm">
            Exit
          </Text>
          <NavItems items={exitItems} onNavigate={onNavigate} />
        </>
      )}
      {peopleItems.length > 0 && (
        <>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" px="sm">
            People
          </Text>
          <NavItems items={peopleItems} onNavigate={onNavigate} />
        </>
      )}
      {organizationItems.length > 0 && (
        <>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" px="sm">
            Organization
          </Text>
          <NavItems items={organizationItems} onNavigate={onNavigate} />
        </>
      )}
    </Stack>
  );
}
