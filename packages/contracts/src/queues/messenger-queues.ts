import { z } from 'zod';
import { rpcQueue } from '../queue-contract.js';

/**
 * The website messenger's visitor side: the widgets service (`lattice widgets`) asks the messenger plugin over
 * the broker for everything a visitor does; it never reads the plugin's database nor imports the plugin.
 */

const objectIdText = z.string().regex(/^[0-9a-fA-F]{24}$/, 'must be a 24-character hexadecimal id');

/** The longest message a visitor may write, in characters. */
export const maxVisitorMessageLength = 4_000;
/** A visitor's attachments are at most this large unless the integration allows less (decoded bytes). */
export const maxVisitorAttachmentBytes = 10 * 1024 * 1024;
/** The visitor token is 32 random bytes, base64url: 43 characters. */
export const visitorTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'visitorToken is not a visitor token');

const visitorEmail = z.string().trim().toLowerCase().pipe(z.email({ error: 'email must be an e-mail address' }));

/** Where the widget is embedded (the host page's origin), as the widget frame reports it. */
const hostOrigin = z.string().max(300).nullish();

export const visitorAttachmentSchema = z.object({
  filename: z.string().trim().min(1).max(255),
  contentType: z.string().trim().min(1).max(255),
  /** The file's bytes, base64. */
  content: z.base64(),
});
export type VisitorAttachment = z.infer<typeof visitorAttachmentSchema>;

/** An integration's messenger settings as a visitor's widget sees them (defaults filled in). */
export const widgetSettingsSchema = z.object({
  integrationId: z.string(),
  brandName: z.string(),
  color: z.string(),
  greeting: z.string(),
  awayMessage: z.string(),
  /** Whether now is within the working hours (always, when none are set). */
  online: z.boolean(),
  requireEmail: z.boolean(),
  /** URL path prefixes of the host site the launcher shows on; empty: every page. */
  pages: z.array(z.string()),
  /** Site origins that may embed the widget; empty: any. */
  allowedOrigins: z.array(z.string()),
  maxAttachmentBytes: z.number().int().nonnegative(),
});
export type WidgetSettings = z.infer<typeof widgetSettingsSchema>;

/** One message of a visitor's conversation as the widget shows it. */
export const widgetMessageSchema = z.object({
  _id: z.string(),
  /** `visitor`: written by the visitor; `agent`: a reply from the inbox. */
  from: z.enum(['visitor', 'agent']),
  body: z.string(),
  createdAt: z.string(),
  /** When the other side read it. */
  readAt: z.string().nullish(),
  attachments: z.array(z.object({ _id: z.string(), filename: z.string(), contentType: z.string(), size: z.number() })),
});
export type WidgetMessage = z.infer<typeof widgetMessageSchema>;

const visitorView = z.object({
  visitorId: z.string(),
  email: z.string().nullish(),
  messages: z.array(widgetMessageSchema),
});
export type VisitorView = z.infer<typeof visitorView>;

/** `messenger:widget.settings`: the integration's widget settings, or null when no messenger integration has that id. */
export const widgetSettingsQueue = rpcQueue('messenger:widget.settings', z.object({ integrationId: objectIdText }), widgetSettingsSchema.nullable());

/** `messenger:widget.conversation`: the visitor's conversation; null when the token is not a visitor of that integration. */
export const widgetConversationQueue = rpcQueue(
  'messenger:widget.conversation',
  z.object({ integrationId: objectIdText, visitorToken: visitorTokenSchema }),
  visitorView.nullable(),
);

export const widgetSendPayloadSchema = z.object({
  integrationId: objectIdText,
  /** Absent for a visitor's first message: the plugin then makes a visitor and answers its token. */
  visitorToken: visitorTokenSchema.nullish(),
  body: z.string().trim().max(maxVisitorMessageLength, `a message must be at most ${maxVisitorMessageLength} characters`),
  email: visitorEmail.nullish(),
  attachments: z.array(visitorAttachmentSchema).max(5).optional(),
  hostOrigin,
});
export type WidgetSendPayload = z.infer<typeof widgetSendPayloadSchema>;

/**
 * `messenger:widget.send`: files the visitor's message in the inbox (a new conversation or the visitor's open
 * one) and answers the message and the visitor's token. `refused` names what was wrong; nothing is stored then.
 */
export const widgetSendQueue = rpcQueue(
  'messenger:widget.send',
  widgetSendPayloadSchema,
  z.union([
    z.object({ visitorToken: z.string(), visitorId: z.string(), message: widgetMessageSchema }),
    z.object({ refused: z.enum(['NOT_FOUND', 'UNAUTHENTICATED', 'BAD_USER_INPUT', 'FORBIDDEN']), reason: z.string() }),
  ]),
);

/** `messenger:widget.email`: the visitor leaves an e-mail (found or created in contacts); false for an unknown token. */
export const widgetEmailQueue = rpcQueue(
  'messenger:widget.email',
  z.object({ integrationId: objectIdText, visitorToken: visitorTokenSchema, email: visitorEmail }),
  z.boolean(),
);

/** `messenger:widget.typing`: the visitor is (or stopped) typing; agents viewing the conversation hear it. */
export const widgetTypingQueue = rpcQueue(
  'messenger:widget.typing',
  z.object({ integrationId: objectIdText, visitorToken: visitorTokenSchema, typing: z.boolean() }),
  z.boolean(),
);

/** `messenger:widget.read`: the visitor has seen the agents' messages up to now. */
export const widgetReadQueue = rpcQueue(
  'messenger:widget.read',
  z.object({ integrationId: objectIdText, visitorToken: visitorTokenSchema }),
  z.boolean(),
);

/** The pub/sub channel the messenger plugin tells the widgets services on (Redis across processes). */
export const visitorEventsChannel = 'messenger:visitorEvents';

/** What a visitor's open widget hears. */
export const visitorEventSchema = z.object({
  visitorId: z.string(),
  event: z.discriminatedUnion('type', [
    z.object({ type: z.literal('message'), message: widgetMessageSchema }),
    z.object({ type: z.literal('typing'), typing: z.boolean() }),
    z.object({ type: z.literal('read'), readAt: z.string() }),
  ]),
});
export type VisitorEvent = z.infer<typeof visitorEventSchema>;
