import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness';
import { queryRows } from '../../db/client';
import { LocalFileStorage } from '../files/file-storage';
import { MailService, type OutgoingMail } from './mail.service';

describe.each(BACKENDS)('mail attachments (%s)', (backend) => {
  let t: TestApp;
  let root: string;
  let files: LocalFileStorage;
  beforeAll(async () => {
    t = await createTestApp(backend);
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'tankha-mail-'));
    files = new LocalFileStorage(root);
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  const pdf = Buffer.from('%PDF-1.7 a payslip for the attachment test');
  const mail = (to: string, storageKey: string): OutgoingMail => ({
    to,
    subject: 'Your payslip for November 2026 is ready',
    text: 'text',
    html: '<p>html</p>',
    attachments: [{ filename: 'Payslip-November-2026.pdf', contentType: 'application/pdf', storageKey }],
  });
  const outbox = async (to: string) =>
    (await queryRows<{ sent: boolean; error: string | null }>(t.database.db, sql`SELECT sent_at IS NOT NULL AS sent, error FROM outbox_emails WHERE to_address = ${to}`))[0];

  function smtp() {
    const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const send = vi.spyOn(transporter, 'sendMail');
    const service = new MailService(t.database.db, t.clock, t.app.log, { from: 'payroll@example.in', files, transporter });
    const raw = async () => ((await send.mock.results[0]?.value) as { message: Buffer }).message.toString();
    return { service, send, raw };
  }

  it('reads a stored file and sends it as an attachment', async () => {
    await files.putPending('payslips/mail-test/one.pdf', pdf);
    const { service, raw } = smtp();
    await service.deliver('00000000-0000-4000-8000-00000000a001', mail('attach@example.in', 'payslips/mail-test/one.pdf'));
    const message = await raw();
    expect(message).toMatch(/Content-Type: application\/pdf; name=Payslip-November-2026\.pdf/);
    expect(message).toMatch(/Content-Disposition: attachment; filename=Payslip-November-2026\.pdf/);
    expect(message).toContain(pdf.toString('base64'));
    expect(await outbox('attach@example.in')).toEqual({ sent: true, error: null });
  });

  it('a missing file fails the send (the job is retried) and says which', async () => {
    const { service, send } = smtp();
    await expect(service.deliver('00000000-0000-4000-8000-00000000a002', mail('missing@example.in', 'payslips/mail-test/none.pdf'))).rejects.toThrow(
      'mail attachment payslips/mail-test/none.pdf is not in the file store',
    );
    expect(send).not.toHaveBeenCalled();
    expect(await outbox('missing@example.in')).toEqual({ sent: false, error: 'mail attachment payslips/mail-test/none.pdf is not in the file store' });
  });

  it('in embedded mode the outbox records the message and reads no file', async () => {
    const service = new MailService(t.database.db, t.clock, t.app.log, { from: 'payroll@example.in', files });
    await service.deliver('00000000-0000-4000-8000-00000000a003', mail('outbox@example.in', 'payslips/mail-test/absent.pdf'));
    expect(await outbox('outbox@example.in')).toEqual({ sent: true, error: null });
  });
});

describe.each(BACKENDS)('mail to the demo organisation (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t.close();
  });

  it('with SMTP, a demo address is kept in the outbox and never sent; any other address is sent', async () => {
    const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const send = vi.spyOn(transporter, 'sendMail');
    const service = new MailService(t.database.db, t.clock, t.app.log, { from: 'payroll@example.in', transporter });
    const mail = (to: string): OutgoingMail => ({ to, subject: 'Your payslip for November 2026 is ready', text: 'text', html: '<p>html</p>' });
    await service.deliver('00000000-0000-4000-8000-00000000b001', mail('Aditi.Agarwal@Nilgiri.demo'));
    expect(send).not.toHaveBeenCalled();
    await service.deliver('00000000-0000-4000-8000-00000000b002', mail('someone@example.in'));
    expect(send).toHaveBeenCalledTimes(1);
    const rows = await queryRows<{ to_address: string; transport: string; sent: boolean }>(
      t.database.db,
      sql`SELECT to_address, transport, sent_at IS NOT NULL AS sent FROM outbox_emails WHERE id IN ('00000000-0000-4000-8000-00000000b001', '00000000-0000-4000-8000-00000000b002') ORDER BY to_address`,
    );
    expect(rows).toEqual([
      { to_address: 'Aditi.Agarwal@Nilgiri.demo', transport: 'outbox', sent: true },
      { to_address: 'someone@example.in', transport: 'smtp', sent: true },
    ]);
  });
});
