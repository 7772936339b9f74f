import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Alert, Button, Group, Stack, TextInput, graphQLErrorMessage, type InboxIntegrationFormProps } from '@lattice/ui-sdk';
import { createIntegrationMutation } from './graphql.js';

// erxes: packages/template.plugin.ui/source-integration/components/IntegrationForm.tsx. Brand, channel and
// account pickers are erxes inbox features Lattice does not have; the form asks for a name and the mailbox
// (kept in the integration's `doc`), and the inbox then shows the secret POST /receive needs, once.

/** Exposed as `./inboxIntegrationForm`: the inbox shows it when a user adds a "Mailhook" integration. */
export default function MailhookIntegrationForm({ kind, onCreated, onCancel }: InboxIntegrationFormProps) {
  const [name, setName] = useState('');
  const [mailbox, setMailbox] = useState('');
  const [problems, setProblems] = useState<{ name?: string; mailbox?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, { loading }] = useMutation(createIntegrationMutation, { refetchQueries: 'active' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = {
      ...(name.trim() === '' ? { name: 'Give the integration a name' } : {}),
      ...(/^[^\s@]+@[^\s@]+$/.test(mailbox.trim()) ? {} : { mailbox: 'An e-mail address, such as support@example.com' }),
    };
    setProblems(found);
    if (found.name || found.mailbox) return;
    try {
      const { data } = await create({ variables: { kind, name: name.trim(), data: { mailbox: mailbox.trim() } } });
      const integration = data?.integrationsCreateExternalIntegration;
      if (integration) onCreated(integration);
      else setFailure('The server did not return the new integration');
    } catch (error) {
      setFailure(graphQLErrorMessage(error));
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Mailhook integration">
      <Stack>
        {failure && (
          <Alert color="red" role="alert" title="The integration was not created">
            {failure}
          </Alert>
        )}
        <TextInput label="Name" value={name} error={problems.name} onChange={(event) => setName(event.currentTarget.value)} />
        <TextInput label="Mailbox" value={mailbox} error={problems.mailbox} onChange={(event) => setMailbox(event.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={loading}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
