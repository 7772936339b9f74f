import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Alert, Button, Group, Stack, TextInput, graphQLErrorMessage, useMessages, type InboxIntegrationFormProps } from '@lattice/ui-sdk';
import { createIntegrationMutation } from './graphql/messenger-operations.js';
import { messengerCatalogue } from './messenger-catalogue.js';

/**
 * Exposed as `./inboxIntegrationForm`: a messenger needs only a name; every setting has a default and is changed
 * afterwards in the settings list (the snippet to embed is shown there).
 */
export default function MessengerIntegrationForm({ kind, onCreated, onCancel }: InboxIntegrationFormProps) {
  const t = useMessages(messengerCatalogue);
  const [name, setName] = useState('');
  const [brandName, setBrandName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [create, { loading }] = useMutation(createIntegrationMutation, { refetchQueries: 'active' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!name.trim()) return setProblem(t('form.nameRequired'));
    setProblem(null);
    try {
      const { data } = await create({ variables: { kind, name: name.trim(), data: brandName.trim() ? { brandName: brandName.trim() } : {} } });
      const integration = data?.integrationsCreateExternalIntegration;
      if (integration) onCreated(integration);
      else setFailure(t('form.nothingReturned'));
    } catch (error) {
      setFailure(graphQLErrorMessage(error));
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('form.label')}>
      <Stack>
        {failure && (
          <Alert color="red" role="alert" title={t('form.failed')}>
            {failure}
          </Alert>
        )}
        <TextInput label={t('form.name')} value={name} onChange={(event) => setName(event.currentTarget.value)} error={problem} required />
        <TextInput label={t('settings.brandName')} value={brandName} onChange={(event) => setBrandName(event.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={loading}>
            {t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
