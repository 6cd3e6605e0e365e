import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PROOF_MSG, precheckProofFile } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { makeUser, mockFetch, ok, renderWithProviders } from '../../test/helpers';
import { PoiLandingPage } from './PoiLandingPage';

const status = (overrides: Record<string, unknown>) => ok({ status: 1, configId: null, lockDate: '2026-05-31', allowRegimeSwitch: false, isPOIFormSubmitted: false, financialYearStart: 2026, financialYearEnd: 2027, ...overrides });

function renderLanding(reply: Response) {
  mockFetch({ 'GET /POI/status': reply });
  const user = makeUser();
  setSessionUser(user);
  renderWithProviders(
    <MemoryRouter initialEntries={['/payroll/taxes/initialemployeePOI']}>
      <Routes>
        <Route path="/payroll/taxes/initialemployeePOI" element={<PoiLandingPage />} />
        <Route path="/payroll/taxes/employeePOI" element={<p>POI form</p>} />
        <Route path="/payroll/taxes/summaryPOI" element={<p>POI summary</p>} />
      </Routes>
    </MemoryRouter>,
    { user },
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('POI landing (payroll spec §2)', () => {
  it('open: the spec text and Submit Proofs to the form', async () => {
    renderLanding(status({}));
    expect(await screen.findByText(PROOF_MSG.open)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit Proofs' }));
    expect(await screen.findByText('POI form')).toBeInTheDocument();
  });
  it('locked: the spec text', async () => {
    renderLanding(status({ status: 0 }));
    expect(await screen.findByText(PROOF_MSG.locked)).toBeInTheDocument();
  });
  it('already submitted: straight to the summary', async () => {
    renderLanding(status({ isPOIFormSubmitted: true }));
    expect(await screen.findByText('POI summary')).toBeInTheDocument();
  });
});

describe('precheckProofFile (payroll spec §5: .pdf, .jpg, .jpeg, .png)', () => {
  it.each([
    [{ name: 'rent.PDF', size: 10 }, null],
    [{ name: 'scan.jpeg', size: 10 }, null],
    [{ name: 'notes.txt', size: 10 }, PROOF_MSG.badType],
    [{ name: 'empty.pdf', size: 0 }, PROOF_MSG.emptyFile],
    [{ name: 'big.png', size: 5_242_881 }, PROOF_MSG.tooLarge],
  ])('%o → %s', (file, message) => {
    expect(precheckProofFile(file)).toBe(message);
  });
});
