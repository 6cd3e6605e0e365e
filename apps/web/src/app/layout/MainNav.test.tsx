import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Role } from '@tankha/contracts';
import { makeUser, renderWithProviders } from '../../test/helpers';
import { MainNav } from './MainNav';

const nav = (
  <MemoryRouter>
    <MainNav onNavigate={() => undefined} />
  </MemoryRouter>
);
const links = () => screen.getAllByRole('link').map((a) => a.textContent);

describe('MainNav', () => {
  it('links administrators, moderators and managers to the attendance approvals', () => {
    for (const user of [makeUser({ roleId: Role.Administrator }), makeUser({ roleId: Role.Moderator }), makeUser({ roleId: Role.Member, isManager: true })]) {
      const { unmount } = renderWithProviders(nav, { user });
      expect(screen.getByRole('link', { name: 'Attendance approvals' })).toHaveAttribute('href', '/my-team/approvals');
      unmount();
    }
  });

  it('does not show it to a member who manages no one', () => {
    renderWithProviders(nav, { user: makeUser({ roleId: Role.Member, isManager: false, hasAdminAccess: false }) });
    expect(links()).not.toContain('Attendance approvals');
    expect(links()).toContain('My attendance');
  });

  it('links Payroll to the run for administrators (with the setup checklist) and to payslips for members', () => {
    const admin = renderWithProviders(nav, { user: makeUser({ roleId: Role.Administrator }) });
    expect(screen.getByRole('link', { name: 'Payroll' })).toHaveAttribute('href', '/payroll/payroll-run');
    expect(screen.getByRole('link', { name: 'Payroll setup' })).toHaveAttribute('href', '/payroll-setup');
    admin.unmount();
    renderWithProviders(nav, { user: makeUser({ roleId: Role.Member, hasAdminAccess: false }) });
    expect(screen.getByRole('link', { name: 'Payroll' })).toHaveAttribute('href', '/payroll/payslips');
    expect(links()).not.toContain('Payroll setup');
  });

  it('highlights one item: Payroll history on its own page, Payroll elsewhere in the payroll area', () => {
    const at = (path: string) => (
      <MemoryRouter initialEntries={[path]}>
        <MainNav onNavigate={() => undefined} />
      </MemoryRouter>
    );
    const active = () => screen.getAllByRole('link').filter((a) => a.hasAttribute('data-active')).map((a) => a.textContent);
    const history = renderWithProviders(at('/payroll/payroll-history'), { user: makeUser({ roleId: Role.Administrator }) });
    expect(active()).toEqual(['Payroll history']);
    history.unmount();
    renderWithProviders(at('/payroll/settings'), { user: makeUser({ roleId: Role.Administrator }) });
    expect(active()).toEqual(['Payroll']);
  });
});
