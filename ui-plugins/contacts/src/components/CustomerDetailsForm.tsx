import { useState, type FormEvent } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput, Textarea, graphQLErrorCode, graphQLErrorMessage, useMessages } from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
import { customerName } from '../customer-name.js';
import { editInputOf, formValuesOf } from '../customer-form-values.js';
import { customerDetailQuery, editCustomerMutation, type CustomerDetail } from '../graphql/customer-queries.js';

/**
 * The customer's details, editable. A save sends the `updatedAt` the form was filled from: when someone else
 * saved in between the server refuses it (CONFLICT), and the form shows their version and lets the user keep
 * theirs (save again over it) or take the other.
 */
export function CustomerDetailsForm({ customer }: { customer: CustomerDetail }) {
  const t = useMessages(catalogue);
  const client = useApolloClient();
  const [values, setValues] = useState(() => formValuesOf(customer));
  const [readUpdatedAt, setReadUpdatedAt] = useState(customer.updatedAt);
  const [failure, setFailure] = useState<string | null>(null);
  const [emailMissing, setEmailMissing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [theirs, setTheirs] = useState<CustomerDetail | null>(null);
  const [edit, editing] = useMutation(editCustomerMutation);

  async function save(updatedAt: string | null) {
    const result = editInputOf(values);
    setEmailMissing('missing' in result);
    setFailure(null);
    setSaved(false);
    if ('missing' in result) return;
    try {
      const { data } = await edit({ variables: { _id: customer._id, ...result.input, updatedAt } });
      const stored = data?.customersEdit;
      if (stored) {
        setReadUpdatedAt(stored.updatedAt);
        setValues(formValuesOf(stored));
      }
      setTheirs(null);
      setSaved(true);
    } catch (error) {
      if (graphQLErrorCode(error) !== 'CONFLICT') {
        setFailure(graphQLErrorMessage(error));
        return;
      }
      const latest = await client.query({ query: customerDetailQuery, variables: { _id: customer._id }, fetchPolicy: 'network-only' }).catch(() => null);
      const other = latest?.data?.customerDetail ?? null;
      if (other) setTheirs(other);
      else setFailure(graphQLErrorMessage(error));
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(readUpdatedAt);
  };
  const change = (field: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    setSaved(false);
    setValues({ ...values, [field]: event.currentTarget.value });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('customer.tabs.details')}>
      <Stack maw={560}>
        {failure && (
          <Alert color="red" role="alert" title={t('form.notSaved')}>
            {failure}
          </Alert>
        )}
        {theirs && (
          <Alert color="yellow" role="alert" title={t('conflict.title')} data-testid="customer-conflict">
            <Stack gap="xs">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('conflict.text', { theirs: [customerName(theirs), ...(theirs.emails ?? [])].filter(Boolean).join(', ') })}
              </Text>
              <Group gap="xs">
                <Button size="xs" onClick={() => void save(theirs.updatedAt)} loading={editing.loading}>
                  {t('conflict.keepMine')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => {
                    setValues(formValuesOf(theirs));
                    setReadUpdatedAt(theirs.updatedAt);
                    setTheirs(null);
                  }}
                >
                  {t('conflict.takeTheirs')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('form.firstName')} value={values.firstName} onChange={change('firstName')} />
          <TextInput label={t('form.lastName')} value={values.lastName} onChange={change('lastName')} />
        </SimpleGrid>
        <TextInput
          label={t('form.primaryEmail')}
          type="email"
          required
          value={values.primaryEmail}
          error={emailMissing ? t('form.primaryEmailRequired') : undefined}
          onChange={change('primaryEmail')}
        />
        <Textarea
          label={t('form.otherEmails')}
          description={t('form.otherEmails.description')}
          autosize
          minRows={2}
          value={values.otherEmails}
          onChange={change('otherEmails')}
        />
        <Group gap="sm">
          <Button type="submit" loading={editing.loading} disabled={Boolean(theirs)}>
            {t('form.save')}
          </Button>
          {saved && (
            <Text size="sm" role="status" data-testid="customer-saved">
              {t('form.saved')}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
