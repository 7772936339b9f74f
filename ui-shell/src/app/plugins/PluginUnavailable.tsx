import { Alert, Button, Code, Stack, Text } from '@lattice/ui-sdk';

interface PluginUnavailableProps {
  label: string;
  error: Error;
  onRetry: () => void;
}

export function PluginUnavailable({ label, error, onRetry }: PluginUnavailableProps) {
  return (
    <Alert color="orange" title={`${label} is unavailable`} role="alert" data-testid="plugin-unavailable">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">The {label} plugin could not be loaded. The rest of Lattice keeps working.</Text>
        <Code>{error.message}</Code>
        <Button size="xs" variant="light" color="orange" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
