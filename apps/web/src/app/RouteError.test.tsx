import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import { renderWithProviders } from '../test/helpers';
import { RouteErrorBoundary } from './RouteError';

function Broken(): never {
  throw new Error('render failed');
}

const table: RouteObject[] = [
  { path: '/', element: <Link to="/broken">Open</Link> },
  { path: '/broken', element: <Broken /> },
  { path: '/chunk', element: <ChunkFailure /> },
  { path: '/fine', element: <p>A working page</p> },
];

function ChunkFailure(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/PayslipsPage-abc.js');
}

function Routes() {
  const element = useRoutes(table);
  const { pathname } = useLocation();
  return (
    <>
      <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>
      <Link to="/fine">Elsewhere</Link>
    </>
  );
}

function renderAt(path: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes />
    </MemoryRouter>,
  );
}

describe('RouteErrorBoundary', () => {
  it('shows the error screen instead of a blank page when a route throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/broken');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('says a new version is available when a screen chunk cannot be loaded', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/chunk');
    expect(screen.getByRole('heading', { name: 'A new version is available' })).toBeInTheDocument();
  });

  it('renders the next page after a navigation away from the failed one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/');
    await userEvent.click(screen.getByRole('link', { name: 'Open' }));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByText('A working page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});
