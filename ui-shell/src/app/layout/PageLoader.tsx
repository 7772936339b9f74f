import { Center, Loader, Stack, Text } from '@lattice/ui-sdk';

export function PageLoader({ label }: { label: string }) {
  return (
    <Center h={240}>
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
