export { plainQueue, rpcQueue, type PlainQueueContract, type RPCQueueContract } from './queue-contract.js';
export {
  documentFindQueue,
  documentRecordSchema,
  documentSendPayloadSchema,
  documentSendQueue,
  type DocumentRecord,
  type DocumentSendPayload,
} from './queues/document-queues.js';
