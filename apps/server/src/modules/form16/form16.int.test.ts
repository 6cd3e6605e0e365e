import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM16_MAX_BYTES, FORM16_MSG, form16DefaultYear, form16YearLabel, type Form16BulkPreview, type Form16Record, type Form16User, type SessionUser } from '@tankha/contracts';
import { dateInZone, financialYearStartOf } from '@tankha/domain';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, lowEntropyBytes, makeEncryptedPdf, makePdf, makePng, makeZip, makeZipBomb, multipart, packedRepeat, writeZip, type TestApp } from '../../testing';

/** A multipart body with several files (the harness's helper sends one). */
function multipartFiles(fields: Record<string, string>, files: { filename: string; bytes: Buffer; contentType?: string }[]) {
  const boundary = `----form16${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.filename}"\r\nContent-Type: ${f.contentType ?? 'application/pdf'}\r\n\r\n`), f.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(BACKENDS)('Form 16 over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let otherMember: SessionUser;
  let outsider: SessionUser;
  let year: string;
  let olderYear: string;
  let nextYear: string;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login('anita.rao@nilgiri.demo');
    moderator = await t.login('vikram.nair@nilgiri.demo');
    member = await t.login('aditi.agarwal@nilgiri.demo');
    otherMember = await t.login('rahul.sharma@nilgiri.demo');
    outsider = await t.registerOrganisation({ organizationName: 'Elsewhere Form16' });
    const today = dateInZone(t.clock.now(), 'Asia/Kolkata');
    year = form16DefaultYear(today);
    olderYear = form16YearLabel(financialYearStartOf(today) - 2);
    nextYear = form16YearLabel(financialYearStartOf(today) + 1);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const upload = (token: string, fields: Record<string, string>, file?: { filename: string; bytes: Buffer; contentType?: string }) => {
    const form = multipart(fields, file ? { field: 'File', contentType: 'application/pdf', ...file } : undefined);
    return t.call('POST', '/Form16/upload', { token, body: form.body, headers: form.headers });
  };
  const fieldsFor = (userId: string, formType: 1 | 2, financialYear = year) => ({ EmployeeId: userId, FormType: String(formType), FinancialYear: financialYear });
  const storedFiles = (): string[] => {
    const dir = path.join(t.config.dataDir, 'files', 'form16');
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  };
  const panOf = async (userId: string) => (await queryRows<{ pan: string }>(t.database.db, sql`SELECT pan FROM users WHERE id = ${userId}`))[0]?.pan ?? '';
  const numberOf = async (userId: string) => (await queryRows<{ n: string }>(t.database.db, sql`SELECT employee_number AS n FROM users WHERE id = ${userId}`))[0]?.n ?? '';
  const formsOf = async (token: string, userId: string, financialYear?: string) => {
    const res = await t.call('GET', `/Form16/employees/${userId}${financialYear ? `?financialYear=${financialYear}` : ''}`, { token });
    return { status: res.statusCode, forms: (res.json() as { data: Form16Record[] }).data };
  };

  let partA: Form16Record;
  let partB: Form16Record;

  it('an administrator uploads Form 16A: 201 with the record, the file stored by content', async () => {
    const before = storedFiles().length;
    const res = await upload(admin.token, fieldsFor(member.id, 1), { filename: 'part-a.pdf', bytes: makePdf('Part A of Aditi') });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ statusCode: 201, message: FORM16_MSG.uploaded });
    partA = (res.json() as { data: Form16Record }).data;
    expect(partA).toMatchObject({ employeeId: member.id, formType: 1, formTypeName: 'Form 16A', financialYear: year, fileSize: makePdf('Part A of Aditi').length, kind: 'uploaded' });
    expect(storedFiles().length).toBe(before + 1);
  });

  it('refuses every invalid upload with the spec’s message and stores nothing', async () => {
    const before = storedFiles().length;
    const cases: [Record<string, string>, { filename: string; bytes: Buffer } | undefined, number, string][] = [
      [{ FormType: '2', FinancialYear: year }, { filename: 'a.pdf', bytes: makePdf() }, 400, FORM16_MSG.requiredFields],
      [{ EmployeeId: member.id, FinancialYear: year }, { filename: 'a.pdf', bytes: makePdf() }, 400, FORM16_MSG.requiredFields],
      [{ EmployeeId: member.id, FormType: '3', FinancialYear: year }, { filename: 'a.pdf', bytes: makePdf() }, 400, FORM16_MSG.requiredFields],
      [{ EmployeeId: member.id, FormType: '2' }, { filename: 'a.pdf', bytes: makePdf() }, 400, FORM16_MSG.requiredFields],
      [{ EmployeeId: member.id, FormType: '2', FinancialYear: '2024-2026' }, { filename: 'a.pdf', bytes: makePdf() }, 400, FORM16_MSG.financialYear],
      [fieldsFor(member.id, 2), undefined, 400, FORM16_MSG.noFile],
      // Not a PDF by content, whatever the name says: a PNG, a header with nothing a reader can parse, an executable.
      [fieldsFor(member.id, 2), { filename: 'form16.pdf', bytes: makePng(10, 10) }, 400, FORM16_MSG.onlyPdf],
      [fieldsFor(member.id, 2), { filename: 'form16.pdf', bytes: Buffer.from('%PDF-1.7\nnot really a pdf\n%%EOF\n') }, 400, FORM16_MSG.onlyPdf],
      [fieldsFor(member.id, 2), { filename: 'form16.pdf', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 0x90)]) }, 400, FORM16_MSG.onlyPdf],
      [fieldsFor(member.id, 2), { filename: 'empty.pdf', bytes: Buffer.alloc(0) }, 400, FORM16_MSG.empty],
      [fieldsFor(member.id, 2), { filename: 'big.pdf', bytes: Buffer.concat([makePdf(), Buffer.alloc(5_242_880, 0x20)]) }, 400, FORM16_MSG.tooLarge],
      [fieldsFor(member.id, 2), { filename: 'locked.pdf', bytes: makeEncryptedPdf() }, 400, FORM16_MSG.encrypted],
      [fieldsFor(member.id, 2, nextYear), { filename: 'a.pdf', bytes: makePdf() }, 400, FORM16_MSG.futureYear],
      [fieldsFor(member.id, 1), { filename: 'again.pdf', bytes: makePdf() }, 409, 'Form 16A already exists for this employee and financial year'],
      [fieldsFor('7d2c4b1e-0a11-4b4a-9a3e-6d0f3bd04b4a', 2), { filename: 'a.pdf', bytes: makePdf() }, 404, FORM16_MSG.employeeNotFound],
    ];
    for (const [fields, file, status, message] of cases) {
      const res = await upload(admin.token, fields, file);
      expect({ fields, status: res.statusCode, message: (res.json() as { message: string }).message }).toEqual({ fields, status, message });
    }
    expect(FORM16_MSG.tooLarge).toContain('5MB');
    expect(storedFiles().length).toBe(before);
    expect((await formsOf(admin.token, member.id, year)).forms).toHaveLength(1);
  });

  it('a moderator uploads Form 16B; the same type of another year is not a duplicate', async () => {
    const res = await upload(moderator.token, fieldsFor(member.id, 2), { filename: 'part-b.pdf', bytes: makePdf('Part B of Aditi', 2) });
    expect(res.statusCode).toBe(201);
    partB = (res.json() as { data: Form16Record }).data;
    const older = await upload(admin.token, fieldsFor(member.id, 1, olderYear), { filename: 'old.pdf', bytes: makePdf('old') });
    expect(older.statusCode).toBe(201);
    const res2 = await upload(admin.token, fieldsFor(member.id, 2), { filename: 'again.pdf', bytes: makePdf() });
    expect(res2.json()).toMatchObject({ statusCode: 409, message: 'Form 16B already exists for this employee and financial year' });
  });

  it('members may not upload, delete, list employees or read the stats', async () => {
    expect((await upload(member.token, fieldsFor(member.id, 1, olderYear), { filename: 'a.pdf', bytes: makePdf() })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/Form16/${partA.id}`, { token: member.token })).statusCode).toBe(403);
    expect((await t.call('GET', `/Form16/users?financialYear=${year}`, { token: member.token })).statusCode).toBe(403);
    expect((await t.call('GET', `/Form16/stats?financialYear=${year}`, { token: member.token })).statusCode).toBe(403);
  });

  it('GET the employee’s forms: a member sees only their own; payroll admins anyone’s; all years newest first', async () => {
    const own = await formsOf(member.token, member.id);
    expect(own.status).toBe(200);
    expect(own.forms.map((f) => [f.financialYear, f.formType])).toEqual([
      [year, 1],
      [year, 2],
      [olderYear, 1],
    ]);
    expect((await formsOf(member.token, member.id, year)).forms).toHaveLength(2);
    expect((await formsOf(otherMember.token, member.id)).status).toBe(403);
    expect((await formsOf(moderator.token, member.id)).forms).toHaveLength(3);
    expect((await formsOf(otherMember.token, otherMember.id)).forms).toEqual([]);
  });

  it('download: the reply’s data is the URL; the file has the spec’s name and the same bytes; others get 404', async () => {
    const res = await t.call('GET', `/Form16/${partA.id}/download`, { token: member.token });
    expect(res.statusCode).toBe(200);
    const url = (res.json() as { data: string }).data;
    expect(url).toBe(`/backend/api/Form16/${partA.id}/file`);
    const file = await t.call('GET', url, { token: member.token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`filename="Form16A_Aditi_Agarwal_${await numberOf(member.id)}_${year}.pdf"`);
    expect(file.rawPayload.equals(makePdf('Part A of Aditi'))).toBe(true);
    const b = await t.call('GET', `/Form16/${partB.id}/file`, { token: admin.token });
    expect(b.headers['content-disposition']).toContain('Form16B_Aditi_Agarwal_');
    expect((await t.call('GET', `/Form16/${partA.id}/download`, { token: otherMember.token })).statusCode).toBe(404);
    expect((await t.call('GET', `/Form16/${partA.id}/file`, { token: otherMember.token })).statusCode).toBe(404);
  });

  it('merged download: Part A then Part B in one PDF; only when both exist', async () => {
    const res = await t.call('GET', `/Form16/merged?employeeId=${member.id}&financialYear=${year}`, { token: member.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename="Form16_Merged_Aditi_Agarwal_${await numberOf(member.id)}_${year}.pdf"`);
    const merged = await PDFDocument.load(res.rawPayload);
    expect(merged.getPageCount()).toBe(3);
    const single = await t.call('GET', `/Form16/merged?employeeId=${member.id}&financialYear=${olderYear}`, { token: admin.token });
    expect(single.json()).toMatchObject({ statusCode: 400, message: FORM16_MSG.mergeNeedsTwo });
    const none = await t.call('GET', `/Form16/merged?employeeId=${otherMember.id}&financialYear=${year}`, { token: otherMember.token });
    expect(none.json()).toMatchObject({ statusCode: 400, message: FORM16_MSG.mergeNeedsTwo });
    expect((await t.call('GET', `/Form16/merged?employeeId=${member.id}&financialYear=${year}`, { token: otherMember.token })).statusCode).toBe(403);
    expect((await t.call('GET', `/Form16/merged?employeeId=${member.id}&financialYear=${year}`, { token: moderator.token })).statusCode).toBe(200);
  });

  it('the management list: employees with the year’s forms, search (name, e-mail, number), pages; and the stats', async () => {
    const list = await t.call('GET', `/Form16/users?financialYear=${year}&searchText=aditi`, { token: moderator.token });
    expect(list.statusCode).toBe(200);
    const body = list.json() as { data: Form16User[]; totalRecords: number };
    expect(body.totalRecords).toBe(1);
    expect(body.data[0]).toMatchObject({ id: member.id, firstName: 'Aditi', lastName: 'Agarwal', email: 'aditi.agarwal@nilgiri.demo' });
    expect(body.data[0]?.forms.map((f) => f.formType)).toEqual([1, 2]);
    const byNumber = (await t.call('GET', `/Form16/users?financialYear=${year}&searchText=${await numberOf(member.id)}`, { token: admin.token })).json() as { data: Form16User[] };
    expect(byNumber.data.map((u) => u.id)).toContain(member.id);
    const nobody = (await t.call('GET', `/Form16/users?financialYear=${year}&searchText=zzzqqq`, { token: admin.token })).json() as { data: Form16User[]; totalRecords: number };
    expect(nobody).toMatchObject({ data: [], totalRecords: 0 });

    const all = (await t.call('GET', `/Form16/users?financialYear=${year}`, { token: admin.token })).json() as { data: Form16User[]; totalRecords: number };
    const page2 = (await t.call('GET', `/Form16/users?financialYear=${year}&pageNumber=2&pageSize=5`, { token: admin.token })).json() as { data: Form16User[]; totalRecords: number };
    expect(page2.totalRecords).toBe(all.totalRecords);
    expect(page2.data.map((u) => u.id)).toEqual(all.data.slice(5, 10).map((u) => u.id));

    const stats = await t.call('GET', `/Form16/stats?financialYear=${year}`, { token: admin.token });
    expect(stats.json()).toMatchObject({
      statusCode: 200,
      data: { financialYear: year, totalEmployees: all.totalRecords, totalForms: 2, completionRate: Math.round(100 / all.totalRecords), pendingForms: all.totalRecords - 1, partAEmployees: 1, partBEmployees: 1 },
    });
    expect((await t.call('GET', '/Form16/stats?financialYear=2024', { token: admin.token })).statusCode).toBe(400);
  });

  it('another organisation reads and changes nothing of this one', async () => {
    const as = outsider.token;
    expect((await t.call('GET', `/Form16/${partA.id}/download`, { token: as })).statusCode).toBe(404);
    expect((await t.call('GET', `/Form16/${partA.id}/file`, { token: as })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/Form16/${partA.id}`, { token: as })).statusCode).toBe(404);
    expect((await formsOf(as, member.id)).status).toBe(404);
    expect((await t.call('GET', `/Form16/merged?employeeId=${member.id}&financialYear=${year}`, { token: as })).statusCode).toBe(404);
    expect((await upload(as, fieldsFor(member.id, 1, olderYear), { filename: 'a.pdf', bytes: makePdf() })).statusCode).toBe(404);
    const list = (await t.call('GET', `/Form16/users?financialYear=${year}`, { token: as })).json() as { data: Form16User[]; totalRecords: number };
    // The outsider's only employee joined this year: not owed a Form 16 for last year.
    expect(list).toMatchObject({ data: [], totalRecords: 0 });
    expect((await t.call('GET', `/Form16/stats?financialYear=${year}`, { token: as })).json()).toMatchObject({ data: { totalForms: 0, totalEmployees: 0, completionRate: 0, pendingForms: 0, partAEmployees: 0, partBEmployees: 0 } });
    expect((await formsOf(admin.token, member.id)).forms).toHaveLength(3);
  });

  it('delete: the form and its file go; a second delete is 404', async () => {
    const before = storedFiles().length;
    const older = (await formsOf(admin.token, member.id, olderYear)).forms[0];
    const res = await t.call('DELETE', `/Form16/${older?.id ?? ''}`, { token: moderator.token });
    expect(res.json()).toMatchObject({ statusCode: 200, message: FORM16_MSG.deleted });
    expect(storedFiles().length).toBe(before - 1);
    expect((await formsOf(admin.token, member.id, olderYear)).forms).toEqual([]);
    expect((await t.call('DELETE', `/Form16/${older?.id ?? ''}`, { token: admin.token })).statusCode).toBe(404);
  });

  describe('bulk upload by PAN in the file name', () => {
    const preview = async (token: string, fields: Record<string, string>, files: { filename: string; bytes: Buffer; contentType?: string }[]) => {
      const form = multipartFiles(fields, files);
      return t.call('POST', '/Form16/bulk/preview', { token, body: form.body, headers: form.headers });
    };

    it('a ZIP: the preview lists matches and mismatches and stores nothing; the confirmation stores the matches', async () => {
      const memberPan = await panOf(member.id);
      const otherPan = await panOf(otherMember.id);
      const moderatorPan = await panOf(moderator.id);
      const zip = makeZip({
        [`${memberPan}_PartA.pdf`]: makePdf('A'),
        [`certificates/${otherPan.toLowerCase()}_2023-24.pdf`]: makePdf('B'),
        [`${otherPan}-copy.pdf`]: makePdf('B again'),
        [`${moderatorPan}_PartB.pdf`]: Buffer.from('not a pdf'),
        'ZZZZZ9999Z.pdf': makePdf('nobody'),
        'salary-certificate.pdf': makePdf('no pan'),
        '__MACOSX/._junk': Buffer.from('x'),
      });
      const before = storedFiles().length;
      const res = await preview(admin.token, { FinancialYear: olderYear, FormType: '1' }, [{ filename: 'form16.zip', bytes: zip, contentType: 'application/zip' }]);
      expect(res.statusCode).toBe(200);
      const data = (res.json() as { data: Form16BulkPreview }).data;
      expect(data).toMatchObject({ financialYear: olderYear, matched: 2, mismatched: 4 });
      expect(data.token).toMatch(/^[0-9a-f-]{36}$/);
      const byName = Object.fromEntries(data.items.map((i) => [i.fileName, [i.status, i.employeeId, i.formType]]));
      expect(byName).toEqual({
        [`${memberPan}_PartA.pdf`]: ['matched', member.id, 1],
        [`${otherPan.toLowerCase()}_2023-24.pdf`]: ['matched', otherMember.id, 1],
        [`${otherPan}-copy.pdf`]: ['repeated', otherMember.id, 1],
        [`${moderatorPan}_PartB.pdf`]: ['notPdf', null, 2],
        'ZZZZZ9999Z.pdf': ['unknownPan', null, 1],
        'salary-certificate.pdf': ['noPan', null, 1],
      });
      // Nothing stored yet: no form, no final file.
      expect((await formsOf(admin.token, member.id, olderYear)).forms).toEqual([]);
      expect(storedFiles().length).toBe(before);

      expect((await t.call('POST', '/Form16/bulk/confirm', { token: member.token, body: { token: data.token } })).statusCode).toBe(403);
      expect((await t.call('POST', '/Form16/bulk/confirm', { token: outsider.token, body: { token: data.token } })).statusCode).toBe(404);
      const done = await t.call('POST', '/Form16/bulk/confirm', { token: admin.token, body: { token: data.token } });
      expect(done.json()).toMatchObject({ statusCode: 200, message: '2 Form 16 documents uploaded successfully', data: { stored: 2, skipped: [] } });
      expect((await formsOf(member.token, member.id, olderYear)).forms.map((f) => f.formType)).toEqual([1]);
      expect((await formsOf(otherMember.token, otherMember.id, olderYear)).forms.map((f) => f.formType)).toEqual([1]);
      expect(storedFiles().length).toBe(before + 2);
      const again = await t.call('POST', '/Form16/bulk/confirm', { token: admin.token, body: { token: data.token } });
      expect(again.json()).toMatchObject({ statusCode: 404, message: FORM16_MSG.bulkPreviewExpired });
    });

    it('several PDFs: a form that already exists is a mismatch; a form taken after the preview is skipped at the confirmation; cancel drops the preview', async () => {
      const memberPan = await panOf(member.id);
      const otherPan = await panOf(otherMember.id);
      const res = await preview(moderator.token, { FinancialYear: olderYear, FormType: '2' }, [
        { filename: `${memberPan}_16A.pdf`, bytes: makePdf() },
        { filename: `${memberPan}.pdf`, bytes: makePdf('B') },
        { filename: `${otherPan}.pdf`, bytes: makePdf('B') },
      ]);
      const data = (res.json() as { data: Form16BulkPreview }).data;
      expect(data.items.map((i) => i.status)).toEqual(['alreadyExists', 'matched', 'matched']);
      // Someone uploads the other member's Part B in between.
      expect((await upload(admin.token, fieldsFor(otherMember.id, 2, olderYear), { filename: 'b.pdf', bytes: makePdf() })).statusCode).toBe(201);
      const done = await t.call('POST', '/Form16/bulk/confirm', { token: moderator.token, body: { token: data.token } });
      expect(done.json()).toMatchObject({ data: { stored: 1, skipped: [{ fileName: `${otherPan}.pdf`, status: 'alreadyExists' }] } });

      const second = await preview(admin.token, { FinancialYear: year, FormType: '1' }, [{ filename: `${otherPan}.pdf`, bytes: makePdf() }]);
      const token = (second.json() as { data: Form16BulkPreview }).data.token;
      const cancelled = await t.call('DELETE', `/Form16/bulk/${token ?? ''}`, { token: admin.token });
      expect(cancelled.json()).toMatchObject({ statusCode: 200, message: FORM16_MSG.bulkCancelled });
      expect((await t.call('POST', '/Form16/bulk/confirm', { token: admin.token, body: { token } })).statusCode).toBe(404);
      expect((await formsOf(admin.token, otherMember.id, year)).forms).toEqual([]);
    });

    it('unpacks a ZIP by what it holds, not what its headers claim: a file claiming 600 bytes that unpacks past 5 MB is listed as too large', async () => {
      const zip = writeZip([
        { name: 'no-pan.pdf', data: makePdf('A') },
        // Packs about 10 to 1: no ZIP bomb, only a file too large for a Form 16 once unpacked.
        { name: 'big.pdf', packed: packedRepeat(lowEntropyBytes(1024 * 1024), 6), declaredSize: 600 },
      ]);
      const res = await preview(admin.token, { FinancialYear: olderYear, FormType: '1' }, [{ filename: 'form16.zip', bytes: zip, contentType: 'application/zip' }]);
      expect(res.statusCode, res.body).toBe(200);
      const data = (res.json() as { data: Form16BulkPreview }).data;
      expect(data.token).toBeNull();
      expect(data.items.map((i) => [i.fileName, i.status, i.sizeBytes > FORM16_MAX_BYTES])).toEqual([
        ['no-pan.pdf', 'noPan', false],
        ['big.pdf', 'tooLarge', true],
      ]);
    });

    it('refuses a ZIP bomb (422, naming the file) and stages nothing', async () => {
      const before = storedFiles().length;
      const bomb = makeZipBomb({ entries: 3, unpackedBytes: 8 * 1024 * 1024, declaredSize: 600 });
      const res = await preview(admin.token, { FinancialYear: olderYear, FormType: '1' }, [{ filename: 'form16.zip', bytes: bomb, contentType: 'application/zip' }]);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ errorCode: 'UNPROCESSABLE_CONTENT', message: FORM16_MSG.bulkZipBomb('ABCDE1000F.pdf', 100) });
      expect(storedFiles().length).toBe(before);
    });

    it('refuses what is not a bulk upload: members, no files, an unreadable ZIP, a missing year', async () => {
      const pan = await panOf(member.id);
      expect((await preview(member.token, { FinancialYear: olderYear, FormType: '1' }, [{ filename: `${pan}.pdf`, bytes: makePdf() }])).statusCode).toBe(403);
      expect((await preview(admin.token, { FinancialYear: olderYear, FormType: '1' }, [])).json()).toMatchObject({ statusCode: 400, message: FORM16_MSG.bulkNoFiles });
      const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]);
      expect((await preview(admin.token, { FinancialYear: olderYear, FormType: '1' }, [{ filename: 'x.zip', bytes: broken, contentType: 'application/zip' }])).json()).toMatchObject({ statusCode: 400, message: FORM16_MSG.bulkUnreadableZip });
      expect((await preview(admin.token, { FormType: '1' }, [{ filename: `${pan}.pdf`, bytes: makePdf() }])).json()).toMatchObject({ statusCode: 400, message: FORM16_MSG.financialYear });
      const nothing = await preview(admin.token, { FinancialYear: olderYear, FormType: '1' }, [{ filename: 'no-pan.pdf', bytes: makePdf() }]);
      expect(nothing.json()).toMatchObject({ statusCode: 200, message: FORM16_MSG.bulkNothingToStore, data: { token: null, matched: 0, mismatched: 1 } });
    });
  });
});
