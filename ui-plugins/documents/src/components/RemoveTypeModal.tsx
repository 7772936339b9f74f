import { useQuery } from '@apollo/client/react';
import { ConfirmModal, Text } from '@lattice/ui-sdk';
import { typeDocumentCountQuery, type DocumentType } from '../graphql/documents-page-query.js';

interface RemoveTypeModalProps {
  type: DocumentType;
  busy: boolean;
  failure: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before removing a type, saying how many documents will lose it (they stay, untyped). */
export function RemoveTypeModal({ type, busy, failure, onConfirm, onClose }: RemoveTypeModalProps) {
  const { data } = useQuery(typeDocumentCountQuery, { variables: { typeId: type._id }, fetchPolicy: 'network-only' });
  const count = data?.documentsTotalCount;
  return (
    <ConfirmModal
      title="Remove type"
      confirmLabel="Remove type"
      busy={busy}
      failure={failure ? { title: 'The type was not removed', message: failure } : null}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Text>
        Remove the type <b>{type.name ?? 'Untitled type'}</b>?
      </Text>
      <Text data-testid="type-removal-effect">
        {count == null
          ? 'Counting its documents…'
          : count === 0
            ? 'No document has this type.'
            : `${count} ${count === 1 ? 'document loses its type; it stays' : 'documents lose their type; they stay'}, untyped.`}
      </Text>
    </ConfirmModal>
  );
}
