import { useQuery } from '@apollo/client/react';
import { ConfirmModal, Message, Text, useMessages } from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
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
  const t = useMessages(catalogue);
  const { data } = useQuery(typeDocumentCountQuery, { variables: { typeId: type._id }, fetchPolicy: 'network-only' });
  const count = data?.documentsTotalCount;
  return (
    <ConfirmModal
      title={t('typeRemoval.title')}
      confirmLabel={t('typeRemoval.confirm')}
      busy={busy}
      failure={failure ? { title: t('typeRemoval.failed'), message: failure } : null}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Text>
        <Message catalogue={catalogue} id="typeRemoval.question" values={{ name: type.name ?? t('type.untitled') }} components={{ b: <b /> }} />
      </Text>
      <Text data-testid="type-removal-effect">{count == null ? t('typeRemoval.counting') : t('typeRemoval.effect', { count })}</Text>
    </ConfirmModal>
  );
}
