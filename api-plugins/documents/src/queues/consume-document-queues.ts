import { documentFindQueue, documentSendQueue } from '@lattice/contracts';
import type { MessageBroker } from '@lattice/broker';
import { consumeContract } from '@lattice/plugin-sdk';
import type { Logger } from 'pino';
import type { DocumentRecord } from '../graphql/loaders.js';
import { documentOrder } from '../models/document.js';
import type { DocumentsModels } from '../models/load-models.js';
import { serializeDocument } from './serialize-document.js';

/** SPEC.md "Queues consumed": `document:send` creates a document, `document:find` returns them all. */
export async function consumeDocumentQueues(broker: MessageBroker, models: DocumentsModels, debug: Logger) {
  await consumeContract(broker, documentSendQueue, async (payload) => {
    if (payload.typeId) await models.DocumentType.getType(payload.typeId);
    const created = await models.Document.create({
      ...payload,
      expiryDate: payload.expiryDate ? new Date(payload.expiryDate) : undefined,
      createdAt: new Date(),
    });
    debug.debug({ documentId: String(created._id) }, 'document created from document:send');
  });

  await consumeContract(broker, documentFindQueue, async () => {
    const documents = await models.Document.find({}).sort(documentOrder).lean<DocumentRecord[]>();
    return documents.map(serializeDocument);
  });
}
