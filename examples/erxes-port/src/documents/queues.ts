import type { MessageBroker } from '@lattice/broker';
import { documentFindQueue, documentSendQueue } from '@lattice/contracts';
import { consumeContract } from '@lattice/plugin-sdk';
import { documentOrder, type DocumentsModels } from './models.js';

// erxes: packages/template.plugin.api/source-default/messageBroker.ts (`consumeRPCQueue`, `consumeQueue`).
// The payloads are the shared zod contracts of packages/contracts, so both ends check the same shape.

/** SPEC.md "Queues consumed": `document:send` creates a document, `document:find` answers them all. */
export async function consumeDocumentQueues(broker: MessageBroker, models: DocumentsModels): Promise<void> {
  await consumeContract(broker, documentSendQueue, async (payload) => {
    if (payload.typeId) await models.DocumentType.getType(payload.typeId);
    await models.Document.create({ ...payload, expiryDate: payload.expiryDate ? new Date(payload.expiryDate) : undefined, createdAt: new Date() });
  });
  await consumeContract(broker, documentFindQueue, async () => {
    const documents = await models.Document.find().sort(documentOrder).lean();
    return documents.map(({ _id, createdAt, expiryDate, ...rest }) => ({
      ...rest,
      _id: String(_id),
      createdAt: createdAt.toISOString(),
      ...(expiryDate ? { expiryDate: expiryDate.toISOString() } : {}),
    }));
  });
}
