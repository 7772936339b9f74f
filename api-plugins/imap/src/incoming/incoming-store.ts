import { createInsertBatcher, type InsertRecord } from '@lattice/plugin-sdk';
import DataLoader from 'dataloader';
import { LRUCache } from 'lru-cache';
import type { mongo } from 'mongoose';
import type { ImapModels } from '../models/load-models.js';
import type { CustomerFields } from '../models/customer.js';
import type { MessageFields } from '../models/message.js';
import type { CustomerRecord, MessageRecord } from '../models/records.js';
import { neighbourFilter, pickNeighbours, type StoredNeighbour, type StoredNeighbours } from './stored-neighbours.js';
import type { IncomingMessage } from './incoming-message.js';
import { MessageClaims } from './message-claims.js';
import { createFiledMarker, type MarkFiled } from './filed-marker.js';

interface NeighbourQuery {
  inboxIntegrationId: string;
  message: IncomingMessage;
}

/** Local customers kept in memory: a sender writes again and again, and a customer record never changes. */
const rememberedCustomers = 10_000;

// Requests that arrive in one poll of the sockets run in separate callbacks; they still share a round trip.
const batchScheduleFn = (dispatch: () => void) => setImmediate(dispatch);

function customerKey(inboxIntegrationId: string, email: string): string {
  return `${inboxIntegrationId}\n${email}`;
}

/**
 * The database side of the incoming-message flow. Concurrent deliveries share their round trips: the
 * thread lookups of one turn of the event loop are one query, the local-customer lookups another, and the
 * inserts of customers and messages one `insertMany` each, the marks of filed messages one bulk write.
 * Rules 1–5 stay per message (receive-message.ts).
 */
export class IncomingStore {
  readonly insertMessage: InsertRecord<MessageFields>;
  readonly insertCustomer: InsertRecord<CustomerFields>;
  readonly claims: MessageClaims;
  private readonly neighbours: DataLoader<NeighbourQuery, StoredNeighbours>;
  private readonly customers: DataLoader<string, CustomerRecord | null>;
  private readonly markFiledBatch: MarkFiled;

  constructor(private readonly models: ImapModels) {
    this.insertMessage = createInsertBatcher(models.Message);
    this.insertCustomer = createInsertBatcher(models.Customer);
    this.claims = new MessageClaims(models);
    this.markFiledBatch = createFiledMarker(models.Message);
    this.neighbours = new DataLoader((queries) => this.loadNeighbours(queries), { cache: false, batchScheduleFn });
    this.customers = new DataLoader((keys) => this.loadCustomers(keys), {
      cacheMap: new LRUCache<string, Promise<CustomerRecord | null>>({ max: rememberedCustomers }),
      batchScheduleFn,
    });
  }

  /** Whether the message is stored: a duplicate key on insert may come from another unique index than its own. */
  async isStored(inboxIntegrationId: string, messageId: string): Promise<boolean> {
    return Boolean(await this.models.Message.exists({ messageId, inboxIntegrationId }));
  }

  /** The stored message, while the inbox has not filed it yet; null when it is filed or not stored. */
  findUnfiled(inboxIntegrationId: string, messageId: string): Promise<MessageRecord | null> {
    return this.models.Message.findOne({ messageId, inboxIntegrationId, unfiledSince: { $exists: true } }).lean<MessageRecord>().exec();
  }

  /** Messages waiting since before `before` to be filed, the oldest first. */
  listUnfiled(before: Date, limit: number): Promise<MessageRecord[]> {
    return this.models.Message.find({ unfiledSince: { $lte: before } })
      .sort({ unfiledSince: 1 })
      .limit(limit)
      .lean<MessageRecord[]>()
      .exec();
  }

  /** A message the sweep could not file waits another grace period, behind those waiting longer. */
  async postponeUnfiled(messageId: unknown): Promise<void> {
    await this.models.Message.updateOne({ _id: messageId, unfiledSince: { $exists: true } }, { $set: { unfiledSince: new Date() } }).exec();
  }

  /**
   * Once the inbox filed the message: into the conversation it answered (the one the message names, unless an
   * inbox from before stored-first filing chose another). False when another delivery marked it first.
   */
  markFiled(messageId: unknown, inboxConversationId: string): Promise<boolean> {
    return this.markFiledBatch({ messageId: messageId as mongo.ObjectId, inboxConversationId });
  }

  findNeighbours(inboxIntegrationId: string, message: IncomingMessage): Promise<StoredNeighbours> {
    return this.neighbours.load({ inboxIntegrationId, message });
  }

  async findCustomer(inboxIntegrationId: string, email: string): Promise<CustomerRecord | null> {
    const key = customerKey(inboxIntegrationId, email);
    const found = await this.customers.load(key);
    // Only customers that exist are remembered: the next delivery from an unknown sender looks again.
    if (!found) this.customers.clear(key);
    return found;
  }

  rememberCustomer(customer: CustomerRecord): void {
    this.customers.clear(customerKey(customer.inboxIntegrationId, customer.email)).prime(customerKey(customer.inboxIntegrationId, customer.email), customer);
  }

  /** After an integration's customers were removed. */
  forgetCustomers(): void {
    this.customers.clearAll();
  }

  private async loadNeighbours(queries: readonly NeighbourQuery[]): Promise<StoredNeighbours[]> {
    const filters = queries.map(({ inboxIntegrationId, message }) => neighbourFilter(inboxIntegrationId, message));
    const stored = await this.models.Message.find(
      { $or: filters.flatMap((filter) => filter.$or) },
      { messageId: 1, inboxConversationId: 1, inboxIntegrationId: 1, references: 1, createdAt: 1 },
    )
      .sort({ createdAt: 1, _id: 1 })
      .lean<StoredNeighbour[]>();
    return queries.map(({ inboxIntegrationId, message }) => pickNeighbours(stored, inboxIntegrationId, message));
  }

  private async loadCustomers(keys: readonly string[]): Promise<Array<CustomerRecord | null>> {
    const wanted = keys.map((key) => {
      const [inboxIntegrationId, email] = key.split('\n') as [string, string];
      return { inboxIntegrationId, email };
    });
    const found = await this.models.Customer.find({ $or: wanted }).lean<CustomerRecord[]>();
    const byKey = new Map(found.map((customer) => [customerKey(customer.inboxIntegrationId, customer.email), customer]));
    return keys.map((key) => byKey.get(key) ?? null);
  }
}
