import type { MessageBroker } from '@lattice/broker';
import { InputError, UnauthenticatedError } from '@lattice/plugin-sdk';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import type { MailhookModels } from './models.js';
import { incomingMessageSchema, receiveMessage } from './receive-message.js';
import { webhookTokenMatches } from './webhook-token.js';

// erxes: `init` in packages/template.plugin.api/source-integration/controller.ts: GET /login and POST /receive
// on the app the host hands in (SPEC.md "Integration plugin: HTTP controller").

export const tokenHeader = 'x-integration-token';

async function authenticate(models: MailhookModels, integrationId: string, token: string | undefined): Promise<void> {
  const integration = token ? await models.Integration.findOne({ inboxId: integrationId }).lean() : null;
  if (!integration || !token || !webhookTokenMatches(token, integration.webhookTokenHash)) {
    throw new UnauthenticatedError(`A valid ${tokenHeader} for the integration is required`);
  }
}

/**
 * GET /login answers `login` (a real channel puts its sign-in step here). POST /receive takes one message
 * (incomingMessageSchema) with the integration's secret in `x-integration-token` and answers
 * `Successfully receiving message`; a bad body is 400 with the reason, a wrong secret 401, and errors go to
 * the host's error handler (SPEC.md).
 */
export function registerRoutes(app: Express, models: MailhookModels, broker: MessageBroker): void {
  app.get('/login', (_req: Request, res: Response) => {
    res.type('text/plain').send('login');
  });

  app.post('/receive', express.json({ limit: '2mb' }), async (req: Request, res: Response, next: NextFunction) => {
    try {
      const body = incomingMessageSchema.safeParse(req.body);
      if (!body.success) throw new InputError(`The message is not usable: ${z.prettifyError(body.error)}`);
      await authenticate(models, body.data.integrationId, req.get(tokenHeader));
      await receiveMessage(models, broker, body.data);
      res.status(200).type('text/plain').send('Successfully receiving message');
    } catch (error) {
      next(error);
    }
  });
}
