import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tankha/contracts';
import { LOGO_MESSAGES, formatFileSize } from '@tankha/domain';
import { jsonResponse, makeOrganization, makeUser, mockFetch, ok, renderWithProviders } from '../../test/helpers';
import { setSessionUser } from '../../app/session';
import { readImageDimensions } from './image-dimensions';
import { LogoBrandingPage } from './LogoBrandingPage';

vi.mock('./image-dimensions', () => ({ readImageDimensions: vi.fn() }));
const dimensions = vi.mocked(readImageDimensions);

function imageFile(name: string, type: string, sizeBytes = 2048): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: sizeBytes });
  return file;
}

async function renderPage(replies: Parameters<typeof mockFetch>[0] = {}) {
  const calls = mockFetch({ 'GET /Tenants': ok(makeOrganization()), ...replies });
  const user = makeUser();
  setSessionUser(user);
  renderWithProviders(<LogoBrandingPage />, { user });
  await screen.findByText('Current logo');
  return calls;
}

/** Bypasses the picker's accept filter, as a user choosing "All files" can. */
function pick(file: File) {
  fireEvent.change(screen.getByLabelText('Logo file'), { target: { files: [file] } });
}

beforeEach(() => {
  dimensions.mockResolvedValue({ width: 512, height: 512 });
});

describe('LogoBrandingPage', () => {
  it('asks for a valid file before uploading', async () => {
    const calls = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Upload Logo' }));
    expect(screen.getByText(LOGO_MESSAGES.selectFirst)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/logos')).toHaveLength(0);
  });

  it('rejects a file over 5MB with its size', async () => {
    await renderPage();
    const big = imageFile('big.png', 'image/png', 6 * 1024 * 1024);
    pick(big);
    expect(await screen.findByText(LOGO_MESSAGES.tooLarge(formatFileSize(big.size)))).toBeInTheDocument();
    expect(screen.getByText('File size (6 MB) exceeds 5MB limit. Please upload a smaller image.')).toBeInTheDocument();
  });

  it('rejects other image types and extensions', async () => {
    await renderPage();
    pick(imageFile('logo.webp', 'image/webp'));
    expect(await screen.findByText(LOGO_MESSAGES.badType('image/webp'))).toBeInTheDocument();

    pick(imageFile('logo.svg', 'image/png'));
    expect(await screen.findByText(LOGO_MESSAGES.badExtension('.svg'))).toBeInTheDocument();
  });

  it('checks the decoded dimensions', async () => {
    await renderPage();
    dimensions.mockResolvedValueOnce({ width: 4000, height: 3000 });
    pick(imageFile('huge.png', 'image/png'));
    expect(await screen.findByText(LOGO_MESSAGES.tooBig(4000, 3000))).toBeInTheDocument();

    dimensions.mockResolvedValueOnce({ width: 20, height: 20 });
    pick(imageFile('tiny.png', 'image/png'));
    expect(await screen.findByText(LOGO_MESSAGES.tooSmall(20, 20))).toBeInTheDocument();

    dimensions.mockResolvedValueOnce(null);
    pick(imageFile('broken.png', 'image/png'));
    expect(await screen.findByText(LOGO_MESSAGES.unreadable)).toBeInTheDocument();
  });

  it('uploads a valid logo, confirms and resets the form', async () => {
    const show = vi.spyOn(notifications, 'show');
    const calls = await renderPage({ 'POST /logos': ok({ logoUrl: '/backend/api/files/logos/new.png' }) });
    pick(imageFile('logo.png', 'image/png'));
    expect(await screen.findByText(LOGO_MESSAGES.passed('logo.png', '2 KB'))).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Upload Logo' }));

    await waitFor(() => expect(show.mock.calls.map(([d]) => d.message)).toContain(MSG.logoUploaded));
    const upload = calls.find((c) => c.path === '/logos');
    expect((upload?.init.body as FormData).get('logo')).toBeInstanceOf(File);
    expect(screen.queryByText(LOGO_MESSAGES.passed('logo.png', '2 KB'))).not.toBeInTheDocument();
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    show.mockRestore();
  });

  it('shows the server message when the upload fails', async () => {
    const show = vi.spyOn(notifications, 'show');
    await renderPage({ 'POST /logos': jsonResponse(422, { statusCode: 422, errorCode: 'VALIDATION_ERROR', message: 'Image is corrupt' }) });
    pick(imageFile('logo.png', 'image/png'));
    await screen.findByText(LOGO_MESSAGES.passed('logo.png', '2 KB'));

    await userEvent.click(screen.getByRole('button', { name: 'Upload Logo' }));

    await waitFor(() => expect(show.mock.calls.map(([d]) => d.message)).toEqual(['Image is corrupt']));
    show.mockRestore();
  });
});
