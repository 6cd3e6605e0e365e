import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Department } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders, type RecordedCall } from '../../test/helpers';
import { DepartmentSelect } from './DepartmentSelect';

const id = (n: number) => `aaaaaaaa-0000-4000-8000-${n.toString().padStart(12, '0')}`;

function dept(n: number): Department {
  return {
    id: id(n),
    name: `Dept ${n.toString().padStart(2, '0')}`,
    code: null,
    description: null,
    status: 1,
    departmentHeadId: null,
    departmentHeadName: null,
    parentDepartmentId: null,
    parentDepartmentName: null,
    totalEmployees: 0,
  };
}

/** Pages 1 and 2 hold ten each; page 3 is past the end (404), though totalRecords claims more. */
function pagedReplies(call: RecordedCall) {
  const page = Number(new URLSearchParams(call.search).get('page'));
  if (page > 2) return jsonResponse(404, { statusCode: 404, errorCode: 'NOT_FOUND', message: 'No more departments' });
  const rows = Array.from({ length: 10 }, (_, i) => dept((page - 1) * 10 + i + 1));
  return jsonResponse(200, { statusCode: 200, message: 'Success', data: rows, totalRecords: 45 });
}

function Harness({ initial = null, excludeId }: { initial?: string | null; excludeId?: string }) {
  const [value, setValue] = useState<string | null>(initial);
  return <DepartmentSelect label="Parent Department" value={value} onChange={setValue} excludeId={excludeId} />;
}

function render(ui: React.ReactNode, replies: Parameters<typeof mockFetch>[0]) {
  const calls = mockFetch(replies);
  const user = makeUser();
  setSessionUser(user);
  renderWithProviders(ui, { user });
  return calls;
}

const pagesAsked = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/Departments').map((c) => Number(new URLSearchParams(c.search).get('page')));

/** Scrolls the dropdown's viewport to its bottom. */
function scrollToBottom() {
  const option = screen.getAllByRole('option')[0];
  const viewport = option?.closest<HTMLElement>('.mantine-ScrollArea-viewport');
  if (!viewport) throw new Error('no scroll viewport around the options');
  Object.defineProperty(viewport, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(viewport, 'clientHeight', { configurable: true, value: 220 });
  viewport.scrollTop = 780;
  fireEvent.scroll(viewport);
}

describe('DepartmentSelect', () => {
  it('loads 10 at a time, the next page when scrolled near the bottom, and stops on a 404', async () => {
    const calls = render(<Harness />, { 'GET /Departments': pagedReplies });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Parent Department' }));
    expect(await screen.findByRole('option', { name: 'Dept 10' })).toBeInTheDocument();
    expect(pagesAsked(calls)).toEqual([1]);
    const first = new URLSearchParams(calls[0]?.search);
    expect(first.get('pageSize')).toBe('10');

    scrollToBottom();
    expect(await screen.findByRole('option', { name: 'Dept 20' })).toBeInTheDocument();
    scrollToBottom();
    await waitFor(() => expect(pagesAsked(calls)).toEqual([1, 2, 3]));
    // The 404 ended the list: more scrolling asks for nothing.
    scrollToBottom();
    scrollToBottom();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pagesAsked(calls)).toEqual([1, 2, 3]);
    expect(screen.getAllByRole('option')).toHaveLength(20);
  });

  it('leaves out excludeId', async () => {
    render(<Harness excludeId={id(3)} />, { 'GET /Departments': pagedReplies });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Parent Department' }));
    await screen.findByRole('option', { name: 'Dept 01' });
    expect(screen.queryByRole('option', { name: 'Dept 03' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(9);
  });

  it('shows the selected department’s name when it is not among the loaded pages', async () => {
    const far = id(99);
    render(<Harness initial={far} />, {
      'GET /Departments': pagedReplies,
      [`GET /Departments/${far}`]: ok({ id: far, name: 'Faraway Unit', totalEmployees: 0, employees: [] }),
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Parent Department' })).toHaveValue('Faraway Unit'));
  });

  it('searches on the server after typing', async () => {
    const calls = render(<Harness />, { 'GET /Departments': pagedReplies });
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Parent Department' }), 'ops');
    await waitFor(() => expect(calls.some((c) => new URLSearchParams(c.search).get('search') === 'ops')).toBe(true), { timeout: 2000 });
  });
});
