import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import {
  ActionIcon,
  Button,
  Group,
  IconPencil,
  IconPlus,
  IconTrash,
  Link,
  NavLink,
  Skeleton,
  Stack,
  Text,
  useConfirmation,
  useMessages,
  useNavigate,
} from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
import { refetchPage, removeTypeMutation, restoreTypeMutation } from '../graphql/document-mutations.js';
import type { DocumentType } from '../graphql/documents-page-query.js';
import { RemoveTypeModal } from './RemoveTypeModal.js';
import { TypeFormModal } from './TypeFormModal.js';
import type { RemovedMessage } from './UndoNotification.js';

interface TypeListProps {
  types: DocumentType[];
  activeTypeId: string | null;
  loading: boolean;
  /** Whether the user may add, rename and remove types (`documents:manageDocumentTypes`). */
  canManage: boolean;
  /** A type was removed: offer to put it back, on its documents too. */
  onRemoved: (message: RemovedMessage, undo: () => Promise<unknown>) => void;
}

/** The filter: each type is a link to `?type=<id>`; the URL is the state. */
export function TypeList({ types, activeTypeId, loading, canManage, onRemoved }: TypeListProps) {
  const t = useMessages(catalogue);
  const navigate = useNavigate();
  const nameOf = (type: DocumentType) => type.name ?? t('type.untitled');
  const [editing, setEditing] = useState<{ type: DocumentType | null } | null>(null);
  const [remove, removing] = useMutation(removeTypeMutation, refetchPage);
  const [restore] = useMutation(restoreTypeMutation, refetchPage);
  const removal = useConfirmation(async (type: DocumentType) => {
    const { data } = await remove({ variables: { _id: type._id } });
    if (activeTypeId === type._id) navigate('/documents/');
    const untyped = data?.documentTypesRemove?.documentsUntyped ?? 0;
    onRemoved({ id: 'typeRemoval.done', values: { name: nameOf(type), untyped } }, () => restore({ variables: { _id: type._id } }));
  });

  return (
    <Stack gap={4} aria-label={t('types.label')}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('types.heading')}</Text>
        {canManage && (
          <Button size="compact-xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setEditing({ type: null })}>
            {t('types.add')}
          </Button>
        )}
      </Group>
      {/* Plain links, marked current by hand: a router NavLink would mark every one (they share the path). */}
      <NavLink component={Link} to="/documents/" label={t('list.all')} active={!activeTypeId} aria-current={!activeTypeId ? 'page' : undefined} />
      {loading && [0, 1].map((row) => <Skeleton key={row} height={28} />)}
      {types.map((type) => (
        <Group key={type._id} gap={2} wrap="nowrap" data-testid="type-row">
          <NavLink
            component={Link}
            to={`/documents/?type=${encodeURIComponent(type._id)}`}
            label={nameOf(type)}
            active={activeTypeId === type._id}
            aria-current={activeTypeId === type._id ? 'page' : undefined}
          />
          {canManage && (
            <>
              <ActionIcon variant="subtle" aria-label={t('type.rename', { name: nameOf(type) })} onClick={() => setEditing({ type })}>
                <IconPencil size={16} stroke={1.6} aria-hidden />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={t('type.remove', { name: nameOf(type) })} onClick={() => removal.ask(type)}>
                <IconTrash size={16} stroke={1.6} aria-hidden />
              </ActionIcon>
            </>
          )}
        </Group>
      ))}
      {!loading && types.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('types.empty')}
        </Text>
      )}
      {editing && <TypeFormModal type={editing.type} onClose={() => setEditing(null)} />}
      {removal.target && (
        <RemoveTypeModal
          type={removal.target}
          busy={removing.loading}
          failure={removal.failure}
          onConfirm={removal.confirm}
          onClose={removal.cancel}
        />
      )}
    </Stack>
  );
}
