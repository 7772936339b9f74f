import type { MessageBroker } from '@lattice/broker';
import { InputError, UnauthenticatedError } from '@lattice/plugin-sdk';
import express, { type Express, type Request } from 'express';
import { z } from 'zod';
import { jsonReceiveBodySchema, type IncomingMessage } from '../incoming/incoming-message.js';
import { parseRfc822 } from '../incoming/parse-rfc822.js';
import { receiveMessage } from '../incoming/receive-message.js';
import type { ImapRuntime } from '../runtime.js';
import type { IntegrationCache } from './integration-cache.js';
import { webhookTokenMatches } from './webhook-token.js';

export const tokenHeader = 'x-integration-token';
const bodyLimit = '50mb';

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

/**
 * POST /receive (SPEC.md "HTTP controller", ARCHITECTURE.md decision): a JSON message or a raw RFC 822 one
 * (then `?integrationId=` names the integration), with the integration's token in `x-integration-token`.
 */
export function registerReceiveRoute(app: Express, runtime: ImapRuntime, broker: MessageBroker): void {
  app.post(
    '/receive',
    express.json({ limit: bodyLimit }),
    express.raw({ type: 'message/rfc822', limit: bodyLimit }),
    async (req, res, next) => {
      try {
        const integrationId = await authenticate(runtime.integrations, req);
        const message = await readMessage(req);
        await receiveMessage(runtime.incoming(), broker, integrationId, message);
        res.status(200).type('text/plain').send('Successfully receiving message');
      } catch (error) {
        next(error);
      }
    },
  );

  app.get('/login', (_req, res) => {
    res.type('text/plain').send('login');
  });
}
