import { Badge, Button, Skeleton, Table, Text } from '@lattice/ui-sdk';
import { accountServer, type ImapAccount } from '../imap-accounts.js';

interface ImapAccountTableProps {
  /** null while the first load is running. */
  accounts: ImapAccount[] | null;
  onRemove: (account: ImapAccount) => void;
}

export function ImapAccountTable({ accounts, onRemove }: ImapAccountTableProps) {
  if (accounts && accounts.length === 0) {
    return (
      <Text c="dimmed" py="md" ta="center" data-testid="imap-accounts-empty">
        No IMAP accounts yet
      </Text>
    );
  }
  return (
    <Table striped verticalSpacing="sm" aria-label="IMAP accounts" aria-busy={!accounts}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Host</Table.Th>
          <Table.Th>User</Table.Th>
          <Table.Th>TLS</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th aria-label="Actions" />
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
            <Table.Td fw={500}>{accountServer(account)}</Table.Td>
            <Table.Td>{account.user ?? '—'}</Table.Td>
            <Table.Td>{account.host ? (account.tls === false ? 'No' : 'Yes') : '—'}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={account.syncing ? 'green' : 'gray'} data-testid="imap-account-status">
                {account.syncing ? 'Syncing' : 'Not syncing'}
              </Badge>
            </Table.Td>
            <Table.Td ta="right">
              <Button size="xs" variant="subtle" color="red" onClick={() => onRemove(account)}>
                Remove
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
