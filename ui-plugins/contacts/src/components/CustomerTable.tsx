import { Anchor, Link, Skeleton, SortableHeader, Table, Text, useFormat, useMessages } from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
import { customerName } from '../customer-name.js';
import type { CustomerRow, SortDirection, SortField } from '../graphql/customers-page-query.js';

interface CustomerTableProps {
  /** null while the first load is running. */
  customers: CustomerRow[] | null;
  /** A search narrows the list: the empty state says so. */
  filtered: boolean;
  sortField: SortField | null;
  sortDirection: SortDirection | null;
  onSort: (field: SortField) => void;
}

// Long names and addresses wrap inside their cell, so a phone never scrolls sideways.
const wrapping = { overflowWrap: 'anywhere' } as const;

/** One row per customer: the name links to the customer's page. On a phone the date column is left out. */
export function CustomerTable({ customers, filtered, sortField, sortDirection, onSort }: CustomerTableProps) {
  const t = useMessages(catalogue);
  const format = useFormat();
  const header = { sortField, sortDirection, onSort };
  return (
    <Table aria-label={t('table.label')} highlightOnHover layout="fixed" verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <SortableHeader field="firstName" label={t('table.name')} sortLabel={t('table.sortByName')} {...header} />
          <SortableHeader field="primaryEmail" label={t('table.email')} sortLabel={t('table.sortByEmail')} {...header} />
          <SortableHeader field="createdAt" label={t('table.added')} sortLabel={t('table.sortByAdded')} visibleFrom="sm" {...header} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {customers === null &&
          [0, 1, 2].map((index) => (
            <Table.Tr key={index}>
              <Table.Td colSpan={3}>
                <Skeleton height={18} />
              </Table.Td>
            </Table.Tr>
          ))}
        {customers?.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={3}>
              <Text c="dimmed" size="sm" py="md" ta="center">
                {t(filtered ? 'table.empty.filtered' : 'table.empty')}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {customers?.map((customer) => {
          const named = Boolean(customer.firstName?.trim() || customer.lastName?.trim());
          return (
            <Table.Tr key={customer._id} data-testid="customer-row">
              <Table.Td style={wrapping}>
                <Anchor component={Link} to={`/contacts/${customer._id}`} fw={500}>
                  {named ? customerName(customer) : t('customer.unnamed')}
                </Anchor>
              </Table.Td>
              <Table.Td style={wrapping}>{customer.primaryEmail}</Table.Td>
              <Table.Td visibleFrom="sm">{customer.createdAt ? format.date(customer.createdAt) : ''}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
