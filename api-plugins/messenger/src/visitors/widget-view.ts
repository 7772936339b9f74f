import type { WidgetMessage, WidgetSettings } from '@lattice/contracts';
import type { IntegrationRecord, MessageRecord } from '../models/load-models.js';
import { withinWorkingHours } from '../settings/messenger-settings.js';

export function widgetMessage(message: MessageRecord): WidgetMessage {
  return {
    _id: String(message._id),
    from: message.direction === 'incoming' ? 'visitor' : 'agent',
    body: message.body,
    createdAt: message.createdAt.toISOString(),
    readAt: message.readAt?.toISOString() ?? null,
    attachments: (message.attachments ?? []).map((file, index) => ({
      _id: `${String(message._id)}.${index}`,
      filename: file.filename,
      contentType: file.contentType,
      size: file.size,
    })),
  };
}

export function widgetSettings(integration: IntegrationRecord, at = new Date()): WidgetSettings {
  return {
    integrationId: integration.inboxId,
    brandName: integration.brandName,
    color: integration.color,
    greeting: integration.greeting,
    awayMessage: integration.awayMessage,
    online: withinWorkingHours(integration, at),
    requireEmail: integration.requireEmail,
    pages: integration.pages ?? [],
    allowedOrigins: integration.allowedOrigins ?? [],
    maxAttachmentBytes: integration.maxAttachmentBytes,
  };
}
