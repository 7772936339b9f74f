import { z } from 'zod';
import { MalformedMessageError, UnserialisablePayloadError } from './errors.js';
import type { ActingUser, MessageMeta, QueueName } from './message-broker.js';

/**
 * The wire format of ARCHITECTURE.md "Broker flows", shared by both implementations so that the
 * in-process broker changes payloads exactly as a JSON round trip through RabbitMQ would.
 */

const envelopeSchema = z.object({
  subdomain: z.string().optional(),
  actor: z.object({ userId: z.string(), permissions: z.array(z.string()) }).optional(),
  data: z.unknown().optional(),
});

const replySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), data: z.unknown().optional() }),
  z.object({ status: z.literal('error'), errorMessage: z.string() }),
]);

export type Reply = z.infer<typeof replySchema>;

export interface DecodedMessage {
  data: unknown;
  meta: MessageMeta;
}

// JSON.stringify silently drops functions and symbols; refusing them keeps a payload from losing fields unnoticed.
function refuseLossyValues(key: string, value: unknown): unknown {
  const kind = typeof value;
  if (kind === 'function' || kind === 'symbol') {
    throw new TypeError(`${kind} at ${key === '' ? 'the top level' : `key "${key}"`} is not JSON`);
  }
  return value;
}

function stringify(value: unknown): string {
  return JSON.stringify(value, refuseLossyValues);
}

export function encodeMessage(queue: QueueName, data: unknown, subdomain: string | undefined, actor?: ActingUser): string {
  try {
    return stringify({ ...(subdomain === undefined ? {} : { subdomain }), ...(actor ? { actor: { userId: actor.userId, permissions: actor.permissions } } : {}), data });
  } catch (error) {
    throw new UnserialisablePayloadError(queue, error instanceof Error ? error.message : String(error));
  }
}

function parseJson(queue: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new MalformedMessageError(queue, `body is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

export const REQUEST_ID_HEADER = 'x-request-id';

/** The body's envelope, plus the request id that travels beside it (a header, not part of the body). */
export function decodeMessage(queue: string, text: string, requestId?: unknown): DecodedMessage {
  const parsed = envelopeSchema.safeParse(parseJson(queue, text));
  if (!parsed.success) throw new MalformedMessageError(queue, `expected {subdomain?, data}: ${parsed.error.message}`);
  const { subdomain, actor, data } = parsed.data;
  const meta: MessageMeta = subdomain === undefined ? {} : { subdomain };
  if (actor) meta.actor = actor;
  if (typeof requestId === 'string' && requestId !== '') meta.requestId = requestId;
  return { data, meta };
}

export function requestIdHeaders(requestId: string | undefined): Record<string, string> | undefined {
  return requestId ? { [REQUEST_ID_HEADER]: requestId } : undefined;
}

/** Never throws: a reply that cannot be serialised becomes an error reply saying so. */
export function encodeReply(reply: Reply): string {
  try {
    return stringify(reply);
  } catch (error) {
    return stringify({
      status: 'error',
      errorMessage: `RPC handler returned a reply that is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

export function decodeReply(queue: string, text: string): Reply {
  const parsed = replySchema.safeParse(parseJson(queue, text));
  if (!parsed.success) throw new MalformedMessageError(queue, `expected a reply {status:'success', data} or {status:'error', errorMessage}: ${parsed.error.message}`);
  return parsed.data;
}

export function errorReply(error: unknown): Reply {
  return { status: 'error', errorMessage: error instanceof Error ? error.message : String(error) };
}
