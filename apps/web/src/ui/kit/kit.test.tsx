import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/api';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { renderWithProviders, spyOnToasts } from '../../test/helpers';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';
import { ResponsiveList, type ListColumn } from './ResponsiveList';
import { useApiMutation } from './useApiMutation';
import { useDeleteDialog } from './useDeleteDialog';

interface Row {
  id: string;
  name: string;
  code: string;
}
const rows: Row[] = [
  { id: '1', name: 'Sales', code: 'SAL' },
  { id: '2', name: 'Finance', code: 'FIN' },
];
const columns: ListColumn<Row>[] = [
  { label: 'Name', primary: true, cell: (r) => r.name },
  { label: 'Code', cell: (r) => r.code },
  { label: 'Actions', actions: true, cell: (r) => <button type="button">{`Edit ${r.name}`}</button> },
];
const list = (over: Partial<Parameters<typeof ResponsiveList<Row>>[0]> = {}) => (
  <ResponsiveList label="Departments" columns={columns} rows={rows} rowKey={(r) => r.id} loading={false} error={null} onRetry={() => undefined} loadingLabel="Loading" emptyMessage="Nothing yet." {...over} />
);

/** Answers every media query as a screen `width` pixels wide would (min-/max-width in em of 16 px). */
function screenWidth(width: number) {
  vi.mocked(window.matchMedia).mockImplementation((query: string) => {
    const min = /min-width:\s*([\d.]+)em/.exec(query);
    const max = /max-width:\s*([\d.]+)em/.exec(query);
    const matches = (!min || width >= Number(min[1]) * 16) && (!max || width <= Number(max[1]) * 16);
    return { matches, media: query, onchange: null, addListener: vi.fn(), removeListener: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: vi.fn() };
  });
}

