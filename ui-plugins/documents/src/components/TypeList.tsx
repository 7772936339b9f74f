import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { ActionIcon, Button, Group, NavLink, RouterNavLink, Skeleton, Stack, Text, graphQLErrorMessage, useNavigate } from '@lattice/ui-sdk';
import { refetchPage, removeTypeMutation } from '../graphql/document-mutations.js';
import type { DocumentType } from '../graphql/documents-page-query.js';
import { TypeFormModal } from './TypeFormModal.js';

interface TypeListProps {
  types: DocumentType[];
  activeTypeId: string | null;
  loading: boolean;
  onError: (message: string) => void;
}

/** The filter: each type is a link to `?type=<id>`; the URL is the state. */
export function TypeList({ types, activeTypeId, loading, onError }: TypeListProps) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ type: DocumentType | null } | null>(null);
  const [remove] = useMutation(removeTypeMutation, refetchPage);

  async function removeType(type: DocumentType) {
    try {
      await remove({ variables: { _id: type._id } });
      if (activeTypeId === type._id) navigate('/documents/');
    } catch (error) {
      onError(graphQLErrorMessage(error));
    }
  }

  return (
    <Stack gap={4} aria-label="Document types">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Types</Text>
        <Button size="compact-xs" variant="light" onClick={() => setEditing({ type: null })}>
          Add type
        </Button>
      </Group>
      <NavLink component={RouterNavLink} to="/documents/" end label="All documents" active={!activeTypeId} />
      {loading && [0, 1].map((row) => <Skeleton key={row} height={28} />)}
      {types.map((type) => (
        <Group key={type._id} gap={2} wrap="nowrap" data-testid="type-row">
          <NavLink
            component={RouterNavLink}
            to={`/documents/?type=${encodeURIComponent(type._id)}`}
            label={type.name ?? 'Untitled type'}
            active={activeTypeId === type._id}
          />
          <ActionIcon variant="subtle" size="sm" aria-label={`Rename type ${type.name ?? ''}`} onClick={() => setEditing({ type })}>
            ✎
          </ActionIcon>
          <ActionIcon variant="subtle" size="sm" color="red" aria-label={`Remove type ${type.name ?? ''}`} onClick={() => removeType(type)}>
            ✕
          </ActionIcon>
        </Group>
      ))}
      {!loading && types.length === 0 && (
        <Text size="sm" c="dimmed">
          No types yet.
        </Text>
      )}
      {editing && <TypeFormModal type={editing.type} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
