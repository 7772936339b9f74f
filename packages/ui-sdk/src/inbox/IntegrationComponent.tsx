import { useContext, useEffect, useState, type ComponentType } from 'react';
import { Alert, Button, Code, Loader, Stack, Text } from '../components/mantine.js';
import { RemoteBoundary } from '../components/RemoteBoundary.js';
import { sdkCatalogue } from '../i18n/sdk-catalogue.js';
import { useMessages } from '../i18n/use-messages.js';
import {
  IntegrationComponentsContext,
  type InboxIntegrationSlot,
  type InboxIntegrationSlotProps,
} from './integration-components.js';

interface IntegrationComponentProps<Slot extends InboxIntegrationSlot> {
  kind: string;
  slot: Slot;
  props: InboxIntegrationSlotProps[Slot];
}

interface Loaded {
  key: string;
  View?: ComponentType<never>;
  error?: Error;
}

/**
 * Renders the component an integration's UI plugin exposes for `slot`, loaded from that plugin's remote on
 * first use. A remote that cannot be loaded or throws shows an alert with a retry; the page around it stays.
 */
export function IntegrationComponent<Slot extends InboxIntegrationSlot>({ kind, slot, props }: IntegrationComponentProps<Slot>) {
  const components = useContext(IntegrationComponentsContext);
  const t = useMessages(sdkCatalogue);
  const [attempt, setAttempt] = useState(0);
  const key = `${kind}:${slot}:${attempt}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const current = loaded?.key === key ? loaded : null;
  useEffect(() => {
    if (current) return;
    if (!components) {
      setLoaded({ key, error: new Error('The shell provides no integration components (IntegrationComponentsContext)') });
      return;
    }
    let cancelled = false;
    components.load(kind, slot, attempt > 0).then(
      (View) => !cancelled && setLoaded({ key, View: View as ComponentType<never> }),
      (error: unknown) => !cancelled && setLoaded({ key, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      cancelled = true;
    };
  }, [components, kind, slot, attempt, key, current]);

  const retry = () => setAttempt((value) => value + 1);
  const unavailable = (error: Error) => <IntegrationComponentUnavailable kind={kind} error={error} onRetry={retry} />;
  if (current?.error) return unavailable(current.error);
  if (!current?.View) return <Loader size="sm" aria-label={t('integration.loading', { kind })} />;
  const View = current.View as ComponentType<InboxIntegrationSlotProps[Slot]>;
  return (
    <RemoteBoundary key={key} fallback={unavailable}>
      <View {...(props as InboxIntegrationSlotProps[Slot] & object)} />
    </RemoteBoundary>
  );
}

function IntegrationComponentUnavailable({ kind, error, onRetry }: { kind: string; error: Error; onRetry: () => void }) {
  const t = useMessages(sdkCatalogue);
  return (
    <Alert color="orange" title={t('integration.unavailable', { kind })} role="alert" data-testid="integration-component-unavailable">
      <Stack gap="sm" align="flex-start">
        <Code>{error.message}</Code>
        <Text size="sm">{t('integration.restWorks')}</Text>
        <Button size="xs" variant="light" color="orange" onClick={onRetry}>
          {t('integration.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
