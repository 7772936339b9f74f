import type { MessageBroker } from '@lattice/broker';
import { InputError, UnauthenticatedError } from '@lattice/plugin-sdk';
import express, { type ErrorRequestHandler, type Express, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { MessageInProgressError } from '../incoming/message-claims.js';
import { jsonReceiveBodySchema, type IncomingMessage } from '../incoming/incoming-message.js';
import { parseRfc822 } from '../incoming/parse-rfc822.js';
import { receiveMessage } from '../incoming/receive-message.js';
import type { ImapRuntime } from '../runtime.js';
import type { IntegrationCache } from './integration-cache.js';
import { webhookTokenMatches } from './webhook-token.js';

export const tokenHeader = 'x-integration-token';
/** How long a sender should wait before delivering a message again that another delivery is storing. */
const retryAfterSeconds = 5;

/** The integration named by the request, if the request carries its token; 401 otherwise. */
async function authenticate(cache: IntegrationCache, req: Request): Promise<string> {
  const fromBody = typeof req.body === 'object' && req.body !== null && !Buffer.isBuffer(req.body) ? (req.body as { integrationId?: unknown }).integrationId : undefined;
  const integrationId = typeof fromBody === 'string' ? fromBody : req.query.integrationId;
  const token = req.get(tokenHeader);
  // Built only when refused: an error captures a stack, and every accepted message would pay for it.
  const refused = () => new UnauthenticatedError(`A valid ${tokenHeader} for the integration is required`);
  if (typeof integrationId !== 'string' || !token) throw refused();
  const webhookTokenHash = await cache.tokenHash(integrationId);
  if (!webhookTokenHash || !webhookTokenMatches(token, webhookTokenHash)) throw refused();
  return integrationId;
}

async function readMessage(req: Request): Promise<IncomingMessage> {
  if (Buffer.isBuffer(req.body)) return parseRfc822(req.body);
  if (req.is('application/json')) {
    const result = jsonReceiveBodySchema.safeParse(req.body);
    if (!result.success) throw new InputError(`The message is not usable: ${z.prettifyError(result.error)}`);
    return result.data;
  }
  throw new InputError('POST /receive takes application/json or message/rfc822');
}

/** The body parsers' 413 says which limit it passed and where it is set. */
function explainTooLarge(limitBytes: number): ErrorRequestHandler {
  return (error: unknown, _req, _res, next) => {
    if ((error as { type?: unknown }).type === 'entity.too.large') {
      const megabytes = Number((limitBytes / 1024 / 1024).toFixed(2));
      (error as Error).message = `The message is larger than ${megabytes} MB, the most POST /receive takes (IMAP_RECEIVE_LIMIT_MB)`;
    }
    next(error);
  };
}

/**
 * POST /receive (SPEC.md "HTTP controller", ARCHITECTURE.md decision): a JSON message or a raw RFC 822 one
 * (then `?integrationId=` names the integration), with the integration's token in `x-integration-token`.
 * A body past the configured limit is answered 413 by the body parsers before it is parsed (from its
 * Content-Length when it has one, else as soon as that much arrived), so nothing is stored.
 */
export function registerReceiveRoute(app: Express, runtime: ImapRuntime, broker: MessageBroker): void {
  const limit = runtime.config.receiveLimitBytes;
  app.post(
    '/receive',
    express.json({ limit }),
    express.raw({ type: 'message/rfc822', limit }),
    explainTooLarge(limit),
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const integrationId = await authenticate(runtime.integrations, req);
        const message = await readMessage(req);
        await receiveMessage(runtime.incoming(), broker, integrationId, message, runtime.announceStored);
        res.status(200).type('text/plain').send('Successfully receiving message');
      } catch (error) {
        if (error instanceof MessageInProgressError) res.set('Retry-After', String(retryAfterSeconds));
        next(error);
      }
    },
  );

  app.get('/login', (_req, res) => {
    res.type('text/plain').send('login');
  });
}
