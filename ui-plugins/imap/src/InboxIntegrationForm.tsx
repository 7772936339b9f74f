import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Alert, Button, Group, Stack, graphQLErrorMessage, useMessages, type InboxIntegrationFormProps } from '@lattice/ui-sdk';
import { imapCatalogue } from './imap-catalogue.js';
import { createIntegrationMutation } from './graphql/create-integration-mutation.js';
import {
  emptyImapAccountForm,
  imapIntegrationInputOf,
  withTls,
  type ImapAccountField,
  type ImapAccountProblems,
} from './imap-account-form-values.js';
import { ImapAccountFields } from './components/ImapAccountFields.js';

/**
 * Exposed as `./inboxIntegrationForm`: creates an imap integration with its IMAP account, or one that receives
 * by webhook only (no mail server: the token comes back at once). The imap plugin logs in before it answers,
 * so a server that refuses shows here with its reason, and the values stay.
 */
export default function ImapIntegrationForm({ kind, onCreated, onCancel }: InboxIntegrationFormProps) {
  const t = useMessages(imapCatalogue);
  const [values, setValues] = useState(emptyImapAccountForm);
  const [problems, setProblems] = useState<ImapAccountProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The accounts list may be on the same page (the inbox's integrations page): refresh whatever is shown.
  const [create, { loading }] = useMutation(createIntegrationMutation, { refetchQueries: 'active' });

  function change(field: ImapAccountField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const result = imapIntegrationInputOf(values);
    if ('problems' in result) return setProblems(result.problems);
    setProblems({});
    try {
      const { data } = await create({ variables: { kind, ...result.input } });
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
        <ImapAccountFields
          values={values}
          problems={problems}
          onChange={change}
          onTlsChange={(tls) => setValues((current) => withTls(current, tls))}
          onSmtpTlsChange={(smtpTls) => setValues((current) => ({ ...current, smtpTls }))}
          onWebhookOnlyChange={(webhookOnly) => {
            setValues((current) => ({ ...current, webhookOnly }));
            setProblems({});
          }}
        />
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
