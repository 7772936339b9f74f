import { IntegrationComponent, Modal, useMessages, type CreatedIntegration } from '@lattice/ui-sdk';
import { inboxCatalogue } from '../inbox-catalogue.js';
import type { IntegrationKind } from '../graphql/integration-queries.js';

interface AddIntegrationModalProps {
  kind: IntegrationKind;
  onCreated: (integration: CreatedIntegration) => void;
  onClose: () => void;
}

/** The kind's own form (its plugin's `inboxIntegrationForm`) in a dialog; it creates the integration itself. */
export function AddIntegrationModal({ kind, onCreated, onClose }: AddIntegrationModalProps) {
  const t = useMessages(inboxCatalogue);
  return (
    <Modal opened onClose={onClose} title={t('integrations.add', { kind: kind.label ?? kind.kind })} size="lg">
      <IntegrationComponent kind={kind.kind} slot="inboxIntegrationForm" props={{ kind: kind.kind, onCreated, onCancel: onClose }} />
    </Modal>
  );
}
