import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Alert, Button, Checkbox, Code, Group, Paper, Stack, Text, TextInput, Textarea, graphQLErrorMessage, useMessages } from '@lattice/ui-sdk';
import { integrationEditMutation } from '../graphql/messenger-operations.js';
import { messengerCatalogue } from '../messenger-catalogue.js';
import type { MessengerIntegrationSettings } from '../messenger-message.js';

const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

/** One messenger: the snippet to embed and its settings, saved with `messengerIntegrationEdit`. */
export function MessengerSettingsCard({ settings, widgetsUrl }: { settings: MessengerIntegrationSettings; widgetsUrl: string }) {
  const t = useMessages(messengerCatalogue);
  const [values, setValues] = useState({
    brandName: settings.brandName,
    color: settings.color,
    greeting: settings.greeting,
    awayMessage: settings.awayMessage,
    allowedOrigins: settings.allowedOrigins.join('\n'),
    pages: settings.pages.join('\n'),
    requireEmail: settings.requireEmail,
    maxAttachmentBytes: String(settings.maxAttachmentBytes),
  });
  // The version of the settings this form was filled from: a save over someone else's newer one is refused (CONFLICT).
  const [updatedAt, setUpdatedAt] = useState(settings.updatedAt ?? null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [save, { loading }] = useMutation(integrationEditMutation);
  const field = (name: 'brandName' | 'color' | 'greeting' | 'awayMessage') => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => setValues((current) => ({ ...current, [name]: event.currentTarget.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const { data } = await save({
        variables: {
          inboxId: settings.integrationId,
          updatedAt,
          data: {
            brandName: values.brandName,
            color: values.color,
            greeting: values.greeting,
            awayMessage: values.awayMessage,
            allowedOrigins: lines(values.allowedOrigins),
            pages: lines(values.pages),
            requireEmail: values.requireEmail,
            maxAttachmentBytes: Number(values.maxAttachmentBytes),
          },
        },
      });
      const saved = data?.messengerIntegrationEdit as Pick<MessengerIntegrationSettings, 'updatedAt'> | null | undefined;
      setUpdatedAt(saved?.updatedAt ?? null);
      setOutcome({ ok: true, text: t('settings.saved') });
    } catch (error) {
      setOutcome({ ok: false, text: graphQLErrorMessage(error) });
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-label={settings.brandName} data-testid="messenger-settings">
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm">{t('settings.intro')}</Text>
          <Code block data-testid="messenger-snippet">{`<script src="${widgetsUrl}/messenger.js" data-integration-id="${settings.integrationId}" async></script>`}</Code>
          <TextInput label={t('settings.brandName')} {...field('brandName')} />
          <TextInput label={t('settings.color')} {...field('color')} />
          <TextInput label={t('settings.greeting')} {...field('greeting')} />
          <TextInput label={t('settings.awayMessage')} {...field('awayMessage')} />
          <Textarea label={t('settings.allowedOrigins')} value={values.allowedOrigins} onChange={(event) => setValues({ ...values, allowedOrigins: event.currentTarget.value })} />
          <Textarea label={t('settings.pages')} value={values.pages} onChange={(event) => setValues({ ...values, pages: event.currentTarget.value })} />
          <TextInput
            label={t('settings.maxAttachmentBytes')}
            inputMode="numeric"
            value={values.maxAttachmentBytes}
            onChange={(event) => setValues({ ...values, maxAttachmentBytes: event.currentTarget.value })}
          />
          <Checkbox label={t('settings.requireEmail')} checked={values.requireEmail} onChange={(event) => setValues({ ...values, requireEmail: event.currentTarget.checked })} />
          {outcome && (
            <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'} title={outcome.ok ? undefined : t('settings.saveFailed')}>
              {outcome.text}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={loading}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
