import { Center, Loader } from '@mantine/core';

export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center role="status" aria-label={label} mih={240} w="100%">
      <Loader />
    </Center>
  );
}
