import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeOrganization, makeUser, mockFetch, ok, renderWithProviders, spyOnToasts } from '../../test/helpers';
import { OrganizationDetailsPage } from './OrganizationDetailsPage';

async function renderPage(replies: Parameters<typeof mockFetch>[0] = {}) {
  const calls = mockFetch({ 'GET /Tenants': ok(makeOrganization()), ...replies });
  const user = makeUser();
  setSessionUser(user);
  renderWithProviders(<OrganizationDetailsPage />, { user });
  await screen.findByRole('region', { name: 'Financial Details' });
  return calls;
}

describe('OrganizationDetailsPage', () => {
  it('shows name, address and GST in Financial Details, never TAN or PAN', async () => {
    await renderPage();
    const card = screen.getByRole('region', { name: 'Financial Details' });
    expect(within(card).getByText('29ABCDE1234F1Z5')).toBeInTheDocument();
    expect(within(card).getByText('Acme Labs')).toBeInTheDocument();
    expect(screen.queryByText('ABCDE1234F')).not.toBeInTheDocument();
    expect(screen.queryByText('BLRA12345B')).not.toBeInTheDocument();
  });

  it('saves the edit form with PUT /Tenants, upper-casing identifiers', async () => {
    const toasts = spyOnToasts();
    const calls = await renderPage({ 'PUT /Tenants': ok(makeOrganization({ tan: 'BLRB12345C' })) });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Edit organization details' }));
    const dialog = screen.getByRole('dialog', { name: 'Update Organization Details' });
    const tan = within(dialog).getByRole('textbox', { name: 'TAN' });
    await user.clear(tan);
    await user.type(tan, 'blrb12345c');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toasts.messages()).toEqual([MSG.orgUpdated]));
    const form = calls.find((c) => c.method === 'PUT')?.init.body as FormData;
    expect(form.get('tan')).toBe('BLRB12345C');
    expect(form.get('businessType')).toBe('pvtLtd');
    toasts.restore();
  });

  it('checks the identifiers before sending', async () => {
    const calls = await renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit organization details' }));
    const dialog = screen.getByRole('dialog', { name: 'Update Organization Details' });
    await user.clear(within(dialog).getByRole('textbox', { name: /PAN/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(within(dialog).getByText(MSG.panRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('reports a failed update', async () => {
    const toasts = spyOnToasts();
    await renderPage({ 'PUT /Tenants': jsonResponse(500, { statusCode: 500, errorCode: 'INTERNAL_ERROR', message: 'Down' }) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit organization details' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toasts.messages()).toEqual([MSG.failedUpdateTenant]));
    toasts.restore();
  });

  it('rejects a logo of the wrong type or size before uploading', async () => {
    const calls = await renderPage();
    const input = screen.getByLabelText('Organization logo file');

    fireEvent.change(input, { target: { files: [new File(['x'], 'logo.bmp', { type: 'image/bmp' })] } });
    expect(await screen.findByText(MSG.detailsLogoBadType)).toBeInTheDocument();

    const big = new File(['x'], 'logo.webp', { type: 'image/webp' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText(MSG.detailsLogoTooLarge)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/logos')).toHaveLength(0);
  });
});
