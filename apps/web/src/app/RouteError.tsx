import { Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useRouteError } from 'react-router';
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

/** The router's error screen: anything a page throws while rendering lands here instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
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
