import type { IncomingMessage } from 'node:http';
import type { MessageBroker } from '@lattice/broker';
import {
  maxVisitorMessageLength,
  widgetConversationQueue,
  widgetEmailQueue,
  widgetReadQueue,
  widgetSendQueue,
  widgetTypingQueue,
  type WidgetSettings,
} from '@lattice/contracts';
import { callPluginRPC } from '@lattice/plugin-sdk';
import { z } from 'zod';
import { clientAddress, requestOrigin } from '../http/client-address.js';
import { readJsonBody } from '../http/read-json-body.js';
import { refuse } from '../http/refusal.js';
import type { VisitorLimits } from './rate-limits.js';
import { originAllowed, type SettingsCache } from './settings-cache.js';

/** Bodies without attachments are small; with them, the integration's allowance in base64 and some room. */
const smallBodyBytes = 16 * 1024;

const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'visitorToken is not a visitor token');
const email = z.string().trim().toLowerCase().pipe(z.email({ error: 'email must be an e-mail address' }));
const sendBody = z.object({
  integrationId: z.string(),
  visitorToken: token.nullish(),
  body: z.string().max(maxVisitorMessageLength, `A message may be at most ${maxVisitorMessageLength} characters`).default(''),
  email: email.nullish(),
  attachments: z
    .array(z.object({ filename: z.string().min(1).max(255), contentType: z.string().min(1).max(255), content: z.base64({ error: 'attachment content must be base64' }) }))
    .max(5, 'At most 5 attachments per message')
    .optional(),
  hostOrigin: z.string().max(300).nullish(),
});
const visitorBody = z.object({ integrationId: z.string(), visitorToken: token });

function parse<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw refuse('BAD_USER_INPUT', result.error.issues.map((issue) => issue.message).join('; '));
  return result.data;
}

export interface VisitorApiContext {
  broker: MessageBroker;
  settings: SettingsCache;
  limits: VisitorLimits;
  rpcTimeoutMs: number;
}

/** Where the request says the visitor is: the host page named by the widget frame (same origin as us), or the calling site itself. */
function hostOriginOf(request: IncomingMessage, claimed: string | null | undefined): string | null {
  const origin = request.headers.origin;
  if (!origin || origin === requestOrigin(request)) return claimed ?? null;
  return origin;
}

/** A browser request from a site the integration does not allow is refused before anything else. */
export function requireAllowedCaller(request: IncomingMessage, settings: WidgetSettings): void {
  const origin = request.headers.origin;
  if (origin && origin !== requestOrigin(request) && !originAllowed(settings, origin)) {
    throw refuse('FORBIDDEN', `The messenger is not enabled on ${origin}`);
  }
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch {
    throw refuse('PLUGIN_UNAVAILABLE', 'The messenger is unavailable right now; try again shortly');
  }
}

/** POST /api/<action>: each answers JSON or throws a WidgetRefusal. */
export async function handleVisitorApi(context: VisitorApiContext, action: string, request: IncomingMessage): Promise<unknown> {
  const { broker, settings: cache, limits, rpcTimeoutMs } = context;
  const address = clientAddress(request);
  await limits.requests.take(address);
  const options = { timeoutMs: rpcTimeoutMs };
  if (action === 'messages') {
    const integrationId = new URL(request.url ?? '/', 'http://x').searchParams.get('integrationId');
    const settings = await cache.require(integrationId);
    requireAllowedCaller(request, settings);
    const limit = smallBodyBytes + Math.ceil((settings.maxAttachmentBytes * 4) / 3) + 1_024;
    const raw = await readJsonBody(request, limit);
    const text = (raw as { body?: unknown } | null)?.body;
    if (typeof text === 'string' && text.length > maxVisitorMessageLength) throw refuse('PAYLOAD_TOO_LARGE', `A message may be at most ${maxVisitorMessageLength} characters`);
    const input = parse(sendBody, raw);
    if (input.integrationId !== settings.integrationId) throw refuse('BAD_USER_INPUT', 'integrationId differs from the one in the address');
    const hostOrigin = hostOriginOf(request, input.hostOrigin);
    if (!originAllowed(settings, hostOrigin)) throw refuse('FORBIDDEN', `The messenger is not enabled on ${hostOrigin ?? 'a page without an origin'}`);
    await limits.messages.take(input.visitorToken ?? `address:${address}`);
    const reply = await call(() => callPluginRPC(broker, widgetSendQueue, 'messenger', { ...input, hostOrigin }, options));
    if ('refused' in reply) throw refuse(reply.refused, reply.reason);
    return reply;
  }
  const input = await readJsonBody(request, smallBodyBytes);
  const { integrationId } = parse(z.object({ integrationId: z.string() }), input);
  const settings = await cache.require(integrationId);
  requireAllowedCaller(request, settings);
  switch (action) {
    case 'conversation': {
      const visitor = parse(visitorBody, input);
      const view = await call(() => callPluginRPC(broker, widgetConversationQueue, 'messenger', visitor, options));
      if (!view) throw refuse('UNAUTHENTICATED', 'This visitor token is not known here: start a new conversation');
      return view;
    }
    case 'email': {
      const request = parse(visitorBody.extend({ email }), input);
      await limits.messages.take(request.visitorToken);
      if (!(await call(() => callPluginRPC(broker, widgetEmailQueue, 'messenger', request, options)))) throw refuse('UNAUTHENTICATED', 'This visitor token is not known here');
      return { ok: true };
    }
    case 'typing': {
      const request = parse(visitorBody.extend({ typing: z.boolean() }), input);
      if (!(await call(() => callPluginRPC(broker, widgetTypingQueue, 'messenger', request, options)))) throw refuse('UNAUTHENTICATED', 'This visitor token is not known here');
      return { ok: true };
    }
    case 'read': {
      const request = parse(visitorBody, input);
      if (!(await call(() => callPluginRPC(broker, widgetReadQueue, 'messenger', request, options)))) throw refuse('UNAUTHENTICATED', 'This visitor token is not known here');
      return { ok: true };
    }
    default:
      throw refuse('NOT_FOUND', `No visitor API named ${action}`);
  }
}
