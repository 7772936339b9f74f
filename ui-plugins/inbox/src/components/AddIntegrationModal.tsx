import { IntegrationComponent, Modal, type CreatedIntegration } from '@lattice/ui-sdk';
import type { IntegrationKind } from '../graphql/integration-queries.js';

interface AddIntegrationModalProps {
  kind: IntegrationKind;
  onCreated: (integration: CreatedIntegration) => void;
  onClose: () => void;
}

/** The kind's own form (its plugin's `inboxIntegrationForm`) in a dialog; it creates the integration itself. */
export function AddIntegrationModal({ kind, onCreated, onClose }: AddIntegrationModalProps) {
  return (
    <Modal opened onClose={onClose} title={`Add ${kind.label ?? kind.kind} integration`} size="lg">
      <IntegrationComponent kind={kind.kind} slot="inboxIntegrationForm" props={{ kind: kind.kind, onCreated, onCancel: onClose }} />
    </Modal>
  );
}
