import { type Collection, type CommandFailedEvent, type CommandStartedEvent, type CommandSucceededEvent, type Db, type Document, MongoClient } from 'mongodb';
import { mismatch } from './unified-match.js';

/**
 * A runner for the CRUD tests of the unified test format (mongodb/specifications): entities (clients
 * that observe command events, databases, collections), initial data, operations through the official
 * driver, expected results and errors, expected command events, and the collections' outcome.
 */
export interface UnifiedFile {
  description: string;
  runOnRequirements?: Requirement[];
  createEntities?: Document[];
  initialData?: Array<{ collectionName: string; databaseName: string; documents: Document[]; createOptions?: Document }>;
  tests: UnifiedTest[];
}
export interface UnifiedTest {
  description: string;
  runOnRequirements?: Requirement[];
  skipReason?: string;
  operations: Operation[];
  expectEvents?: Array<{ client: string; eventType?: string; events: Document[]; ignoreExtraEvents?: boolean }>;
  outcome?: Array<{ collectionName: string; databaseName: string; documents: Document[] }>;
}
interface Requirement { minServerVersion?: string; maxServerVersion?: string; topologies?: string[]; serverless?: string; auth?: boolean; csfle?: unknown }
interface Operation { name: string; object: string; arguments?: Document; expectResult?: unknown; expectError?: Document; saveResultAsEntity?: string }

