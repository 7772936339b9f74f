import { IconChevronDown, IconChevronUp, IconSelector } from '../components/icons.js';
import { Group, Table, UnstyledButton } from '../components/mantine.js';
import type { SortDirection } from './list-url.js';

export interface SortableHeaderProps<Field extends string> {
  field: Field;
  /** The column's name, shown. */
  label: string;
  /** What the header's button does, e.g. "Sort by name": its accessible name, which includes the label. */
  sortLabel: string;
  sortField: Field | null;
  sortDirection: SortDirection | null;
  onSort: (field: Field) => void;
  /** Mantine's breakpoint from which the column shows (a phone leaves it out). */
  visibleFrom?: string;
}

/** A column header that sorts by its field; pressed again it turns the order round. */
export function SortableHeader<Field extends string>({ field, label, sortLabel, sortField, sortDirection, onSort, visibleFrom }: SortableHeaderProps<Field>) {
  const active = sortField === field;
  const Icon = !active ? IconSelector : sortDirection === 'desc' ? IconChevronDown : IconChevronUp;
  return (
    <Table.Th visibleFrom={visibleFrom} aria-sort={active ? (sortDirection === 'desc' ? 'descending' : 'ascending') : undefined}>
      <UnstyledButton onClick={() => onSort(field)} aria-label={sortLabel} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} stroke={1.8} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
