import { Center, Loader } from '@mantine/core';

/** A spinner in a box of at least `minHeight` (240 px unless the content it stands for is known to be taller). */
export function PageLoader({ label = 'Loading', minHeight = 240 }: { label?: string; minHeight?: number | string }) {
  return (
    <Center role="status" aria-label={label} mih={minHeight} w="100%">
      <Loader />
    </Center>
  );
}