function versionCompare(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Whether a single server of this version meets one of the requirements (none: always). */
export function runsOn(requirements: Requirement[] | undefined, version: string): boolean {
  if (!requirements) return true;
  return requirements.some(
    (r) =>
      (!r.minServerVersion || versionCompare(version, r.minServerVersion) >= 0) &&
      (!r.maxServerVersion || versionCompare(version, r.maxServerVersion) <= 0) &&
      (!r.topologies || r.topologies.includes('single')) &&
      r.serverless !== 'required' &&
      r.auth !== true &&
      !r.csfle,
  );
}

type Observed = CommandStartedEvent | CommandSucceededEvent | CommandFailedEvent;
interface ClientEntity { client: MongoClient; events: Array<{ type: string; event: Observed }>; observe: string[]; ignore: string[] }

/**
 * Connections a run shares: one client for set-up and outcome checks, and each file's entity clients,
 * kept for that file's tests (their events are cleared before each test), closed by `close()`.
 */
export class UnifiedSession {
  private setupClient?: MongoClient;
  private readonly entityClients = new Map<string, ClientEntity>();
  constructor(readonly uri: string) {}

  async setup(): Promise<MongoClient> {
    this.setupClient ??= await MongoClient.connect(this.uri);
    return this.setupClient;
  }

  async client(file: UnifiedFile, spec: Document): Promise<ClientEntity> {
    const key = `${file.description}/${String(spec.id)}`;
    const known = this.entityClients.get(key);
    if (known) return known;
    const client = new MongoClient(this.uri, { monitorCommands: true, ...(spec.uriOptions as Document | undefined) });
    const record: ClientEntity = { client, events: [], observe: (spec.observeEvents as string[]) ?? [], ignore: (spec.ignoreCommandMonitoringEvents as string[]) ?? [] };
    for (const type of ['commandStarted', 'commandSucceeded', 'commandFailed'] as const) {
      client.on(type, (event: Observed) => {
        if (record.observe.includes(`${type}Event`) && !record.ignore.includes(event.commandName) && event.commandName !== 'configureFailPoint') record.events.push({ type: `${type}Event`, event });
      });
    }
    await client.connect();
    this.entityClients.set(key, record);
    return record;
  }

  async close(): Promise<void> {
    for (const record of this.entityClients.values()) await record.client.close();
    await this.setupClient?.close();
  }
}

export async function runUnifiedTest(session: UnifiedSession, file: UnifiedFile, test: UnifiedTest): Promise<void> {
  const clients = new Map<string, ClientEntity>();
  const databases = new Map<string, Db>();
  const collections = new Map<string, Collection>();
  const setup = await session.setup();
  {
    for (const data of file.initialData ?? []) {
      const db = setup.db(data.databaseName);
      await db.collection(data.collectionName).drop().catch(() => undefined);
      await db.createCollection(data.collectionName, data.createOptions ?? {});
      if (data.documents.length > 0) await db.collection(data.collectionName).insertMany(data.documents.map((d) => ({ ...d })));
    }
    for (const entity of file.createEntities ?? []) {
      if (entity.client) {
        const spec = entity.client as Document;
        clients.set(spec.id as string, await session.client(file, spec));
      } else if (entity.database) {
        const spec = entity.database as Document;
        databases.set(spec.id as string, (clients.get(spec.client as string) as ClientEntity).client.db(spec.databaseName as string, spec.databaseOptions as Document | undefined));
      } else if (entity.collection) {
        const spec = entity.collection as Document;
        collections.set(spec.id as string, (databases.get(spec.database as string) as Db).collection(spec.collectionName as string, spec.collectionOptions as Document | undefined));
      }
    }
    for (const client of clients.values()) client.events.length = 0;
    let failPointSet = false;
    try {
      for (const operation of test.operations) {
        if (operation.name === 'failPoint') failPointSet = true;
        await runOperation(operation, { databases, collections, setup });
      }
    } finally {
      if (failPointSet) await setup.db('admin').command({ configureFailPoint: 'failCommand', mode: 'off' });
    }
    for (const expected of test.expectEvents ?? []) {
      const entity = clients.get(expected.client) as ClientEntity;
      if ((expected.eventType ?? 'command') !== 'command') continue;
      const actual = entity.events;
      if (expected.ignoreExtraEvents ? actual.length < expected.events.length : actual.length !== expected.events.length) {
        throw new Error(`expected ${expected.events.length} events, got ${actual.length}: ${actual.map((e) => `${e.type}:${e.event.commandName}`).join(', ')}`);
      }
      expected.events.forEach((want, i) => {
        const [type, spec] = Object.entries(want)[0] as [string, Document];
        const got = actual[i] as { type: string; event: Observed };
        if (got.type !== type) throw new Error(`event ${i}: expected ${type}, got ${got.type} (${got.event.commandName})`);
        if (spec.commandName !== undefined && spec.commandName !== got.event.commandName) throw new Error(`event ${i}: expected ${String(spec.commandName)}, got ${got.event.commandName}`);
        if (spec.databaseName !== undefined && spec.databaseName !== (got.event as CommandStartedEvent).databaseName) throw new Error(`event ${i}: database ${String(spec.databaseName)}`);
        const diff =
          (spec.command !== undefined ? mismatch(spec.command, (got.event as CommandStartedEvent).command, 'command') : undefined) ??
          (spec.reply !== undefined ? mismatch(spec.reply, (got.event as CommandSucceededEvent).reply, 'reply') : undefined);
        if (diff) throw new Error(`event ${i} (${got.event.commandName}): ${diff}`);
      });
    }
    for (const outcome of test.outcome ?? []) {
      const docs = await setup.db(outcome.databaseName).collection(outcome.collectionName).find({}, { sort: { _id: 1 } }).toArray();
      const diff = mismatch(outcome.documents, docs, `outcome ${outcome.collectionName}`, true);
      if (diff) throw new Error(diff);
    }
  }
}

interface Entities { databases: Map<string, Db>; collections: Map<string, Collection>; setup: MongoClient }

async function runOperation(operation: Operation, entities: Entities): Promise<void> {
  let result: unknown;
  let error: (Error & { code?: number; codeName?: string; errorResponse?: Document }) | undefined;
  try {
    result = await invoke(operation, entities);
  } catch (caught) {
    error = caught as typeof error;
  }
  if (operation.expectError) {
    if (!error) throw new Error(`${operation.name}: expected an error, got ${JSON.stringify(result)}`);
    const want = operation.expectError;
    const isClient = !('code' in error) && !/Mongo(Server|Bulk|WriteConcern)Error/.test(error.name);
    if (want.isClientError === true && !isClient) throw new Error(`${operation.name}: expected a client error, got ${error.name}: ${error.message}`);
    if (want.isClientError === false && isClient) throw new Error(`${operation.name}: expected a server error, got ${error.name}: ${error.message}`);
    if (typeof want.errorContains === 'string' && !error.message.toLowerCase().includes(want.errorContains.toLowerCase())) throw new Error(`${operation.name}: error '${error.message}' lacks '${want.errorContains}'`);
    if (want.errorCode !== undefined && error.code !== want.errorCode) throw new Error(`${operation.name}: expected code ${String(want.errorCode)}, got ${String(error.code)} (${error.message})`);
    if (want.errorCodeName !== undefined && error.codeName !== want.errorCodeName) throw new Error(`${operation.name}: expected ${String(want.errorCodeName)}, got ${String(error.codeName)} (${error.message})`);
    return;
  }
  if (error) throw new Error(`${operation.name} failed: ${error.name}: ${error.message}`);
  if (operation.expectResult !== undefined) {
    const diff = mismatch(operation.expectResult, result, operation.name);
    if (diff) throw new Error(diff);
  }
}

function options(args: Document, ...taken: string[]): Document {
  const out: Document = {};
  for (const [key, value] of Object.entries(args)) if (!taken.includes(key) && key !== 'session') out[key] = value;
  if (typeof out.returnDocument === 'string') out.returnDocument = out.returnDocument.toLowerCase();
  return out;
}

async function invoke(operation: Operation, { databases, collections, setup }: Entities): Promise<unknown> {
  const args = operation.arguments ?? {};
  const collection = collections.get(operation.object);
  const db = databases.get(operation.object);
  // The fail point is set through the runner's own client; the test's client meets it on its next command.
  if (operation.name === 'failPoint') return setup.db('admin').command(args.failPoint as Document);
  if (db) {
    switch (operation.name) {
      case 'aggregate': return db.aggregate(args.pipeline as Document[], options(args, 'pipeline')).toArray();
      case 'createCollection': return db.createCollection(args.collection as string, options(args, 'collection'));
      case 'dropCollection': return db.dropCollection(args.collection as string, options(args, 'collection'));
      case 'modifyCollection': return db.command({ collMod: args.collection, ...options(args, 'collection') });
      case 'runCommand': return db.command(args.command as Document);
      default: throw new Error(`database operation ${operation.name} is not in the runner`);
    }
  }
  if (!collection) throw new Error(`operation ${operation.name} on ${operation.object}: no such entity in the runner`);
  switch (operation.name) {
    case 'aggregate': return collection.aggregate(args.pipeline as Document[], options(args, 'pipeline')).toArray();
    case 'bulkWrite': return collection.bulkWrite(args.requests as never, options(args, 'requests'));
    case 'countDocuments': return collection.countDocuments(args.filter as Document, options(args, 'filter'));
    case 'count': return (collection as unknown as { count(f: Document, o: Document): Promise<number> }).count(args.filter as Document, options(args, 'filter'));
    case 'estimatedDocumentCount': return collection.estimatedDocumentCount(options(args));
    case 'distinct': return collection.distinct(args.fieldName as string, args.filter as Document, options(args, 'fieldName', 'filter'));
    case 'find': return collection.find(args.filter as Document, options(args, 'filter')).toArray();
    case 'findOne': return collection.findOne(args.filter as Document, options(args, 'filter'));
    case 'insertOne': return collection.insertOne(args.document as Document, options(args, 'document'));
    case 'insertMany': return collection.insertMany(args.documents as Document[], options(args, 'documents'));
    case 'updateOne': return collection.updateOne(args.filter as Document, args.update as Document, options(args, 'filter', 'update'));
    case 'updateMany': return collection.updateMany(args.filter as Document, args.update as Document, options(args, 'filter', 'update'));
    case 'replaceOne': return collection.replaceOne(args.filter as Document, args.replacement as Document, options(args, 'filter', 'replacement'));
    case 'deleteOne': return collection.deleteOne(args.filter as Document, options(args, 'filter'));
    case 'deleteMany': return collection.deleteMany(args.filter as Document, options(args, 'filter'));
    case 'findOneAndUpdate': return collection.findOneAndUpdate(args.filter as Document, args.update as Document, options(args, 'filter', 'update'));
    case 'findOneAndReplace': return collection.findOneAndReplace(args.filter as Document, args.replacement as Document, options(args, 'filter', 'replacement'));
    case 'findOneAndDelete': return collection.findOneAndDelete(args.filter as Document, options(args, 'filter'));
    case 'createIndex': return collection.createIndex(args.keys as Document, options(args, 'keys'));
    default: throw new Error(`collection operation ${operation.name} is not in the runner`);
  }
}
