import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MSG, MSG, employeeSchema, type SessionUser } from '@tankha/contracts';
import { BACKENDS, DISGUISED_PDF, createTestApp, makePdf, makePdfOfSize, makePng, multipart, type TestApp } from '../../testing';

const PDF = makePdf('PAN card');
/** A baseline JPEG header of 32×16 pixels (SOI, APP0 JFIF, SOF0, EOI). */
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0001108001000200301220002110103110100ffd9', 'hex');
/** A Windows executable's first bytes. */
const EXE = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(200, 0x90)]);


describe.each(BACKENDS)('employee documents over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let otherMember: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login('anita.rao@nilgiri.demo');
    moderator = await t.login('vikram.nair@nilgiri.demo');
    member = await t.login('aditi.agarwal@nilgiri.demo');
    otherMember = await t.login('rahul.sharma@nilgiri.demo');
    outsider = await t.registerOrganisation({ organizationName: 'Elsewhere' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const upload = (token: string, userId: string, fields: Record<string, string>, file?: { filename: string; contentType: string; bytes: Buffer }) => {
    const form = multipart(fields, file ? { field: 'file', ...file } : undefined);
    return t.call('POST', `/Users/${userId}/documents`, { token, body: form.body, headers: form.headers });
  };
  const storedFiles = (): string[] => {
    const dir = path.join(t.config.dataDir, 'files', 'documents');
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  };

  it('uploads a PDF, lists it, downloads the same bytes with safe headers and deletes it with its file', async () => {
    const before = storedFiles().length;
    const res = await upload(admin.token, member.id, { documentType: '1' }, { filename: 'Aadhaar <scan>?.pdf', contentType: 'application/pdf', bytes: PDF });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(DOCUMENT_MSG.uploaded);
    const doc = res.json().data;
    expect(doc).toMatchObject({ documentType: 1, documentTypeName: 'Adhaar Card', fileName: 'Aadhaar _scan_.pdf', sizeBytes: PDF.length, mimeType: 'application/pdf', uploadedByName: 'Anita Rao' });
    expect(storedFiles().length).toBe(before + 1);

    const list = await t.call('GET', `/Users/${member.id}/documents`, { token: admin.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((d: { id: string }) => d.id)).toContain(doc.id);

    const download = await t.call('GET', `/Users/${member.id}/documents/${doc.id}/download`, { token: admin.token });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="Aadhaar _scan_.pdf"; filename*=UTF-8''Aadhaar%20_scan_.pdf`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const removed = await t.call('DELETE', `/Users/${member.id}/documents/${doc.id}`, { token: admin.token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(DOCUMENT_MSG.deleted);
    expect(storedFiles().length).toBe(before);
    const gone = await t.call('GET', `/Users/${member.id}/documents/${doc.id}/download`, { token: admin.token });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(DOCUMENT_MSG.notFound);
    expect((await t.call('DELETE', `/Users/${member.id}/documents/${doc.id}`, { token: admin.token })).statusCode).toBe(404);
  });

  it('takes the type from the content: a PNG sent as photo.jpg is served as image/png named photo.jpg.png', async () => {
    const png = makePng(4, 4);
    const res = await upload(moderator.token, member.id, { documentType: '3' }, { filename: 'photo.jpg', contentType: 'image/jpeg', bytes: png });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ documentTypeName: 'Passport', fileName: 'photo.jpg.png', mimeType: 'image/png', sizeBytes: png.length, uploadedByName: 'Vikram Nair' });
    const download = await t.call('GET', `/Users/${member.id}/documents/${res.json().data.id}/download`, { token: moderator.token });
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(png)).toBe(true);
  });

  it('accepts a JPEG', async () => {
    const res = await upload(admin.token, member.id, { documentType: '9' }, { filename: 'licence.JPEG', contentType: 'image/jpeg', bytes: JPEG });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ documentTypeName: 'Other', fileName: 'licence.jpeg', mimeType: 'image/jpeg' });
  });

  it('accepts exactly 5242880 bytes and refuses one byte more', async () => {
    const atLimit = await upload(admin.token, member.id, { documentType: '8' }, { filename: 'degree.pdf', contentType: 'application/pdf', bytes: makePdfOfSize(5_242_880) });
    expect(atLimit.statusCode).toBe(201);
    expect(atLimit.json().data.sizeBytes).toBe(5_242_880);
    const over = await upload(admin.token, member.id, { documentType: '8' }, { filename: 'degree.pdf', contentType: 'application/pdf', bytes: makePdfOfSize(5_242_881) });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('File size must be less than 5MB');
    expect(over.json().errors.file).toBe('File size must be less than 5MB');
  });

  it.each([
    ['an executable renamed .pdf', { filename: 'pan.pdf', contentType: 'application/pdf', bytes: EXE }],
    ['HTML claiming to be a PNG', { filename: 'pan.png', contentType: 'image/png', bytes: Buffer.from('<html><script>alert(1)</script></html>') }],
    ['a PDF header without an end of file', { filename: 'pan.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.4\nnot really a pdf') }],
    ['HTML with a script between a PDF header and %%EOF', { filename: 'pan.pdf', contentType: 'application/pdf', bytes: DISGUISED_PDF }],
    ['a PDF header and %%EOF around text', { filename: 'pan.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') }],
    ['a GIF', { filename: 'pan.gif', contentType: 'image/gif', bytes: Buffer.from('474946383961010001000000002c00000000010001000002', 'hex') }],
  ])('refuses %s by its content', async (_label, file) => {
    const before = storedFiles().length;
    const res = await upload(admin.token, member.id, { documentType: '2' }, file);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.file).toBe(DOCUMENT_MSG.badType);
    expect(storedFiles().length).toBe(before);
  });

  it('refuses an empty file and a missing file', async () => {
    const empty = await upload(admin.token, member.id, { documentType: '2' }, { filename: 'pan.pdf', contentType: 'application/pdf', bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.file).toBe(DOCUMENT_MSG.empty);
    const missing = await upload(admin.token, member.id, { documentType: '2' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.file).toBe(DOCUMENT_MSG.selectFile);
  });

  it.each([['0'], ['10'], ['abc'], [''], [undefined]])('refuses document type %j', async (documentType) => {
    const res = await upload(admin.token, member.id, documentType === undefined ? {} : { documentType }, { filename: 'pan.pdf', contentType: 'application/pdf', bytes: PDF });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.documentType).toBe(DOCUMENT_MSG.selectType);
  });

  it('a member lists, uploads, downloads and deletes their own documents', async () => {
    const res = await upload(member.token, member.id, { documentType: '5' }, { filename: 'dl.png', contentType: 'image/png', bytes: makePng(2, 2) });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as string;
    const list = await t.call('GET', `/Users/${member.id}/documents`, { token: member.token });
    expect(list.json().data.map((d: { id: string }) => d.id)).toContain(id);
    expect((await t.call('GET', `/Users/${member.id}/documents/${id}/download`, { token: member.token })).statusCode).toBe(200);
    expect((await t.call('DELETE', `/Users/${member.id}/documents/${id}`, { token: member.token })).statusCode).toBe(200);
  });

  it("a member cannot reach someone else's documents (403)", async () => {
    const theirs = await upload(admin.token, otherMember.id, { documentType: '4' }, { filename: 'voter.pdf', contentType: 'application/pdf', bytes: PDF });
    const id = theirs.json().data.id as string;
    const calls = [
      await t.call('GET', `/Users/${otherMember.id}/documents`, { token: member.token }),
      await upload(member.token, otherMember.id, { documentType: '4' }, { filename: 'voter.pdf', contentType: 'application/pdf', bytes: PDF }),
      await t.call('GET', `/Users/${otherMember.id}/documents/${id}/download`, { token: member.token }),
      await t.call('DELETE', `/Users/${otherMember.id}/documents/${id}`, { token: member.token }),
    ];
    for (const res of calls) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.permissionDenied);
    }
    // Through one's own id the other's document is simply not there.
    expect((await t.call('GET', `/Users/${member.id}/documents/${id}/download`, { token: member.token })).statusCode).toBe(404);
  });

  it("a moderator views but cannot upload or delete an administrator's documents", async () => {
    const adminDoc = await upload(admin.token, admin.id, { documentType: '2' }, { filename: 'pan.pdf', contentType: 'application/pdf', bytes: PDF });
    expect(adminDoc.statusCode).toBe(201);
    const id = adminDoc.json().data.id as string;
    expect((await t.call('GET', `/Users/${admin.id}/documents`, { token: moderator.token })).statusCode).toBe(200);
    expect((await t.call('GET', `/Users/${admin.id}/documents/${id}/download`, { token: moderator.token })).statusCode).toBe(200);
    expect((await upload(moderator.token, admin.id, { documentType: '2' }, { filename: 'pan.pdf', contentType: 'application/pdf', bytes: PDF })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/Users/${admin.id}/documents/${id}`, { token: moderator.token })).statusCode).toBe(403);
    // An administrator manages another administrator's or a moderator's; a moderator their own.
    expect((await upload(admin.token, moderator.id, { documentType: '9' }, { filename: 'x.pdf', contentType: 'application/pdf', bytes: PDF })).statusCode).toBe(201);
    expect((await upload(moderator.token, moderator.id, { documentType: '9' }, { filename: 'x.pdf', contentType: 'application/pdf', bytes: PDF })).statusCode).toBe(201);
  });

  it("another organisation's users and documents are not found (404)", async () => {
    const doc = await upload(admin.token, member.id, { documentType: '1' }, { filename: 'a.pdf', contentType: 'application/pdf', bytes: PDF });
    const id = doc.json().data.id as string;
    const calls = [
      await t.call('GET', `/Users/${member.id}/documents`, { token: outsider.token }),
      await upload(outsider.token, member.id, { documentType: '1' }, { filename: 'a.pdf', contentType: 'application/pdf', bytes: PDF }),
      await t.call('GET', `/Users/${member.id}/documents/${id}/download`, { token: outsider.token }),
      await t.call('DELETE', `/Users/${member.id}/documents/${id}`, { token: outsider.token }),
      await t.call('GET', `/Users/${outsider.id}/documents/${id}/download`, { token: outsider.token }),
      await t.call('DELETE', `/Users/${outsider.id}/documents/${id}`, { token: outsider.token }),
    ];
    for (const res of calls) expect(res.statusCode).toBe(404);
    // Still there for its own organisation.
    expect((await t.call('GET', `/Users/${member.id}/documents/${id}/download`, { token: admin.token })).statusCode).toBe(200);
  });

  it('refuses ids that are not ids and calls without a session', async () => {
    expect((await t.call('GET', '/Users/not-a-uuid/documents', { token: admin.token })).statusCode).toBe(400);
    expect((await t.call('GET', `/Users/${member.id}/documents`)).statusCode).toBe(401);
  });

  it('GET /Users/me returns the caller’s own full record, for members too', async () => {
    const res = await t.call('GET', '/Users/me', { token: member.token });
    expect(res.statusCode).toBe(200);
    const me = employeeSchema.parse(res.json().data);
    expect(me).toMatchObject({ id: member.id, email: 'aditi.agarwal@nilgiri.demo', firstName: 'Aditi', lastName: 'Agarwal', roleId: 3 });
    const adminMe = await t.call('GET', '/Users/me', { token: admin.token });
    expect(adminMe.json().data).toMatchObject({ id: admin.id, roleId: 1, designation: 'Chief Executive Officer', departmentName: 'Human Resources', reportingManagerName: null });
  });
});
