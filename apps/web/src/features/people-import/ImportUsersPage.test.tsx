import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportPreview } from '@tankha/contracts';
import { makeUser, renderRoutes } from '../../test/helpers';
import { CurrentUserContext } from '../../app/current-user';
import { setSessionUser } from '../../app/session';
import { apiUploadWithProgress } from '../../app/api';
import type * as ApiModule from '../../app/api';
import { IMPORT_BAD_TYPE, IMPORT_TOO_LARGE, ImportUsersPage, importFileProblem } from './ImportUsersPage';

vi.mock('../../app/api', async (importOriginal) => ({ ...(await importOriginal<typeof ApiModule>()), apiUploadWithProgress: vi.fn(), apiDownload: vi.fn() }));
const upload = vi.mocked(apiUploadWithProgress);

function file(name: string, size = 100): File {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

const preview = (invalid: boolean): ImportPreview => ({
  totalRows: 2,
  validRows: invalid ? 1 : 2,
  invalidRows: invalid ? 1 : 0,
  rows: [
    { rowNumber: 2, employeeNumber: 'EMP101', name: 'Priya Menon', email: 'priya@example.in', errors: [] },
    { rowNumber: 3, employeeNumber: 'EMP102', name: 'Ravi', email: 'ravi@example', errors: invalid ? [{ column: 'Work Email', message: 'Please enter a valid email address' }] : [] },
  ],
});

/** Mantine's FileInput keeps the real file input hidden behind its button. */
function pick(chosen: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [chosen] } });
}

async function renderPage() {
  const user = makeUser();
  setSessionUser(user);
  renderRoutes(
    [
      {
        path: '/users/import',
        element: (
          <CurrentUserContext.Provider value={user}>
            <ImportUsersPage />
          </CurrentUserContext.Provider>
        ),
      },
    ],
    '/users/import',
  );
  await screen.findByText('Import Users');
}

beforeEach(() => upload.mockReset());

describe('Import Users', () => {
  it('checks the file name and size before uploading', () => {
    expect(importFileProblem(file('people.pdf'))).toBe(IMPORT_BAD_TYPE);
    expect(importFileProblem(file('people.xlsx', 6 * 1024 * 1024))).toBe(IMPORT_TOO_LARGE);
    expect(importFileProblem(file('people.csv'))).toBeNull();
  });

  it('shows the row errors and keeps Import disabled while any row is invalid', async () => {
    upload.mockResolvedValueOnce({ statusCode: 200, message: 'OK', data: preview(true) });
    await renderPage();
    pick(file('people.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Work Email: Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText(/Nothing will be imported until every row is valid/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 1 users' })).toBeDisabled();
  });

  it('imports a valid file and shows the summary', async () => {
    upload.mockResolvedValueOnce({ statusCode: 200, message: 'OK', data: preview(false) });
    upload.mockResolvedValueOnce({ statusCode: 200, message: 'OK', data: { created: 2, invited: 2, restricted: 0, invitesFailed: 0 } });
    await renderPage();
    pick(file('people.xlsx'));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 users' }));
    expect(await screen.findByText('Import complete')).toBeInTheDocument();
    expect(screen.getByText('2 invited by e-mail (Pending Verification)')).toBeInTheDocument();
    expect(upload.mock.calls[1]?.[0]).toBe('/Users/import');
  });
});
