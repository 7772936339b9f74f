import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Alert, Button, Group, Modal, Stack, TextInput, graphQLErrorMessage } from '@lattice/ui-sdk';
import { addTypeMutation, editTypeMutation, refetchPage } from '../graphql/document-mutations.js';
import type { DocumentType } from '../graphql/documents-page-query.js';

export function TypeFormModal({ type, onClose }: { type: DocumentType | null; onClose: () => void }) {
  const [name, setName] = useState(type?.name ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [add, adding] = useMutation(addTypeMutation, refetchPage);
  const [edit, editing] = useMutation(editTypeMutation, refetchPage);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setFailure('Name is required');
    try {
      if (type) await edit({ variables: { _id: type._id, name: name.trim() } });
      else await add({ variables: { name: name.trim() } });
      onClose();
    } catch (error) {
      setFailure(graphQLErrorMessage(error));
    }
  }

  return (
    <Modal opened onClose={onClose} title={type ? 'Rename type' : 'Add type'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert" title="Not saved">
              {failure}
            </Alert>
          )}
          <TextInput label="Type name" required data-autofocus value={name} onChange={(event) => setName(event.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={adding.loading || editing.loading}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
