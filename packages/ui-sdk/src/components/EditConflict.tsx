import { sdkCatalogue } from '../i18n/sdk-catalogue.js';
import { useMessages } from '../i18n/use-messages.js';
import { Alert, Button, Group, Stack, Table, Text } from './mantine.js';

/** One field where the version saved meanwhile and the user's differ, as the page shows its values. */
export interface ConflictingField {
  label: string;
  theirs: string;
  yours: string;
}

interface EditConflictProps {
  /** What was changed meanwhile, e.g. "Someone else changed this document". */
  title: string;
  /** The fields that differ (none: both versions hold the same values). */
  fields: ConflictingField[];
  /** Keeping mine is being saved: its button shows it and neither can be pressed. */
  busy: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/**
 * Shown when a save was refused with CONFLICT (the record changed since the user read it): the fields where
 * the version saved meanwhile and the user's differ, side by side, and the two ways on: keep mine (saved
 * over theirs, knowingly) or take theirs (mine is dropped).
 */
export function EditConflict({ title, fields, busy, onKeepMine, onTakeTheirs }: EditConflictProps) {
  const t = useMessages(sdkCatalogue);
  return (
    <Alert color="orange" role="alert" title={title} data-testid="edit-conflict">
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
                <Table.Tr key={field.label}>
                  <Table.Th scope="row">{field.label}</Table.Th>
                  <Table.Td>{field.theirs}</Table.Td>
                  <Table.Td>{field.yours}</Table.Td>
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
