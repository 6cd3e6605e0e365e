import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM16_MSG, Role, type Form16Record, type Form16User } from '@tankha/contracts';
import { CurrentUserContext } from '../../app/current-user';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderRoutes, spyOnToasts } from '../../test/helpers';
import { UploadForm16Modal } from './UploadForm16Modal';
import { Form16ManagementPage } from './Form16ManagementPage';
import { EmployeeForm16Page } from './EmployeeForm16Page';

const EMPLOYEE = { id: '33333333-3333-4333-8333-333333333333', name: 'Aditi Agarwal' };
const TODAY = '2026-11-27';
const YEARS = ['2026-2027', '2025-2026', '2024-2025', '2023-2024', '2022-2023'];

function pdf(name: string, size: number, type = 'application/pdf'): File {
  const f = new File(['%PDF-1.4'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

function record(overrides: Partial<Form16Record> = {}): Form16Record {
  return { id: '44444444-4444-4444-8444-444444444444', employeeId: EMPLOYEE.id, formType: 1, formTypeName: 'Form 16A', financialYear: '2025-2026', dateCreated: '2026-06-10T06:30:00.000Z', fileSize: 2048, kind: 'uploaded', ...overrides };
}

function renderDialog(replies: Parameters<typeof mockFetch>[0] = {}) {
  const calls = mockFetch(replies);
  setSessionUser(makeUser());
  const onClose = vi.fn();
  renderRoutes([{ path: '/', element: <UploadForm16Modal employee={EMPLOYEE} years={YEARS} defaultYear="2025-2026" onClose={onClose} /> }], '/');
  return { calls, onClose };
}

const chooseType = async (label: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: 'Form Type' }));
  await userEvent.click(await screen.findByRole('option', { name: label }));
};
const choose = (file: File) => fireEvent.change(screen.getByLabelText('Form 16 PDF file'), { target: { files: [file] } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("'Upload Form 16' dialog (payroll spec §2, §5)", () => {
  it('shows the employee read-only, the hint, and asks for every field before sending anything', async () => {
    const { calls } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Upload Form 16' });
    expect(within(dialog).getByRole('textbox', { name: 'Employee' })).toHaveValue('Aditi Agarwal');
    expect(within(dialog).getByRole('textbox', { name: 'Employee' })).toHaveAttribute('readonly');
    expect(within(dialog).getByText(FORM16_MSG.fileHint)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FORM16_MSG.requiredFields);
    expect(within(dialog).getByText(FORM16_MSG.noFile)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it.each([
    ['a file that is not a PDF', pdf('form16.docx', 1000, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'), FORM16_MSG.onlyPdf],
    ['a PNG named .pdf with its own type', pdf('form16.pdf', 1000, 'image/png'), FORM16_MSG.onlyPdf],
    ['an empty PDF', pdf('empty.pdf', 0), FORM16_MSG.empty],
    ['a PDF over 5 MB', pdf('big.pdf', 5_242_881), FORM16_MSG.tooLarge],
  ])('refuses %s with the message and does not send it', async (_label, file, message) => {
    const { calls } = renderDialog();
    await chooseType('Form 16A');
    choose(file);
    expect(await screen.findByText(message)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    if (message === FORM16_MSG.tooLarge) expect(message).toContain('5MB');
  });

  it('accepts exactly 5 MB, sends the spec’s multipart fields, toasts and closes', async () => {
    const toasts = spyOnToasts();
    const { calls, onClose } = renderDialog({ 'POST /Form16/upload': jsonResponse(201, { statusCode: 201, message: FORM16_MSG.uploaded, data: record({ formType: 2, formTypeName: 'Form 16B' }) }) });
    await chooseType('Form 16B');
    choose(pdf('part-b.pdf', 5_242_880));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(toasts.messages()).toContain(FORM16_MSG.uploaded));
    const form = calls.find((c) => c.method === 'POST')?.init.body as FormData;
    expect([form.get('EmployeeId'), form.get('FormType'), form.get('FinancialYear'), (form.get('File') as File).name]).toEqual([EMPLOYEE.id, '2', '2025-2026', 'part-b.pdf']);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server’s refusal (a duplicate) and stays open', async () => {
    const duplicate = 'Form 16A already exists for this employee and financial year';
    const { onClose } = renderDialog({ 'POST /Form16/upload': jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message: duplicate }) });
    await chooseType('Form 16A');
    choose(pdf('a.pdf', 1000));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload Form 16' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(duplicate);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Form 16 management (payroll spec §2)', () => {
  const user = (overrides: Partial<Form16User> = {}): Form16User => ({ id: EMPLOYEE.id, firstName: 'Aditi', lastName: 'Agarwal', employeeNumber: 'NSP012', email: 'aditi@nilgiri.demo', forms: [], ...overrides });

  it('stat cards with the tick or warning, Part A and Part B counted apart, badges and counts, expand, merged only with both parts, the delete confirmation', async () => {
    const longName = user({ id: '55555555-5555-4555-8555-555555555555', firstName: 'Venkataramanan', lastName: 'Subramaniam', email: 'v@nilgiri.demo', forms: [record({ employeeId: '55555555-5555-4555-8555-555555555555' })] });
    const both = user({ forms: [record(), record({ id: '66666666-6666-4666-8666-666666666666', formType: 2, formTypeName: 'Form 16B' })] });
    const none = user({ id: '77777777-7777-4777-8777-777777777777', firstName: 'Rahul', lastName: 'Sharma', email: 'r@nilgiri.demo' });
    const calls = mockFetch({
      'GET /Form16/users': jsonResponse(200, { statusCode: 200, message: 'OK', data: [both, longName, none], totalRecords: 3 }),
      'GET /Form16/stats': ok({ financialYear: '2025-2026', totalEmployees: 3, totalForms: 3, completionRate: 67, pendingForms: 1, partAEmployees: 2, partBEmployees: 1 }),
      'GET /Form16/responsible-person': ok({ name: 'Meera Iyer', fatherName: 'Ramesh Iyer', designation: 'Finance Manager', place: 'Bengaluru' }),
      'DELETE /Form16/66666666-6666-4666-8666-666666666666': ok(null, FORM16_MSG.deleted),
    });
    const admin = makeUser({ roleId: Role.Administrator, accessableFeatures: [{ key: 'Form16' }] });
    setSessionUser(admin);
    renderRoutes(
      [
        {
          path: '/payroll/form16',
          element: (
            <CurrentUserContext value={admin}>
              <Form16ManagementPage today={TODAY} />
            </CurrentUserContext>
          ),
        },
      ],
      '/payroll/form16',
    );
    const table = await screen.findByRole('table', { name: "Employees' Form 16" });
    expect(within(screen.getByRole('region', { name: 'Pending Employees' })).getByLabelText('Some employees have no forms')).toBeInTheDocument();
    const completion = screen.getByRole('region', { name: 'Completion' });
    expect(within(completion).getByText('Part A: 2 of 3 · Part B: 1 of 3')).toBeInTheDocument();
    expect(within(completion).getByText('67% of employees have at least one form')).toBeInTheDocument();
    expect(screen.queryByText('Part B needs a signatory')).not.toBeInTheDocument();
    expect(within(table).getByText('Venkataramanan Subra…')).toBeInTheDocument();
    expect(within(table).getByText('(2 forms)')).toBeInTheDocument();
    expect(within(table).getByText('(1 form)')).toBeInTheDocument();
    expect(within(table).getByText('No forms')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download merged Form 16 of Aditi Agarwal' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download merged Form 16 of Venkataramanan/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show Form 16 documents of Aditi Agarwal' }));
    const docs = screen.getByRole('region', { name: 'Form 16 documents of Aditi Agarwal' });
    expect(within(docs).getByText('Form 16 Documents for 2025-2026')).toBeInTheDocument();
    expect(within(docs).getAllByText(/^Uploaded on /)).toHaveLength(2);
    await userEvent.click(within(docs).getByRole('button', { name: 'Delete Form 16B of Aditi Agarwal' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    expect(within(confirm).getByText(FORM16_MSG.confirmDelete)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/Form16/66666666-6666-4666-8666-666666666666')).toBe(true));
    expect(calls.find((c) => c.path === '/Form16/users')?.search).toContain('financialYear=2025-2026');
  }, 30_000);

  it('searches 300 ms after typing, only with 0 or at least 3 characters; shows the empty state', async () => {
    const calls = mockFetch({
      'GET /Form16/users': jsonResponse(200, { statusCode: 200, message: 'OK', data: [], totalRecords: 0 }),
      'GET /Form16/stats': ok({ financialYear: '2025-2026', totalEmployees: 0, totalForms: 0, completionRate: 0, pendingForms: 0, partAEmployees: 0, partBEmployees: 0 }),
      'GET /Form16/responsible-person': ok({ name: 'Meera Iyer', fatherName: 'Ramesh Iyer', designation: 'Finance Manager', place: 'Bengaluru' }),
    });
    const admin = makeUser({ accessableFeatures: [{ key: 'Form16' }] });
    setSessionUser(admin);
    renderRoutes([{ path: '/', element: <CurrentUserContext value={admin}><Form16ManagementPage today={TODAY} /></CurrentUserContext> }], '/');
    expect(await screen.findByText(FORM16_MSG.noEmployees)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Pending Employees' })).getByLabelText('All employees have their forms')).toBeInTheDocument();
    const searches = () => calls.filter((c) => c.path === '/Form16/users').map((c) => new URLSearchParams(c.search).get('searchText'));
    const box = screen.getByRole('textbox', { name: 'Search employees' });
    await userEvent.type(box, 'ad');
    await new Promise((r) => setTimeout(r, 450));
    expect(searches()).toEqual([null]);
    await userEvent.type(box, 'i');
    await waitFor(() => expect(searches()).toEqual([null, 'adi']));
  }, 30_000);
});

describe("'Generate Part B'", () => {
  it('generates Part B for everyone of the selected year and toasts the result; a refusal is toasted', async () => {
    const toasts = spyOnToasts();
    let refuse = false;
    const calls = mockFetch({
      'GET /Form16/users': jsonResponse(200, { statusCode: 200, message: 'OK', data: [], totalRecords: 0 }),
      'GET /Form16/stats': ok({ financialYear: '2026-2027', totalEmployees: 0, totalForms: 0, completionRate: 0, pendingForms: 0, partAEmployees: 0, partBEmployees: 0 }),
      'GET /Form16/responsible-person': ok({ name: 'Meera Iyer', fatherName: 'Ramesh Iyer', designation: 'Finance Manager', place: 'Bengaluru' }),
      'POST /Form16/part-b/generate': () =>
        refuse
          ? jsonResponse(400, { statusCode: 400, errorCode: 'VALIDATION_ERROR', message: FORM16_MSG.partBNoPayrollAll })
          : jsonResponse(200, { statusCode: 200, message: FORM16_MSG.partBGeneratedAll(12, 1), data: { financialYear: '2026-2027', employees: 13, generated: 12, replaced: 0, keptUploaded: 1 } }),
    });
    const admin = makeUser({ roleId: Role.Administrator, accessableFeatures: [{ key: 'Form16' }] });
    setSessionUser(admin);
    renderRoutes([{ path: '/', element: <CurrentUserContext value={admin}><Form16ManagementPage today={TODAY} /></CurrentUserContext> }], '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Part B' }));
    await waitFor(() => expect(toasts.messages()).toContain(FORM16_MSG.partBGeneratedAll(12, 1)));
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/Form16/part-b/generate');
    expect(JSON.parse(String(sent?.init.body))).toEqual({ financialYear: '2025-2026' });
    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'Generate Part B' }));
    await waitFor(() => expect(toasts.messages()).toContain(FORM16_MSG.partBNoPayrollAll));
  }, 30_000);
});

describe('the person responsible for deducting tax', () => {
  it('until set: a warning naming the missing fields; the form checks each field and saves', async () => {
    let saved: Record<string, unknown> | null = null;
    const calls = mockFetch({
      'GET /Form16/users': jsonResponse(200, { statusCode: 200, message: 'OK', data: [], totalRecords: 0 }),
      'GET /Form16/stats': ok({ financialYear: '2025-2026', totalEmployees: 0, totalForms: 0, completionRate: 0, pendingForms: 0, partAEmployees: 0, partBEmployees: 0 }),
      'GET /Form16/responsible-person': () =>
        ok(saved ?? { name: null, fatherName: null, designation: null, place: null }),
      'PUT /Form16/responsible-person': (call) => {
        saved = JSON.parse(String(call.init.body)) as Record<string, unknown>;
        return ok(saved, FORM16_MSG.responsiblePersonSaved);
      },
    });
    const toasts = spyOnToasts();
    const admin = makeUser({ roleId: Role.Administrator, accessableFeatures: [{ key: 'Form16' }] });
    setSessionUser(admin);
    renderRoutes([{ path: '/', element: <CurrentUserContext value={admin}><Form16ManagementPage today={TODAY} /></CurrentUserContext> }], '/');
    expect(await screen.findByText(FORM16_MSG.responsiblePersonMissing(['Full name', "Father's name", 'Designation', 'Place']))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set the person responsible' }));
    const dialog = await screen.findByRole('dialog', { name: 'Person responsible for deducting tax' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const message of [FORM16_MSG.responsibleNameRequired, FORM16_MSG.responsibleFatherNameRequired, FORM16_MSG.responsibleDesignationRequired, FORM16_MSG.responsiblePlaceRequired]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Full name' }), 'Meera Iyer');
    await userEvent.type(within(dialog).getByRole('textbox', { name: "Father's name" }), 'Ramesh Iyer');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Designation' }), 'Finance Manager');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Place' }), 'Bengaluru');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts.messages()).toContain(FORM16_MSG.responsiblePersonSaved));
    expect(saved).toEqual({ name: 'Meera Iyer', fatherName: 'Ramesh Iyer', designation: 'Finance Manager', place: 'Bengaluru' });
    await waitFor(() => expect(screen.queryByText('Part B needs a signatory')).not.toBeInTheDocument());
  }, 30_000);
});

describe("the employee's Form 16 page (payroll spec §2)", () => {
  it('years 2022-2023 up to the current one, newest first; the table and Quick Actions; About Form 16', async () => {
    const member = makeUser({ id: EMPLOYEE.id, roleId: Role.Member, accessableFeatures: [{ key: 'Form16' }] });
    mockFetch({ [`GET /Form16/employees/${EMPLOYEE.id}`]: ok([record()]) });
    setSessionUser(member);
    renderRoutes([{ path: '/', element: <CurrentUserContext value={member}><EmployeeForm16Page today={TODAY} /></CurrentUserContext> }], '/');
    const table = await screen.findByRole('table', { name: 'My Form 16 documents' });
    expect(within(table).getByText('Form 16A')).toBeInTheDocument();
    expect(within(table).getByText('10 Jun 2026')).toBeInTheDocument();
    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(actions).getByRole('button', { name: 'Download 16A' })).toBeEnabled();
    expect(within(actions).getByRole('button', { name: 'Download 16B' })).toBeDisabled();
    expect(within(actions).getByRole('button', { name: 'Download Merged' })).toBeDisabled();
    expect(screen.getByText('About Form 16')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Financial Year' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(YEARS);
  });

  it('shows the empty state', async () => {
    const member = makeUser({ id: EMPLOYEE.id, roleId: Role.Member, accessableFeatures: [{ key: 'Form16' }] });
    mockFetch({ [`GET /Form16/employees/${EMPLOYEE.id}`]: ok([]) });
    setSessionUser(member);
    renderRoutes([{ path: '/', element: <CurrentUserContext value={member}><EmployeeForm16Page today={TODAY} /></CurrentUserContext> }], '/');
    expect(await screen.findByText(FORM16_MSG.noForms)).toBeInTheDocument();
  });
});
