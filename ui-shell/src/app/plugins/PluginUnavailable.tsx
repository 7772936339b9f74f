import { Alert, Button, Code, Stack, Text, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { remoteLoadErrorText } from './remote-load-errors.js';

interface PluginUnavailableProps {
  label: string;
  error: Error;
  onRetry: () => void;
}

export function PluginUnavailable({ label, error, onRetry }: PluginUnavailableProps) {
  const t = useMessages(shellCatalogue);
  return (
    <Alert color="orange" title={t('plugins.unavailable.title', { label })} role="alert" data-testid="plugin-unavailable">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('plugins.unavailable.text', { label })}</Text>
        <Code>{remoteLoadErrorText(error, t, label)}</Code>
        <Button size="xs" variant="light" color="orange" onClick={onRetry}>
          {t('plugins.unavailable.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
