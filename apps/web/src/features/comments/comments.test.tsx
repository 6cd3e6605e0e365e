import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMENT_MSG, type ItemComment } from '@tankha/contracts';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders, spyOnToasts } from '../../test/helpers';
import { commentTimeLabel } from './comment-time';
import { fetchCommentCounts } from './comments.api';
import { ItemComments } from './ItemComments';

const DECL = '7d1f7b1e-0c1a-4d59-9d1e-0a9d2f6f1a11';
const ITEM = '8e2a8c2f-1d2b-4e6a-8e2f-1b0e3a7a2b22';
const C1 = '9f3b9d30-2e3c-4f7b-9f30-2c1f4b8b3c33';
const C2 = 'a04cae41-3f4d-4a8c-8a41-3d2a5c9c4d44';
const C3 = 'b15dbf52-4a5e-4b9d-9b52-4e3b6dad5e55';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('commentTimeLabel (payroll spec §9)', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  it.each([
    ['2026-05-10T11:59:30Z', 'Just now'],
    ['2026-05-10T11:01:00Z', 'Just now'],
    ['2026-05-10T11:00:00Z', '1h ago'],
    ['2026-05-09T12:00:01Z', '23h ago'],
    ['2026-05-09T12:00:00Z', '1d ago'],
    ['2026-05-03T12:00:01Z', '6d ago'],
  ])('%s → %s', (at, label) => {
    expect(commentTimeLabel(at, now)).toBe(label);
  });
  it('a week or more: a short date', () => {
    expect(commentTimeLabel('2026-05-01T06:00:00Z', now)).toMatch(/^01\/05\/2026$/);
  });
});

describe('fetchCommentCounts (payroll spec §7, §9)', () => {
  it('asks in batches of 5 items with 100 ms between batches; a failed batch counts 0', async () => {
    const at: number[] = [];
    const ids = Array.from({ length: 12 }, (_, i) => `item${String(i)}`);
    const calls = mockFetch({
      'GET /ITDeclaration/comments/counts': (call) => {
        at.push(Date.now());
        const items = new URLSearchParams(call.search).get('itemIds')?.split(',') ?? [];
        if (items.includes('item5')) return jsonResponse(500, { statusCode: 500, errorCode: 'X', message: 'boom' });
        return ok(items.map((itemId) => ({ itemId, commentCount: 2 })));
      },
    });
    const counts = await fetchCommentCounts(DECL, ids);
    expect(calls.map((c) => new URLSearchParams(c.search).get('itemIds')?.split(',').length)).toEqual([5, 5, 2]);
    expect((at[1] ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(95);
    expect((at[2] ?? 0) - (at[1] ?? 0)).toBeGreaterThanOrEqual(95);
    expect(counts.item0).toBe(2);
    expect(counts.item5).toBe(0);
    expect(counts.item9).toBe(0);
    expect(counts.item11).toBe(2);
  });
});

const comment = (overrides: Partial<ItemComment>): ItemComment => ({ id: C1, itemId: ITEM, comments: 'Passbook attached', createdBy: 'u1', createdByName: 'Aditi Agarwal', dateCreated: new Date().toISOString(), isEdited: false, parentCommentId: null, replies: [], ...overrides });

describe('ItemComments', () => {
  it('shows the threads with replies and sends a trimmed comment on Enter (Shift+Enter is a new line)', async () => {
    const toasts = spyOnToasts();
    const sent: unknown[] = [];
    mockFetch({
      'GET /ITDeclaration/comments': ok([comment({ replies: [comment({ id: C2, comments: 'Only ₹80,000 allowed', createdByName: 'Anita Rao', parentCommentId: C1 })] })]),
      'POST /ITDeclaration/comments': (call) => {
        sent.push(JSON.parse(String(call.init.body)));
        return jsonResponse(200, { statusCode: 200, message: COMMENT_MSG.added, data: comment({ id: C3, comments: 'Thanks' }) });
      },
    });
    const onAdded = vi.fn();
    renderWithProviders(<ItemComments declarationId={DECL} itemId={ITEM} itemLabel="Public Provident Fund" count={2} onAdded={onAdded} />, { user: makeUser() });
    const ue = userEvent.setup();
    await ue.click(screen.getByRole('button', { name: 'Comments on Public Provident Fund (2)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Comments: Public Provident Fund' });
    expect(await within(drawer).findByText('Only ₹80,000 allowed')).toBeInTheDocument();
    expect(within(drawer).getAllByText('Just now').length).toBe(2);
    const box = within(drawer).getByRole('textbox', { name: 'Add comment' });
    expect(within(drawer).getByRole('button', { name: 'Add comment' })).toBeDisabled();
    await ue.type(box, '   ');
    await ue.keyboard('{Enter}');
    expect(sent).toEqual([]);
    await ue.clear(box);
    await ue.type(box, '  Thanks{Shift>}{Enter}{/Shift}for checking  ');
    expect(sent).toEqual([]);
    await ue.keyboard('{Enter}');
    await waitFor(() => expect(sent).toEqual([{ declarationId: DECL, itemId: ITEM, comments: 'Thanks\nfor checking', parentCommentId: null }]));
    await waitFor(() => expect(toasts.messages()).toContain(COMMENT_MSG.added));
    expect(onAdded).toHaveBeenCalled();
  });

  it('a reply names its thread; a failure shows the spec message', async () => {
    const toasts = spyOnToasts();
    mockFetch({
      'GET /ITDeclaration/comments': ok([comment({})]),
      'POST /ITDeclaration/comments': jsonResponse(500, { statusCode: 500, errorCode: 'X' }),
    });
    renderWithProviders(<ItemComments declarationId={DECL} itemId={ITEM} itemLabel="PPF" />, { user: makeUser() });
    const ue = userEvent.setup();
    await ue.click(screen.getByRole('button', { name: 'Comments on PPF' }));
    const drawer = await screen.findByRole('dialog', { name: 'Comments: PPF' });
    await ue.click(await within(drawer).findByRole('button', { name: 'Reply' }));
    await ue.type(within(drawer).getByRole('textbox', { name: 'Send reply' }), 'ok{Enter}');
    await waitFor(() => expect(toasts.messages()).toContain('API Error: 500'));
  });

  it('without a declaration id: Declaration ID not available', async () => {
    const toasts = spyOnToasts();
    mockFetch({});
    renderWithProviders(<ItemComments declarationId={null} itemId={ITEM} itemLabel="PPF" />, { user: makeUser() });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Comments on PPF' }));
    expect(toasts.messages()).toContain(COMMENT_MSG.noDeclaration);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
