import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Group,
  IconSearch,
  Modal,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  graphQLErrorMessage,
  useDebouncedValue,
  useMessages,
} from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
import { customerName } from '../customer-name.js';
import { mergeCandidatesQuery, mergeCustomersMutation, type CustomerDetail } from '../graphql/customer-queries.js';

interface MergeCustomerModalProps {
  /** The customer whose page this is: the one kept. */
  keep: CustomerDetail;
  onClose: () => void;
  /** The other customer was merged in (named as it was). */
  onMerged: (otherName: string) => void;
}

type Candidate = { _id: string; firstName: string | null; lastName: string | null; primaryEmail: string | null };

/** Finds the other customer by name or address, asks once more, and merges them into this one. */
export function MergeCustomerModal({ keep, onClose, onMerged }: MergeCustomerModalProps) {
  const t = useMessages(catalogue);
  const [typed, setTyped] = useState('');
  const [searchValue] = useDebouncedValue(typed.trim(), 300);
  const [chosen, setChosen] = useState<Candidate | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const candidates = useQuery(mergeCandidatesQuery, { variables: { searchValue }, skip: !searchValue, fetchPolicy: 'network-only' });
  const [merge, merging] = useMutation(mergeCustomersMutation, { refetchQueries: ['CustomerConversations', 'CustomersPage'] });
  const keepName = customerName(keep);
  const found = (candidates.data?.customers ?? []).filter((candidate): candidate is Candidate => candidate !== null && candidate._id !== keep._id);

  async function confirm() {
    if (!chosen) return;
    setFailure(null);
    try {
      await merge({ variables: { keepId: keep._id, mergeId: chosen._id } });
      onMerged(customerName(chosen));
    } catch (error) {
      setFailure(graphQLErrorMessage(error));
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('merge.title', { name: keepName })} size="lg">
      <Stack>
        <Text size="sm">{t('merge.explain', { name: keepName })}</Text>
        {failure && (
          <Alert color="red" role="alert" title={t('merge.failed')}>
            {failure}
          </Alert>
        )}
        {chosen ? (
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="merge-chosen">
            {t('merge.chosen', { other: `${customerName(chosen)} (${chosen.primaryEmail ?? ''})`, name: keepName })}
          </Text>
        ) : (
          <>
            <TextInput
              type="search"
              data-autofocus
              label={t('merge.search.label')}
              placeholder={t('merge.search.placeholder')}
              leftSection={<IconSearch size={16} stroke={1.6} aria-hidden />}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            {searchValue && candidates.data && found.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('merge.none')}
              </Text>
            )}
            {found.length > 0 && (
              <Stack gap={4} component="ul" aria-label={t('merge.candidates')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {found.map((candidate) => (
                  <li key={candidate._id}>
                    <UnstyledButton
                      onClick={() => setChosen(candidate)}
                      aria-label={t('merge.choose', { name: `${customerName(candidate)} (${candidate.primaryEmail ?? ''})` })}
                      p="xs"
                      w="100%"
                      style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-default-border)' }}
                      data-testid="merge-candidate"
                    >
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {customerName(candidate)}
                      </Text>
                      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                        {candidate.primaryEmail}
                      </Text>
                    </UnstyledButton>
                  </li>
                ))}
              </Stack>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={chosen ? () => setChosen(null) : onClose}>
            {t('merge.cancel')}
          </Button>
          <Button color="red" disabled={!chosen} loading={merging.loading} onClick={() => void confirm()}>
            {t('merge.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
