import { Alert, Button, Group, Stack, Table, Text, useFormat, useMessages } from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
import type { DocumentType } from '../graphql/documents-page-query.js';
import { conflictingFields, expiryDayFormat, type ComparedField, type DocumentFormValues } from '../document-form-values.js';

interface EditConflictProps {
  /** The document as saved meanwhile by someone else, as form values. */
  saved: DocumentFormValues;
  /** What the user tried to save. */
  mine: DocumentFormValues;
  types: DocumentType[];
  busy: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/**
 * Shown when a save was refused with CONFLICT: the fields where the version saved meanwhile and the user's
 * differ, side by side, and the two ways on: keep mine (saved over theirs, knowingly) or take theirs.
 */
export function EditConflict({ saved, mine, types, busy, onKeepMine, onTakeTheirs }: EditConflictProps) {
  const t = useMessages(catalogue);
  const format = useFormat();
  const fields = conflictingFields(saved, mine);
  const label: Record<ComparedField, string> = {
    name: t('documentForm.name'),
    typeId: t('documentForm.type'),
    expiryDate: t('documentForm.expiryDate'),
    checked: t('documentForm.checked'),
  };
  const shown = (values: DocumentFormValues, field: ComparedField): string => {
    if (field === 'name') return values.name.trim();
    if (field === 'typeId') return values.typeId ? (types.find((type) => type._id === values.typeId)?.name ?? t('type.untitled')) : t('documentForm.noType');
    if (field === 'expiryDate') return values.expiryDate ? format.date(`${values.expiryDate}T00:00:00.000Z`, expiryDayFormat) : t('documentForm.noExpiry');
    return values.checked ? t('conflict.checkedYes') : t('conflict.checkedNo');
  };
  return (
    <Alert color="orange" role="alert" title={t('conflict.title')} data-testid="edit-conflict">
      <Stack gap="sm">
        <Text size="sm">{t('conflict.explain')}</Text>
        {fields.length > 0 ? (
          <Table data-testid="edit-conflict-fields">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('conflict.field')}</Table.Th>
                <Table.Th>{t('conflict.theirs')}</Table.Th>
                <Table.Th>{t('conflict.yours')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field) => (
                <Table.Tr key={field}>
                  <Table.Th scope="row">{label[field]}</Table.Th>
                  <Table.Td>{shown(saved, field)}</Table.Td>
                  <Table.Td>{shown(mine, field)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm">{t('conflict.sameValues')}</Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onTakeTheirs} disabled={busy}>
            {t('conflict.takeTheirs')}
          </Button>
          <Button onClick={onKeepMine} loading={busy}>
            {t('conflict.keepMine')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
