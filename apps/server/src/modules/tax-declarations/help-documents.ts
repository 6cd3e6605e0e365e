import PDFDocument from 'pdfkit';
import type { HelpDocumentKey } from '@tankha/contracts';

interface HelpSection {
  heading: string;
  paragraphs: string[];
}

/**
 * The help documents behind the 'declaration' and 'poi' links of the Lock / Unlock page (payroll
 * spec §2 "Help document links", §7 download-help-document): how each window works, for the
 * administrator who releases it. Plain text in the built-in Helvetica (no rupee sign is needed).
 */
const DOCUMENTS: Record<HelpDocumentKey, { title: string; fileName: string; sections: HelpSection[] }> = {
  declaration: {
    title: 'Income Tax Declaration: release, lock and reminders',
    fileName: 'Tankha-IT-Declaration-Help.pdf',
    sections: [
      {
        heading: 'What the declaration window is',
        paragraphs: [
          'Each financial year (April to March) employees declare the investments and expenses that reduce their income tax: rent paid, home loan principal and interest, let-out property, income from other sources, Section 80C, 80D and other deductions, and income from a previous employer. Payroll uses the declared amounts to deduct TDS every month until proofs are reviewed.',
          'The window is opened (released) and closed (locked) by an Administrator or Moderator from Payroll > Lock / Unlock > Declarations.',
        ],
      },
      {
        heading: 'Releasing the window',
        paragraphs: [
          'Click Release IT Declaration, choose the lock date and the switches, and save. The lock date is the last day employees can submit or change their declaration; it must be a date from today to the last day of the current month.',
          'Allow regime switch lets employees move between the new and the old tax regime while the window is open. The new regime applies to everyone who does not choose.',
          'Allow TDS modification to exceed the calculated amount lets payroll deduct more TDS in a month than the calculation gives, when an employee asks for it.',
          'A confirmation asks you to tick that the settings are correct. Yes, Save & Release opens a new window; Yes, Update & Release saves the changes of a window that exists.',
        ],
      },
      {
        heading: 'Notifications and reminders',
        paragraphs: [
          'Notify employees on release and Notify employees on lock send an e-mail to every active employee when the window opens and when it locks.',
          'Enable e-mail reminder sends reminders to employees who have not submitted yet, at 6:00 AM in your organisation\'s time zone on the day each reminder is due: 0 to 10 days before the lock date. Two reminders are created for you, 5 days and 1 day before the lock date; you can keep up to 4. Unticking Enable e-mail reminder turns every reminder off.',
          'Reminders are sent from the primary contact chosen in Settings > Preferences > Sender Email Preferences. The subject and body can use the placeholders %CompanyName%, %EmployeeName%, %FiscalYearStart%, %FiscalYearEnd%, %LockDate%, %PrimaryContactName% and %TaxYear%, which are filled in for each employee.',
        ],
      },
      {
        heading: 'Locking',
        paragraphs: [
          'Lock closes the window at once. Otherwise it locks by itself after the lock date. Once locked, employees can no longer submit or change declarations. You can release it again with a new lock date.',
        ],
      },
    ],
  },
  poi: {
    title: 'Proof of Investment: release, lock and reminders',
    fileName: 'Tankha-POI-Help.pdf',
    sections: [
      {
        heading: 'What the proof window is',
        paragraphs: [
          'Towards the end of the financial year employees upload proofs (rent receipts, loan certificates, premium receipts and so on) for what they declared. Reviewers approve each item, and the approved amounts replace the declared ones in the TDS of the following payroll months.',
          'The window is released and locked by an Administrator or Moderator from Payroll > Lock / Unlock > Proofs.',
        ],
      },
      {
        heading: 'Releasing the window',
        paragraphs: [
          'Click Release Proof Of Investments, choose the lock date (from tomorrow to the last day of the current month) and the payroll month from which approved proofs are processed, and save after ticking the confirmation.',
          'Mandate investment proof attachments requires a document with every item. Mandate reviewer comments for partial approval requires a comment when a reviewer approves less than the declared amount.',
          'Allow TDS modification during payroll lets payroll change an employee\'s TDS in a run; when it is on, TDS can exceed the annual limit may also be allowed. Allow regime switch lets employees change their regime while the window is open.',
        ],
      },
      {
        heading: 'Notifications, reminders and locking',
        paragraphs: [
          'Release and lock notices, reminders (0 to 10 days before the lock date, at 6:00 AM, at most 4, to employees who have not submitted proofs) and the sender work as for the declaration window.',
          'Lock closes proof submission at once; otherwise it locks by itself after the lock date.',
        ],
      },
    ],
  },
};

const rendered = new Map<HelpDocumentKey, Promise<Buffer>>();

function render(key: HelpDocumentKey): Promise<Buffer> {
  const document = DOCUMENTS[key];
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: document.title, Author: 'Tankha', Creator: 'Tankha' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#1f2937').text(document.title);
  doc.moveDown(0.5).font('Helvetica').fontSize(10).fillColor('#6b7280').text('Tankha help');
  for (const section of document.sections) {
    doc.moveDown(1).font('Helvetica-Bold').fontSize(13).fillColor('#3b5bdb').text(section.heading);
    for (const paragraph of section.paragraphs) doc.moveDown(0.4).font('Helvetica').fontSize(11).fillColor('#1f2937').text(paragraph, { align: 'left', lineGap: 2 });
  }
  doc.end();
  return done;
}

/** The document's bytes (rendered once per process) and its file name. */
export async function helpDocument(key: HelpDocumentKey): Promise<{ fileName: string; bytes: Buffer }> {
  let bytes = rendered.get(key);
  if (!bytes) {
    bytes = render(key);
    rendered.set(key, bytes);
  }
  return { fileName: DOCUMENTS[key].fileName, bytes: await bytes };
}
