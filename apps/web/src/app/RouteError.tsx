import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusScreen } from '../ui/StatusScreen';
import { PATHS } from './paths';

/** A screen's code could not be loaded (platform §8: ChunkLoadError, CSS_CHUNK_LOAD_FAILED), e.g. after a deployment. */
function isChunkLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    error.message.includes('CSS_CHUNK_LOAD_FAILED') ||
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  );
}

/** The error screen: anything a page throws while rendering lands here instead of a blank page. */
export function RouteError({ error }: { error: unknown }) {
  const chunk = isChunkLoadFailure(error);
  return (
    <StatusScreen
      fullPage
      color="red"
      icon={<IconAlertTriangle size={32} />}
      title={chunk ? 'A new version is available' : 'Something went wrong'}
      actions={
        <Group justify="center">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button component={Link} to={PATHS.home} variant="default" reloadDocument>
            Go to Dashboard
          </Button>
        </Group>
      }
    >
      {chunk ? 'Part of Tankha could not be loaded. Reload the page to get the latest version.' : 'An unexpected error occurred on this page.'}
    </StatusScreen>
  );
}

interface RouteErrorBoundaryProps {
  /** The current path: a navigation elsewhere clears the error and renders the new page. */
  resetKey: string;
  children: ReactNode;
}
interface RouteErrorBoundaryState {
  failed: { error: unknown; resetKey: string } | null;
}

/** Catches what a route throws while rendering (the data router's errorElement, for the declarative router). */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { failed: null };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { failed: { error, resetKey: '' } };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState): Partial<RouteErrorBoundaryState> | null {
    if (!state.failed) return null;
    // The error was caught on the path of the render that threw; a later path renders afresh.
    if (state.failed.resetKey === '') return { failed: { ...state.failed, resetKey: props.resetKey } };
    return state.failed.resetKey === props.resetKey ? null : { failed: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.failed.error} /> : this.props.children;
  }
}
