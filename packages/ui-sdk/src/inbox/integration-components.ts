import { createContext, type ComponentType } from 'react';

/**
 * The components an integration's UI plugin exposes for the inbox (SPEC.md "UI plugin configuration"),
 * named in its ui-plugin.config.json. The inbox finds them by the integration's `kind`.
 */
export type InboxIntegrationSlot = 'inboxIntegrationSettings' | 'inboxIntegrationForm' | 'inboxConversationDetail';

/** An internal note of the conversation, kept by the inbox: shown among the messages, never sent. */
export interface InboxNote {
  _id: string;
  content: string;
  createdAt: string | null;
  userId: string | null;
}

/** A reply of the kind's view to send again: the same idempotencyKey sends a failed reply once more, never twice. */
export interface InboxReplyRetry {
  content: string;
  idempotencyKey: string;
}

/**
 * `inboxConversationDetail`: the kind's own view of one conversation (its messages, as that channel keeps
 * them, outgoing replies marked), with the inbox's `notes` placed among them by time. `retryReply` sends a
 * failed reply again through the inbox; it rejects with the server's refusal.
 */
export interface InboxConversationDetailProps {
  conversationId: string;
  integrationId: string;
  notes?: InboxNote[];
  retryReply?: (retry: InboxReplyRetry) => Promise<void>;
}

/** What `integrationsCreateExternalIntegration` answered; `webhookToken` is only ever in this reply. */
export interface CreatedIntegration {
  _id: string;
  name?: string | null;
  kind?: string | null;
  webhookToken?: string | null;
}

/**
 * `inboxIntegrationForm`: collects the kind's settings and creates the integration with the inbox's
 * `integrationsCreateExternalIntegration(kind, name, data)`, showing the server's error when it fails.
 */
export interface InboxIntegrationFormProps {
  kind: string;
  onCreated: (integration: CreatedIntegration) => void;
  onCancel: () => void;
}

/** `inboxIntegrationSettings`: the kind's own account list and settings. */
export interface InboxIntegrationSettingsProps {
  kind: string;
}

export interface InboxIntegrationSlotProps {
  inboxIntegrationSettings: InboxIntegrationSettingsProps;
  inboxIntegrationForm: InboxIntegrationFormProps;
  inboxConversationDetail: InboxConversationDetailProps;
}

/** What the shell gives the inbox: which kinds offer which slots, and their components. */
export interface IntegrationComponents {
  /** Whether an enabled UI plugin offers that slot for that kind. */
  offers(kind: string, slot: InboxIntegrationSlot): boolean;
  /** The component of one slot for one kind; `fresh` loads it again after a failure (a retry). */
  load<Slot extends InboxIntegrationSlot>(kind: string, slot: Slot, fresh: boolean): Promise<ComponentType<InboxIntegrationSlotProps[Slot]>>;
}

/** Thrown (rejected) when no enabled UI plugin offers that slot for that kind. */
export class IntegrationComponentMissing extends Error {
  override readonly name = 'IntegrationComponentMissing';
  constructor(
    readonly kind: string,
    readonly slot: InboxIntegrationSlot,
  ) {
    super(`No enabled UI plugin offers ${slot} for integrations of kind "${kind}"`);
  }
}

// Shared as a Module Federation singleton with the rest of ui-sdk: the shell provides the loader, the
// inbox's remote reads it.
export const IntegrationComponentsContext = createContext<IntegrationComponents | null>(null);
