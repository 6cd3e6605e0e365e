import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COMMENT_MSG, DECLARATION_MSG, PROOF_MSG, TEAM_REVIEW_MSG, type AuditEntryView, type Declaration, type DeclarationSummary, type ItemComment, type Poi, type PoiSummary, type Proof, type SessionUser, type TeamDeclaration, type TeamDeclarationRow } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, DISGUISED_PDF, createTestApp, makePdf, makePng, multipart, type TestApp } from '../../testing';

/**
 * Proof of investment, item comments and the team review through HTTP: every
 * call of payroll spec §7 for the POI, comments and team review, as the Administrator, the Moderator,
 * a manager (a Member with reportees: no team review, payroll spec §6), the Member and another
 * organisation; the messages of §5 and §8; uploads checked by content; the status transitions; and
 * the allowed amounts reaching the tax (computeTaxPosition through the summary).
 *
 * 4 May 2026 in Kolkata: FY 2026-27, the POI window released until 31 May, payroll from April.
 */
const MAY_4 = new Date('2026-05-04T06:00:00Z');
const YEAR = { financialYearStart: 2026, financialYearEnd: 2027 };
const PDF = makePdf('PPF passbook');

describe.each(BACKENDS)('Proof of investment, comments and team review (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let manager: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let declaration: Declaration;
  let ppfId: string;
  let elssId: string;
  let rentId: string;
  let proof: Proof;

  type Res = { statusCode: number; body: string; json(): unknown };
  const call = (user: SessionUser, method: string, url: string, body?: unknown) => t.call(method, url, { token: user.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: Res): T => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: T }).data;
  };
  const error = (res: Res, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as { message: string; errors?: Record<string, string> };
  };
  const upload = (user: SessionUser, fields: Record<string, string>, file?: { filename: string; contentType: string; bytes: Buffer }) => {
    const form = multipart(fields, file ? { field: 'file', ...file } : undefined);
    return t.call('POST', '/POI/proofs', { token: user.token, body: form.body, headers: form.headers });
  };
  /** The audit log's entries about the member's declaration (issue 30: declaration and proof decisions), newest first. */
  const decisions = async (entity: 'Declaration' | 'DeclarationProof') => data<AuditEntryView[]>(await call(admin, 'GET', `/AuditLog?entity=${entity}&entityId=${member.id}`));
  const poiBody = (overrides: Record<string, unknown> = {}) => ({
    declarationId: declaration.id,
    houseRentDetails: [{ id: rentId, actualAmount: 240000 }],
    deductions: [
      { id: ppfId, deductionItemId: 101, actualAmount: 90000 },
      { id: elssId, deductionItemId: 102, actualAmount: 30000 },
      { deductionItemId: null, actualAmount: 5000 },
    ],
    actualIncomeOtherSources: 10000,
    isSubmitted: true,
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: MAY_4 });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    manager = await t.login(DEMO_LOGINS.manager);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
    await t.database.db.execute(sql`DELETE FROM tax_declarations WHERE tenant_id = ${admin.tenantId}`);
    await t.database.db.execute(sql`DELETE FROM tax_windows WHERE tenant_id = ${admin.tenantId}`);
    data(await call(admin, 'POST', '/ITDeclaration/config', { endDate: '2026-05-31', ...YEAR }));
    declaration = data<Declaration>(
      await call(member, 'POST', '/ITDeclaration/declarations', {
        ...YEAR,
        isRentedAccomodation: true,
        houseRentDetails: [{ rentalPeriodStart: '2026-04', rentalPeriodEnd: '2027-03', totalAmount: 240000, landlordName: 'R. Iyer', landlordPan: 'ABCPI1234K', urbanizationType: 'NonMetro' }],
        deductions: [
          { deductionItemId: 101, declaredAmount: 100000 },
          { deductionItemId: 102, declaredAmount: 30000 },
        ],
        incomeOtherSources: 12000,
        isDraft: false,
        isSubmitted: true,
      }),
    );
    ppfId = declaration.deductions[0]?.id ?? '';
    elssId = declaration.deductions[1]?.id ?? '';
    rentId = declaration.houseRentDetails[0]?.id ?? '';
    // The manager's own declaration, for the team list and the moderator's review.
    data(await call(manager, 'POST', '/ITDeclaration/declarations', { ...YEAR, deductions: [{ deductionItemId: 101, declaredAmount: 50000 }], isDraft: false, isSubmitted: true }));
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('GET /POI before the POI window is released: locked; submitting is refused with the spec message', async () => {
    const poi = data<Poi>(await call(member, 'GET', '/POI?financialYearStart=2026&financialYearEnd=2027'));
    expect(poi.window.status).toBe(0);
    expect(poi.declaration?.id).toBe(declaration.id);
    expect(error(await call(member, 'POST', '/POI/submit', poiBody()), 409).message).toBe(PROOF_MSG.locked);
    expect(error(await upload(member, { declarationId: declaration.id, employeeDeductionId: ppfId }, { filename: 'ppf.pdf', contentType: 'application/pdf', bytes: PDF }), 409).message).toBe(PROOF_MSG.locked);
    data(await call(admin, 'POST', '/POI/config', { endDate: '2026-05-31', ...YEAR, processPayrollFromMonth: '04', mandateReviewerCommentsForPartialApproval: true }));
    expect(data<Poi>(await call(member, 'GET', '/POI')).window).toMatchObject({ status: 1, lockDate: '2026-05-31', mandateReviewerCommentsForPartialApproval: true });
  });

  it('GET /POI: own for every role; another employee for administrators only; another organisation 404', async () => {
    expect(data<Poi>(await call(admin, 'GET', `/POI?employeeId=${member.id}`)).declaration?.id).toBe(declaration.id);
    expect(data<Poi>(await call(moderator, 'GET', `/POI?employeeId=${member.id}`)).declaration?.id).toBe(declaration.id);
    expect(data<Poi>(await call(moderator, 'GET', '/POI')).declaration).toBeNull();
    error(await call(manager, 'GET', `/POI?employeeId=${member.id}`), 403);
    error(await call(member, 'GET', `/POI?employeeId=${manager.id}`), 403);
    expect(error(await call(other, 'GET', `/POI?employeeId=${member.id}`), 404).message).toBe(DECLARATION_MSG.employeeNotFound);
    expect(error(await call(member, 'GET', '/POI?financialYearStart=2026&financialYearEnd=2028'), 400).errors?.financialYearEnd).toBeDefined();
  });

  it('POST /POI/proofs: content-checked PDF, JPG or PNG up to 5 MB, attached to the right item', async () => {
    const pdf = { filename: 'ppf passbook.pdf', contentType: 'application/pdf', bytes: PDF };
    const res = await upload(member, { declarationId: declaration.id, documentType: '0', employeeDeductionId: ppfId }, pdf);
    expect(res.json()).toMatchObject({ statusCode: 200, message: PROOF_MSG.uploaded });
    proof = data<Proof>(res);
    expect(proof).toMatchObject({ itemId: ppfId, documentType: 0, fileName: 'ppf passbook.pdf', mimeType: 'application/pdf', sizeBytes: PDF.length, uploadedByName: 'Aditi Agarwal' });
    // A text file renamed .pdf (and one calling itself image/png) is refused by its content.
    expect(error(await upload(member, { declarationId: declaration.id, employeeDeductionId: ppfId }, { filename: 'receipt.pdf', contentType: 'application/pdf', bytes: Buffer.from('just some text, not a PDF') }), 400).message).toBe(PROOF_MSG.badType);
    expect(error(await upload(member, { declarationId: declaration.id, employeeDeductionId: ppfId }, { filename: 'receipt.png', contentType: 'image/png', bytes: Buffer.from('PNG pretender') }), 400).message).toBe(PROOF_MSG.badType);
    // HTML with a script between a PDF header and %%EOF is no PDF: it is parsed as one, and refused.
    expect(error(await upload(member, { declarationId: declaration.id, employeeDeductionId: ppfId }, { filename: 'receipt.pdf', contentType: 'application/pdf', bytes: DISGUISED_PDF }), 400).message).toBe(PROOF_MSG.badType);
    // A real PNG named .pdf is stored as what it is.
    const png = data<Proof>(await upload(member, { declarationId: declaration.id, documentType: '7', houseRentDetailId: rentId }, { filename: 'rent.pdf', contentType: 'application/pdf', bytes: makePng(4, 4) }));
    expect(png).toMatchObject({ itemId: rentId, mimeType: 'image/png', fileName: 'rent.pdf.png', documentTypeName: 'House rent receipts' });
    const other13 = data<Proof>(await upload(member, { declarationId: declaration.id, documentType: '13' }, pdf));
    expect(other13.itemId).toBe('incomeOtherSources');
    expect(error(await upload(member, { declarationId: declaration.id, employeeDeductionId: ppfId }, { ...pdf, bytes: Buffer.alloc(0) }), 400).message).toBe(PROOF_MSG.emptyFile);
    expect(error(await upload(member, { declarationId: declaration.id, employeeDeductionId: ppfId }, { ...pdf, bytes: Buffer.concat([PDF, Buffer.alloc(5_242_880)]) }), 400).message).toBe(PROOF_MSG.tooLarge);
    expect(error(await upload(member, { declarationId: declaration.id, employeeDeductionId: ppfId }), 400).message).toBe(PROOF_MSG.noFile);
    expect(error(await upload(member, { documentType: '0', employeeDeductionId: ppfId }, pdf), 400).message).toBe(COMMENT_MSG.noDeclaration);
    expect(error(await upload(member, { declarationId: declaration.id, documentType: '17' }, pdf), 400).message).toBe(PROOF_MSG.documentTypeInvalid);
    expect(error(await upload(member, { declarationId: declaration.id, documentType: '7', employeeDeductionId: ppfId }, pdf), 400).message).toBe(PROOF_MSG.documentTypeMismatch);
    expect(error(await upload(member, { declarationId: declaration.id, documentType: '0', employeeDeductionId: ppfId, houseRentDetailId: rentId }, pdf), 400).message).toBe(PROOF_MSG.oneItemOnly);
    expect(error(await upload(member, { declarationId: declaration.id, documentType: '1' }, pdf), 400).message).toBe(PROOF_MSG.noSelfOccupiedLoan);
    expect(error(await upload(member, { declarationId: declaration.id, documentType: '0', employeeDeductionId: rentId }, pdf), 400).message).toBe(PROOF_MSG.itemNotFound);
    // Someone else's declaration: a member 403, another organisation 404; an administrator on behalf may.
    error(await upload(manager, { declarationId: declaration.id, employeeDeductionId: ppfId }, pdf), 403);
    expect(error(await upload(other, { declarationId: declaration.id, employeeDeductionId: ppfId }, pdf), 404).message).toBe(PROOF_MSG.declarationNotFound);
    const onBehalf = data<Proof>(await upload(admin, { declarationId: declaration.id, employeeDeductionId: elssId }, pdf));
    expect(onBehalf.uploadedByName).toBe('Anita Rao');
    const [row] = await queryRows<{ is_poi_submitted: boolean }>(t.database.db, sql`SELECT is_poi_submitted FROM tax_declaration_deductions WHERE id = ${ppfId}`);
    expect(row?.is_poi_submitted).toBe(true);
  });

  it('GET /POI/proofs/{id}/download and DELETE: the owner and reviewers; not another member or organisation', async () => {
    const res = await call(member, 'GET', `/POI/proofs/${proof.id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await call(moderator, 'GET', `/POI/proofs/${proof.id}/download`)).statusCode).toBe(200);
    error(await call(manager, 'GET', `/POI/proofs/${proof.id}/download`), 403);
    error(await call(other, 'GET', `/POI/proofs/${proof.id}/download`), 404);
    error(await call(other, 'DELETE', `/POI/proofs/${proof.id}`), 404);
    error(await call(manager, 'DELETE', `/POI/proofs/${proof.id}`), 403);
    const spare = data<Proof>(await upload(member, { declarationId: declaration.id, employeeDeductionId: ppfId }, { filename: 'spare.jpg', contentType: 'image/jpeg', bytes: makePng(2, 2) }));
    expect(data(await call(member, 'DELETE', `/POI/proofs/${spare.id}`))).toBeNull();
    error(await call(member, 'GET', `/POI/proofs/${spare.id}/download`), 404);
  });

  it('POST /POI/submit: validation, then submit and update with the server message', async () => {
    const bad = async (body: Record<string, unknown>) => error(await call(member, 'POST', '/POI/submit', poiBody(body)), 400);
    const over = await bad({ deductions: [{ id: ppfId, actualAmount: 150000 }, { id: elssId, actualAmount: 30000 }] });
    expect(over.message).toBe(PROOF_MSG.blocked);
    expect(over.errors).toEqual({ 'deductions.80C': PROOF_MSG.limit80C });
    expect((await bad({ houseRentDetails: [{ id: ppfId, actualAmount: 1 }] })).errors).toEqual({ 'houseRentDetails.0.id': PROOF_MSG.itemNotFound });
    expect((await bad({ deductions: [{ deductionItemId: 999, actualAmount: 1 }] })).message).toBe(DECLARATION_MSG.unknownDeductionItem);
    expect((await bad({ selfOccupiedHomeLoan: { actualPrincipalPaidOnHomeLoan: 1 } })).message).toBe(PROOF_MSG.noSelfOccupiedLoan);
    expect((await bad({ isSubmitted: false })).errors?.isSubmitted).toBe(PROOF_MSG.mustSubmit);
    expect((await bad({ actualInterestFromFD: -1 })).errors?.actualInterestFromFD).toMatch(/must be between/);
    expect((await bad({ declarationId: undefined })).errors?.declarationId).toBe(COMMENT_MSG.noDeclaration);
    error(await call(manager, 'POST', '/POI/submit', poiBody()), 403);
    error(await call(other, 'POST', '/POI/submit', poiBody()), 404);

    const res = await call(member, 'POST', '/POI/submit', poiBody());
    expect(res.json()).toMatchObject({ statusCode: 200, message: PROOF_MSG.submitted });
    const poi = data<Poi>(res);
    expect(poi.declaration).toMatchObject({ isPOIFormSubmitted: true, poiStatus: 1, actualIncomeOtherSources: 10000 });
    // The row without an item is dropped (payroll spec §4).
    expect(poi.declaration?.deductions.map((d) => [d.deductionItemId, d.declaredAmount, d.actualAmount, d.isPOISubmitted])).toEqual([
      [101, 100000, 90000, true],
      [102, 30000, 30000, true],
    ]);
    expect(poi.declaration?.houseRentDetails[0]).toMatchObject({ actualAmount: 240000, isPOISubmitted: true });
    expect(poi.proofs.length).toBe(4);
    expect((await call(member, 'POST', '/POI/submit', poiBody())).json()).toMatchObject({ message: PROOF_MSG.updated });
    expect(data<{ isPOIFormSubmitted: boolean }>(await call(member, 'GET', '/POI/status')).isPOIFormSubmitted).toBe(true);
  });

  it('GET /POI/summary: the declaration summary with the POI status, window and proofs', async () => {
    const summary = data<PoiSummary>(await call(member, 'GET', '/POI/summary'));
    expect(summary).toMatchObject({ declarationId: declaration.id, poiStatus: 1, poiWindow: { status: 1, lockDate: '2026-05-31' } });
    expect(summary.proofs.length).toBe(4);
    expect(summary.taxPerMonth).toBe(Math.round((summary.taxToBePaid * 100) / 12) / 100);
    expect(data<PoiSummary>(await call(admin, 'GET', `/POI/summary?userId=${member.id}`)).declarationId).toBe(declaration.id);
    expect(data(await call(moderator, 'GET', '/POI/summary'))).toBeNull();
    error(await call(manager, 'GET', `/POI/summary?userId=${member.id}`), 403);
    error(await call(other, 'GET', `/POI/summary?userId=${member.id}`), 404);
  });

  it('GET /ITDeclaration/team: reviewers list the year with the status filter and the pending count; others refused', async () => {
    const reply = (await call(admin, 'GET', '/ITDeclaration/team?page=1&pageSize=10&fyStart=2026&fyEnd=2027&isSubmitted=true')).json() as { data: TeamDeclarationRow[]; totalRecords: number; pendingCount: number };
    expect(reply.totalRecords).toBe(2);
    expect(reply.pendingCount).toBe(2);
    expect(reply.data.find((r) => r.employeeId === member.id)).toMatchObject({ id: declaration.id, employeeName: 'Aditi Agarwal', status: 1, submittedBy: 'Aditi Agarwal', declaredAmount: 240000 + 130000 + 12000, isPOIFormSubmitted: true, poiStatus: 1, ...YEAR });
    const onHold = (await call(moderator, 'GET', '/ITDeclaration/team?status=3')).json() as { data: unknown[]; totalRecords: number; pendingCount: number };
    expect(onHold).toMatchObject({ data: [], totalRecords: 0, pendingCount: 2 });
    const proofsTab = (await call(admin, 'GET', '/ITDeclaration/team?poiSubmitted=true')).json() as { data: TeamDeclarationRow[] };
    expect(proofsTab.data.map((r) => r.employeeId)).toEqual([member.id]);
    const paged = (await call(admin, 'GET', '/ITDeclaration/team?pageSize=1&page=2')).json() as { data: unknown[]; totalRecords: number };
    expect(paged.data.length).toBe(1);
    expect(paged.totalRecords).toBe(2);
    error(await call(member, 'GET', '/ITDeclaration/team'), 403);
    error(await call(manager, 'GET', '/ITDeclaration/team'), 403);
    expect(((await call(other, 'GET', '/ITDeclaration/team')).json() as { totalRecords: number }).totalRecords).toBe(0);
    expect(error(await call(admin, 'GET', '/ITDeclaration/team?status=7'), 400).errors?.status).toBe(TEAM_REVIEW_MSG.statusInvalid);
    expect(error(await call(admin, 'GET', '/ITDeclaration/team?pageSize=0'), 400).errors?.pageSize).toBeDefined();
  });

  it('GET /ITDeclaration/team/declaration: the detail with proofs for reviewers', async () => {
    const detail = data<TeamDeclaration>(await call(moderator, 'GET', `/ITDeclaration/team/declaration?employeeId=${member.id}&financialYearStart=2026&financialYearEnd=2027`));
    expect(detail).toMatchObject({ employeeName: 'Aditi Agarwal', declaration: { id: declaration.id, regime: expect.any(Number) as number } });
    expect(detail.proofs.map((p) => p.itemId).sort()).toEqual([ppfId, elssId, rentId, 'incomeOtherSources'].sort());
    error(await call(member, 'GET', `/ITDeclaration/team/declaration?employeeId=${member.id}`), 403);
    expect(error(await call(other, 'GET', `/ITDeclaration/team/declaration?employeeId=${member.id}`), 404).message).toBe(TEAM_REVIEW_MSG.notFound);
    expect(error(await call(admin, 'GET', `/ITDeclaration/team/declaration?employeeId=${admin.id}`), 404).message).toBe(TEAM_REVIEW_MSG.notFound);
    expect(error(await call(admin, 'GET', '/ITDeclaration/team/declaration?employeeId=nope'), 400).errors?.employeeId).toBeDefined();
  });

  it('Comments: employee and reviewers comment and reply; counts; messages of §5 and §8', async () => {
    const post = (user: SessionUser, body: Record<string, unknown>) => call(user, 'POST', '/ITDeclaration/comments', { declarationId: declaration.id, itemId: ppfId, ...body });
    const first = await post(member, { comments: '  Passbook attached for April to March.  ' });
    expect(first.json()).toMatchObject({ statusCode: 200, message: COMMENT_MSG.added });
    const c = data<ItemComment>(first);
    expect(c).toMatchObject({ comments: 'Passbook attached for April to March.', createdByName: 'Aditi Agarwal', parentCommentId: null, isEdited: false, replies: [] });
    t.clock.set(new Date(MAY_4.getTime() + 60_000));
    const reply = await post(admin, { comments: 'Thanks, checking.', parentCommentId: c.id });
    t.clock.set(new Date(MAY_4.getTime() + 120_000));
    expect(reply.json()).toMatchObject({ message: COMMENT_MSG.replyAdded });
    // A reply to a reply joins the thread.
    const nested = data<ItemComment>(await post(moderator, { comments: 'Noted.', parentCommentId: data<ItemComment>(reply).id }));
    expect(nested.parentCommentId).toBe(c.id);
    expect(error(await post(member, { comments: '   ' }), 400).errors?.comments).toBe(COMMENT_MSG.empty);
    expect(error(await post(member, { comments: '' }), 400).errors?.comments).toBe(COMMENT_MSG.empty);
    expect(error(await post(member, { comments: 'x'.repeat(2001) }), 400).errors?.comments).toBe(COMMENT_MSG.tooLong);
    expect(error(await call(member, 'POST', '/ITDeclaration/comments', { itemId: ppfId, comments: 'hi' }), 400).errors?.declarationId).toBe(COMMENT_MSG.noDeclaration);
    expect(error(await post(member, { itemId: 'somethingElse', comments: 'hi' }), 400).message).toBe(PROOF_MSG.itemNotFound);
    expect(error(await post(member, { parentCommentId: '00000000-0000-4000-8000-000000000000', comments: 'hi' }), 404).message).toBe(COMMENT_MSG.parentNotFound);
    error(await post(manager, { comments: 'not mine' }), 403);
    error(await post(other, { comments: 'elsewhere' }), 404);

    const list = data<ItemComment[]>(await call(member, 'GET', `/ITDeclaration/comments?declarationId=${declaration.id}&itemId=${ppfId}`));
    expect(list.length).toBe(1);
    expect(list[0]?.replies.map((r) => [r.createdByName, r.comments])).toEqual([
      ['Anita Rao', 'Thanks, checking.'],
      ['Vikram Nair', 'Noted.'],
    ]);
    const counts = data<{ itemId: string; commentCount: number }[]>(await call(admin, 'GET', `/ITDeclaration/comments/counts?declarationId=${declaration.id}&itemIds=${ppfId},${elssId},incomeOtherSources`));
    expect(counts).toEqual([
      { itemId: ppfId, commentCount: 3 },
      { itemId: elssId, commentCount: 0 },
      { itemId: 'incomeOtherSources', commentCount: 0 },
    ]);
    expect(error(await call(admin, 'GET', `/ITDeclaration/comments/counts?itemIds=${ppfId}`), 400).errors?.declarationId).toBe(COMMENT_MSG.noDeclaration);
    error(await call(manager, 'GET', `/ITDeclaration/comments?declarationId=${declaration.id}&itemId=${ppfId}`), 403);
    error(await call(other, 'GET', `/ITDeclaration/comments/counts?declarationId=${declaration.id}&itemIds=${ppfId}`), 404);
  });

  it('PUT /POI/review: reviewers allow up to the claim; partial approval needs a comment (POI setting); the tax uses the allowed amount', async () => {
    const review = (user: SessionUser, items: unknown[]) => call(user, 'PUT', `/POI/review/${declaration.id}`, { items });
    expect(error(await review(admin, [{ itemId: ppfId, isApproved: true, allowedAmount: 80000 }]), 400).message).toBe(PROOF_MSG.partialCommentRequired);
    expect(error(await review(admin, [{ itemId: ppfId, isApproved: true, allowedAmount: 95000, comment: 'x' }]), 400).message).toBe(PROOF_MSG.allowedTooHigh);
    expect(error(await review(admin, [{ itemId: 'nope', isApproved: true }]), 400).message).toBe(PROOF_MSG.itemNotFound);
    expect(error(await review(admin, []), 400).errors?.items).toBe(PROOF_MSG.noItems);
    error(await review(member, [{ itemId: ppfId, isApproved: true }]), 403);
    error(await review(manager, [{ itemId: ppfId, isApproved: true }]), 403);
    error(await review(other, [{ itemId: ppfId, isApproved: true }]), 404);

    const res = await review(admin, [
      { itemId: ppfId, isApproved: true, allowedAmount: 80000, comment: 'Only ₹80,000 is shown in the passbook.' },
      { itemId: elssId, isApproved: true },
      { itemId: rentId, isApproved: true },
    ]);
    expect(res.json()).toMatchObject({ message: PROOF_MSG.reviewed });
    const detail = data<TeamDeclaration>(res);
    expect(detail.declaration.deductions.map((d) => [d.allowedAmount, d.isApproved])).toEqual([
      [80000, true],
      [30000, true],
    ]);
    expect(detail.declaration.houseRentDetails[0]).toMatchObject({ allowedAmount: 240000, isApproved: true });
    // Not every claimed item is reviewed yet (other income): the proofs stay Submitted.
    expect(detail.declaration.poiStatus).toBe(1);
    const done = data<TeamDeclaration>(await review(moderator, [{ itemId: 'incomeOtherSources', isApproved: false, comment: 'No certificate.' }]));
    expect(done.declaration).toMatchObject({ poiStatus: 4, allowedIncomeOtherSources: 0 });
    const [row] = await queryRows<{ allowed: string; reviewed: boolean }>(t.database.db, sql`SELECT allowed_amount_paise::text AS allowed, (SELECT proofs_reviewed_at IS NOT NULL FROM tax_declarations WHERE id = ${declaration.id}) AS reviewed FROM tax_declaration_deductions WHERE id = ${ppfId}`);
    expect(row).toEqual({ allowed: '8000000', reviewed: true });
    // Both reviews are in the audit log: the administrator's approval (one partly allowed) and the moderator's rejection.
    const reviews = await decisions('DeclarationProof');
    expect(reviews.map((e) => [e.action, e.actorId])).toEqual([
      ['Reject', moderator.id],
      ['Approve', admin.id],
    ]);
    expect(reviews[1]?.after).toMatchObject({ declarationId: declaration.id, items: expect.arrayContaining([expect.objectContaining({ itemId: ppfId, allowedAmount: 80000 })]) as unknown });

    // The employee sees the reviewer's reason in the item's thread.
    const thread = data<ItemComment[]>(await call(member, 'GET', `/ITDeclaration/comments?declarationId=${declaration.id}&itemId=${ppfId}`));
    expect(thread.map((c) => c.comments)).toContain('Only ₹80,000 is shown in the passbook.');
    // The one tax path: the summary now reads the allowed 80C (the POI's payroll month, April, has come).
    const summary = data<DeclarationSummary>(await call(member, 'GET', '/ITDeclaration/summary'));
    expect(summary.computation.reviewLines).toContain('80C: declared ₹1,30,000, allowed ₹1,10,000 after proof review');
    // Approved proofs can no longer be changed.
    expect(error(await call(member, 'POST', '/POI/submit', poiBody()), 409).message).toBe(PROOF_MSG.approvedNoEdit);
  });

  it('PUT /ITDeclaration/team/{id}/status: Approve, Put on Hold by status; Reject for the Administrator; nobody decides their own', async () => {
    const put = (user: SessionUser, id: string, status: number) => call(user, 'PUT', `/ITDeclaration/team/${id}/status`, { status });
    error(await put(member, declaration.id, 4), 403);
    error(await put(manager, declaration.id, 4), 403);
    error(await put(other, declaration.id, 4), 404);
    expect(error(await put(admin, declaration.id, 5), 400).errors?.status).toBe(TEAM_REVIEW_MSG.statusInvalid);
    expect((await put(admin, declaration.id, 4)).json()).toMatchObject({ statusCode: 200, message: 'Declaration Approved successfully', data: { id: declaration.id, status: 4 } });
    expect(error(await put(admin, declaration.id, 4), 409).message).toBe(TEAM_REVIEW_MSG.transition('Approved', 'Approved'));
    expect(error(await put(admin, declaration.id, 2), 409).message).toBe(TEAM_REVIEW_MSG.transition('Approved', 'Rejected'));
    expect((await put(moderator, declaration.id, 3)).json()).toMatchObject({ message: 'Declaration On Hold successfully' });
    // The moderator may not reject; the Administrator may.
    error(await put(moderator, declaration.id, 2), 403);
    expect((await put(admin, declaration.id, 2)).json()).toMatchObject({ message: 'Declaration Rejected successfully' });
    expect(error(await put(admin, declaration.id, 4), 409).message).toBe(TEAM_REVIEW_MSG.transition('Rejected', 'Approved'));
    const rejected = (await call(admin, 'GET', '/ITDeclaration/team?status=2')).json() as { data: TeamDeclarationRow[]; pendingCount: number };
    expect(rejected.data.map((r) => r.id)).toEqual([declaration.id]);
    expect(rejected.pendingCount).toBe(1);
    // The moderator's own declaration: the moderator cannot decide it, the Administrator can.
    data(await call(moderator, 'POST', '/ITDeclaration/declarations', { ...YEAR, isDraft: false, isSubmitted: true }));
    const mine = ((await call(admin, 'GET', '/ITDeclaration/team')).json() as { data: TeamDeclarationRow[] }).data.find((r) => r.employeeId === moderator.id);
    expect(error(await put(moderator, mine?.id ?? '', 4), 403).message).toBe(TEAM_REVIEW_MSG.ownDeclaration);
    expect((await put(admin, mine?.id ?? '', 4)).statusCode).toBe(200);
    // Each decision on the member's declaration is in the audit log, with who made it.
    expect((await decisions('Declaration')).map((e) => [e.action, e.actorId, e.before?.['status'], e.after?.['status']])).toEqual([
      ['Reject', admin.id, 3, 2],
      ['Update', moderator.id, 4, 3],
      ['Approve', admin.id, 1, 4],
    ]);
  });
});
