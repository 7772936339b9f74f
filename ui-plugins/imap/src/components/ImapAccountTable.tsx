import { Badge, Button, Skeleton, Table, Text, useMessages } from '@lattice/ui-sdk';
import { imapCatalogue } from '../imap-catalogue.js';
import { accountServer, type ImapAccount } from '../imap-accounts.js';

interface ImapAccountTableProps {
  /** null while the first load is running. */
  accounts: ImapAccount[] | null;
  onRemove: (account: ImapAccount) => void;
}

export function ImapAccountTable({ accounts, onRemove }: ImapAccountTableProps) {
  const t = useMessages(imapCatalogue);
  if (accounts && accounts.length === 0) {
    return (
      <Text c="dimmed" py="md" ta="center" data-testid="imap-accounts-empty">
        {t('accounts.empty')}
      </Text>
    );
  }
  return (
    <Table striped verticalSpacing="sm" aria-label={t('accounts.label')} aria-busy={!accounts}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('accounts.host')}</Table.Th>
          <Table.Th>{t('accounts.user')}</Table.Th>
          <Table.Th>{t('accounts.tls')}</Table.Th>
          <Table.Th>{t('accounts.status')}</Table.Th>
          <Table.Th aria-label={t('accounts.actions')} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {!accounts &&
          [0, 1].map((row) => (
            <Table.Tr key={row}>
              <Table.Td colSpan={5}>
                <Skeleton height={20} />
              </Table.Td>
            </Table.Tr>
          ))}
        {accounts?.map((account) => (
          <Table.Tr key={account._id} data-testid="imap-account-row">
            <Table.Td fw={500}>{account.webhookOnly ? t('accounts.webhookOnly') : accountServer(account)}</Table.Td>
            <Table.Td>{account.user ?? '—'}</Table.Td>
            <Table.Td>{account.host ? (account.tls === false ? t('accounts.tlsOff') : t('accounts.tlsOn')) : '—'}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={account.syncing ? 'green' : 'gray'} data-testid="imap-account-status">
                {account.syncing ? t('accounts.syncing') : t('accounts.notSyncing')}
              </Badge>
            </Table.Td>
            <Table.Td ta="right">
              <Button size="xs" variant="subtle" color="red" onClick={() => onRemove(account)}>
                {t('accounts.remove')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
