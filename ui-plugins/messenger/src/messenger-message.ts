/** One message of the messenger's conversation view, read from its JSON `mailData`. */
export interface MessengerMessage {
  body: string;
  outgoing: boolean;
  createdAt: string | null;
  readAt: string | null;
  attachments: Array<{ filename: string; size: number }>;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function messengerMessageOf(mailData: unknown): MessengerMessage {
  const data = (mailData && typeof mailData === 'object' ? mailData : {}) as Record<string, unknown>;
  const attachments = Array.isArray(data.attachments) ? data.attachments : [];
  return {
    body: text(data.body) ?? '',
    outgoing: data.direction === 'outgoing',
    createdAt: text(data.createdAt),
    readAt: text(data.readAt),
    attachments: attachments
      .filter((file): file is Record<string, unknown> => !!file && typeof file === 'object')
      .map((file) => ({ filename: text(file.filename) ?? '', size: typeof file.size === 'number' ? file.size : 0 })),
  };
}

/** The settings of one messenger integration as `messengerIntegrations` answers them. */
export interface MessengerIntegrationSettings {
  integrationId: string;
  brandName: string;
  color: string;
  greeting: string;
  awayMessage: string;
  requireEmail: boolean;
  allowedOrigins: string[];
  pages: string[];
  maxAttachmentBytes: number;
  /** When the settings last changed (null: before it was kept); sent back with an edit, which is refused if they changed since. */
  updatedAt?: string | null;
}

export function messengerIntegrationsOf(value: unknown): MessengerIntegrationSettings[] {
  return Array.isArray(value) ? (value.filter((entry) => entry && typeof entry === 'object' && typeof entry.integrationId === 'string') as MessengerIntegrationSettings[]) : [];
}
