import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import {
  ActivityHistory,
  Alert,
  Anchor,
  Button,
  Group,
  Link,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  graphQLErrorCode,
  graphQLErrorMessage,
  useCan,
  useFormat,
  useMessages,
  usePageTitle,
  useParams,
} from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
import { CustomerConversations } from '../components/CustomerConversations.js';
import { CustomerDetailsForm } from '../components/CustomerDetailsForm.js';
import { MergeCustomerModal } from '../components/MergeCustomerModal.js';
import { customerName } from '../customer-name.js';
import { customerDetailQuery } from '../graphql/customer-queries.js';

/** /contacts/<id>: one customer: their conversations across integrations, their details (editable), their History. */
export function CustomerPage() {
  const t = useMessages(catalogue);
  const format = useFormat();
  const { customerId = '' } = useParams();
  const { data, error } = useQuery(customerDetailQuery, { variables: { _id: customerId }, fetchPolicy: 'cache-and-network' });
  const customer = data?.customerDetail ?? null;
  usePageTitle(customer ? customerName(customer) : t('page.title'));
  // The server refuses a merge anyway; the page only keeps from offering it to those who may not.
  const canMerge = useCan('contacts:mergeCustomers');
  const canEdit = useCan('contacts:manageCustomers');
  const [merging, setMerging] = useState(false);
  const [merged, setMerged] = useState<string | null>(null);
  const back = (
    <Anchor component={Link} to="/contacts/" size="sm">
      ← {t('customer.back')}
    </Anchor>
  );

  if (error && !customer) {
    const missing = ['NOT_FOUND', 'BAD_USER_INPUT'].includes(graphQLErrorCode(error) ?? '');
    return (
      <Stack>
        {back}
        <Alert color={missing ? 'yellow' : 'red'} role="alert" title={t('customer.loadFailed')}>
          {missing ? t('customer.notFound') : graphQLErrorMessage(error)}
        </Alert>
      </Stack>
    );
  }
  if (!customer) {
    return (
      <Stack>
        {back}
        <Skeleton height={36} width="40%" />
        <Skeleton height={120} />
      </Stack>
    );
  }

  return (
    <Stack miw={0} w="100%">
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} miw={0}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {customerName(customer) || t('customer.unnamed')}
          </Title>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {customer.primaryEmail}
          </Text>
          {customer.createdAt && (
            <Text size="xs" c="dimmed">
              {t('customer.added', { date: format.date(customer.createdAt) })}
            </Text>
          )}
        </Stack>
        {canMerge && (
          <Button variant="default" onClick={() => setMerging(true)}>
            {t('merge.button')}
          </Button>
        )}
      </Group>
      {merged && (
        <Alert color="green" role="status" withCloseButton onClose={() => setMerged(null)} data-testid="customer-merged">
          {t('merge.done', { other: merged })}
        </Alert>
      )}
      {/* A tab is read when opened: History in particular is seldom looked at. */}
      <Tabs defaultValue="conversations" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="conversations">{t('customer.tabs.conversations')}</Tabs.Tab>
          <Tabs.Tab value="details">{t('customer.tabs.details')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('customer.tabs.history')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="conversations" pt="md">
          <CustomerConversations customerId={customer._id} />
        </Tabs.Panel>
        <Tabs.Panel value="details" pt="md">
          {canEdit ? (
            // Keyed by the stored version: a merge (or a refetch after one) starts the form from what is stored now.
            <CustomerDetailsForm key={merged ?? 'form'} customer={customer} />
          ) : (
            <Stack gap={4}>
              {(customer.emails ?? []).map((email) => (
                <Text key={email} size="sm">
                  {email}
                </Text>
              ))}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <ActivityHistory contentType="contacts:customer" contentId={customer._id} />
        </Tabs.Panel>
      </Tabs>
      {merging && (
        <MergeCustomerModal
          keep={customer}
          onClose={() => setMerging(false)}
          onMerged={(other) => {
            setMerging(false);
            setMerged(other);
          }}
        />
      )}
    </Stack>
  );
}