describe('ResponsiveList', () => {
  afterEach(() => screenWidth(1440));

  it('is a table with the column labels as headers on a wide screen', () => {
    screenWidth(1440);
    renderWithProviders(list());
    const table = screen.getByRole('table', { name: 'Departments' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Code', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('is a card per row on a phone: the name as title, the buttons beside it, the other columns as labelled lines', () => {
    screenWidth(390);
    renderWithProviders(list());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Departments' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Sales');
    expect(within(cards[0]!).getByRole('button', { name: 'Edit Sales' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Code')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('SAL')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('Actions')).not.toBeInTheDocument();
  });

  it('groups rows under their headings in both layouts', () => {
    const groupOf = (r: Row) => (r.code === 'SAL' ? 'Revenue' : 'Costs');
    screenWidth(1440);
    const { unmount } = renderWithProviders(list({ groupOf, withHeader: false }));
    expect(screen.queryAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Revenue', 'Costs']);
    unmount();
    screenWidth(390);
    renderWithProviders(list({ groupOf }));
    expect(within(screen.getByRole('list', { name: 'Costs' })).getByText('Finance')).toBeInTheDocument();
  });

  it('shows the empty text and the failure with a retry instead of rows', async () => {
    screenWidth(390);
    const onRetry = vi.fn();
    const { unmount } = renderWithProviders(list({ rows: [] }));
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    unmount();
    renderWithProviders(list({ error: 'Failed to load departments.', onRetry }));
    expect(screen.getByText('Failed to load departments.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('ConfirmDeleteModal', () => {
  it('asks the standard question and calls confirm or cancel', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(<ConfirmDeleteModal opened title="Delete Shift" name="Night" onCancel={onCancel} onConfirm={onConfirm} />);
    const dialog = await screen.findByRole('dialog', { name: 'Delete Shift' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Night? This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it("says the page's own words; while busy Cancel waits; a disabled confirm does nothing", async () => {
    const onConfirm = vi.fn();
    renderWithProviders(
      <ConfirmDeleteModal opened title="Delete skill" message="Java is held by 2 people." confirmLabel="Delete" busy onCancel={() => undefined} onConfirm={onConfirm} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete skill' });
    expect(dialog).toHaveTextContent('Java is held by 2 people.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveAttribute('data-loading', 'true');
  });

  it('keeps confirm disabled until the page allows it', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(<ConfirmDeleteModal opened title="Delete Department" name="Sales" confirmDisabled confirmLabel="Move and delete" onCancel={() => undefined} onConfirm={onConfirm} />);
    const button = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Move and delete' });
    expect(button).toBeDisabled();
  });
});

describe('useApiMutation', () => {
  const setup = <T,>(options: Parameters<typeof useApiMutation<T, void>>[0]) => {
    const queryClient = createQueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders queryClient={queryClient} env="test">
        {children}
      </AppProviders>
    );
    return { invalidate, ...renderHook(() => useApiMutation<T, void>(options), { wrapper }) };
  };
  const refusal = (handled: boolean, message = 'Name already exists') => new ApiError({ status: 409, code: 'CONFLICT', message, handled });

  it('on success: the success text, then onSuccess, then the given queries refreshed', async () => {
    const toasts = spyOnToasts();
    const onSuccess = vi.fn();
    const { result, invalidate } = setup({ mutationFn: () => Promise.resolve({ message: 'Saved' }), successText: (r) => r.message, errorText: 'Failed', invalidates: [['shifts'], ['roster']], onSuccess });
    await act(() => result.current.mutateAsync());
    expect(toasts.messages()).toEqual(['Saved']);
    expect(onSuccess).toHaveBeenCalledOnce();
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['shifts'], ['roster']]);
    toasts.restore();
  });

  it("shows the server's message once, or the fallback when it gave none", async () => {
    const toasts = spyOnToasts();
    const onError = vi.fn();
    const { result } = setup({ mutationFn: () => Promise.reject(refusal(false)), errorText: 'Failed to save', onError });
    act(() => result.current.mutate());
    await waitFor(() => expect(onError).toHaveBeenCalledOnce());
    const offline = setup({ mutationFn: () => Promise.reject(new Error('boom')), errorText: 'Failed to save' });
    act(() => offline.result.current.mutate());
    await waitFor(() => expect(toasts.messages()).toEqual(['Name already exists', 'Failed to save']));
    toasts.restore();
  });

  it('says nothing when the client already told the user, but still lets the page clean up', async () => {
    const toasts = spyOnToasts();
    const onError = vi.fn();
    const errorText = vi.fn(() => 'text');
    const { result } = setup({ mutationFn: () => Promise.reject(refusal(true)), errorText, onError });
    act(() => result.current.mutate());
    await waitFor(() => expect(onError).toHaveBeenCalledOnce());
    expect(errorText).not.toHaveBeenCalled();
    expect(toasts.messages()).toEqual([]);
    toasts.restore();
  });

  it('a text function may keep the toast back (the page shows it in the dialog); null means the call already toasted', async () => {
    const toasts = spyOnToasts();
    const onError = vi.fn();
    const { result } = setup({ mutationFn: () => Promise.reject(refusal(false)), errorText: () => null, onError });
    act(() => result.current.mutate());
    await waitFor(() => expect(onError).toHaveBeenCalledOnce());
    const loud = setup({ mutationFn: () => Promise.reject(refusal(false)), errorText: null, onError });
    act(() => loud.result.current.mutate());
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(2));
    expect(toasts.messages()).toEqual([]);
    toasts.restore();
  });
});

describe('useDeleteDialog', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={createQueryClient()} env="test">
      {children}
    </AppProviders>
  );

  it('opens on ask, deletes the row asked about on confirm and closes after a success', async () => {
    const toasts = spyOnToasts();
    const mutationFn = vi.fn((_row: Row) => Promise.resolve());
    const onDeleted = vi.fn();
    const { result } = renderHook(() => useDeleteDialog({ mutationFn, successText: 'Deleted', errorText: 'Failed', onDeleted }), { wrapper });
    expect(result.current.dialog.opened).toBe(false);
    act(() => result.current.ask(rows[1]!));
    expect(result.current.dialog.opened).toBe(true);
    act(() => result.current.dialog.onConfirm());
    await waitFor(() => expect(result.current.dialog.opened).toBe(false));
    expect(mutationFn.mock.calls[0]?.[0]).toBe(rows[1]);
    expect(onDeleted).toHaveBeenCalledWith(rows[1]);
    expect(toasts.messages()).toEqual(['Deleted']);
    toasts.restore();
  });

  it('stays open after a failure unless told to close', async () => {
    const failing = () => Promise.reject(new ApiError({ status: 409, code: 'IN_USE', message: 'In use', handled: false }));
    const open = renderHook(() => useDeleteDialog<Row>({ mutationFn: failing, errorText: 'Failed' }), { wrapper });
    act(() => open.result.current.ask(rows[0]!));
    act(() => open.result.current.dialog.onConfirm());
    await waitFor(() => expect(open.result.current.mutation.isError).toBe(true));
    expect(open.result.current.dialog.opened).toBe(true);
    const closing = renderHook(() => useDeleteDialog<Row>({ mutationFn: failing, errorText: 'Failed', closeOnError: true }), { wrapper });
    act(() => closing.result.current.ask(rows[0]!));
    act(() => closing.result.current.dialog.onConfirm());
    await waitFor(() => expect(closing.result.current.dialog.opened).toBe(false));
  });
});
