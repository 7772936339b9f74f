import mongoose, { type Connection, type HydratedDocument, type Model, type Query, type Schema } from 'mongoose';
import type { ActivityRecorder } from './activity-recorder.js';
import { imageAfterUpdate } from './image-after-update.js';
import { fieldsTouchedBy, projectionOf } from './update-fields.js';

// Every plugin host's connection records its models' changes into the activity log. The hooks are one mongoose
// plugin for the whole process (a schema object is shared by every connection that compiles it, and mongoose
// applies a plugin to a schema once); which host a change belongs to is found from the model's connection.
//
// What a change costs is mostly reads: so an update reads before it only the fields it names, a
// `findOneAndUpdate` reads nothing (the database hands back the record as it was, and the record after a
// `$set`/`$unset` is computed from it), and the record after an update is read only when it cannot be computed.
const recorders = new WeakMap<Connection, ActivityRecorder>();

/** Records the changes made through this connection's models with this recorder, from now on. */
export function recordChangesOf(db: Connection, recorder: ActivityRecorder): void {
  recorders.set(db, recorder);
}

type Stored = Record<string, unknown> & { _id?: unknown };
/** Updates and removals of many records read at most this many first; a bigger one is recorded for these only. */
const mostRecordsRead = 100;

/** The recorder of a change made now through this model, if it is recorded (a plugin's model, a user's request). */
function recorderFor(model: Model<unknown>): ActivityRecorder | undefined {
  const recorder = recorders.get(model.db);
  return recorder?.records(model.modelName) && recorder.recording() ? recorder : undefined;
}

/**
 * How an update learns what it changed. `read`: the records were read before it. `result`: a findOneAnd… hands
 * back the record before the change. `flipped`: the caller asked for the record after, the hooks asked the
 * database for the one before and hand the caller the one after.
 */
type BeforePlan =
  | { kind: 'read'; records: Stored[]; fields: Set<string> | null }
  | { kind: 'result'; fields: Set<string> | null }
  | { kind: 'flipped'; fields: Set<string> | null };

interface ActivityQueryState {
  $latticeBefore?: BeforePlan;
}
type ActivityQuery = Query<unknown, unknown> & ActivityQueryState;
type ActivityDocument = HydratedDocument<unknown> & ActivityDocumentState;

const updates = ['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'findOneAndReplace'] as const;
const removals = ['deleteOne', 'deleteMany', 'findOneAndDelete'] as const;
type Op = (typeof updates)[number] | (typeof removals)[number];
const single = new Set<Op>(['updateOne', 'findOneAndUpdate', 'replaceOne', 'findOneAndReplace', 'deleteOne', 'findOneAndDelete']);
const returning = new Set<Op>(['findOneAndUpdate', 'findOneAndReplace', 'findOneAndDelete']);

interface QueryOptions {
  new?: boolean;
  returnDocument?: string;
  upsert?: boolean;
  includeResultMetadata?: boolean;
  rawResult?: boolean;
  sort?: unknown;
}

/** The operation a query runs (mongoose's types leave `op` out). */
const opOf = (query: ActivityQuery) => (query as unknown as { op: Op }).op;

function sameId(a: unknown, b: unknown): boolean {
  return String(a) === String(b);
}

const plainOf = (record: unknown): Stored =>
  typeof (record as HydratedDocument<unknown>).toObject === 'function' ? ((record as HydratedDocument<unknown>).toObject() as Stored) : (record as Stored);

const wantsAfter = (options: QueryOptions) => options.new === true || options.returnDocument === 'after';

/** Whether the record the database hands back is the whole record, as stored (no projection, population, metadata). */
function resultIsWholeRecord(query: ActivityQuery, options: QueryOptions): boolean {
  const projection = query.projection() as Record<string, unknown> | undefined;
  const populated = (query as unknown as { _mongooseOptions?: { populate?: unknown } })._mongooseOptions?.populate;
  return !options.includeResultMetadata && !options.rawResult && (!projection || Object.keys(projection).length === 0) && !populated;
}

/**
 * Whether the hooks may hand the caller another result: the query is lean (a plain record, nothing to hydrate)
 * and no other post hook would see the record before the change in its place.
 */
function mayReplaceResult(query: ActivityQuery, op: Op): boolean {
  if ((query as unknown as { _mongooseOptions?: { lean?: unknown } })._mongooseOptions?.lean !== true) return false;
  const posts = (query as unknown as { _queryMiddleware?: { _posts?: Map<string, Array<{ fn: unknown }>> } })._queryMiddleware?._posts?.get(op);
  return posts !== undefined && posts.every((hook) => hook.fn === afterUpdate);
}

/** Decides how the update will learn what it changed, reading first only when it must. */
async function beforeUpdate(this: ActivityQuery): Promise<void> {
  const model = this.model as Model<unknown>;
  if (!recorderFor(model)) return;
  const op = opOf(this);
  const options = this.getOptions() as QueryOptions;
  const fields = op === 'replaceOne' || op === 'findOneAndReplace' ? null : fieldsTouchedBy(this.getUpdate());
  // With an upsert, a findOneAnd… may hand back nothing for a record it created: read first.
  if (returning.has(op) && options.upsert !== true && resultIsWholeRecord(this, options)) {
    if (!wantsAfter(options)) {
      this.$latticeBefore = { kind: 'result', fields };
      return;
    }
    if (fields && mayReplaceResult(this, op)) {
      // `new` would win over `returnDocument` (and warns that it is deprecated).
      delete (this.getOptions() as QueryOptions).new;
      this.setOptions({ returnDocument: 'before' });
      this.$latticeBefore = { kind: 'flipped', fields };
      return;
    }
  }
  await readBefore.call(this, fields);
}

/** Reads the records the query is about to change: the fields it names (all for a replacement or a removal). */
async function readBefore(this: ActivityQuery, fields: Set<string> | null): Promise<void> {
  const op = opOf(this);
  const options = this.getOptions() as QueryOptions;
  const reading = this.model.find(this.getFilter(), fields ? projectionOf(fields) : undefined).limit(single.has(op) ? 1 : mostRecordsRead);
  if (returning.has(op) && options.sort) reading.sort(options.sort as Record<string, 1 | -1>);
  this.$latticeBefore = { kind: 'read', records: await reading.lean<Stored[]>(), fields };
}

/** The record after the update: computed from the one before when the update allows, read otherwise. */
async function recordAfter(query: ActivityQuery, before: Stored, fields: Set<string> | null, whole: boolean): Promise<Stored | null> {
  const computed = fields ? imageAfterUpdate(before, query.getUpdate()) : undefined;
  if (computed) return computed;
  const projection = whole || !fields ? undefined : projectionOf(fields);
  return query.model.findById(before._id, projection).lean<Stored>();
}

/** Compares what the query changed with what was there before. */
async function recordUpdate(this: ActivityQuery, result: unknown): Promise<void> {
  const model = this.model as Model<unknown>;
  const recorder = recorders.get(model.db);
  const plan = this.$latticeBefore;
  if (!recorder || !plan || plan.kind === 'flipped') return;
  const fields = plan.fields ?? undefined;
  if (plan.kind === 'result') {
    if (!result) return;
    const before = plainOf(result);
    recorder.recordChange(model.modelName, before._id, before, await recordAfter(this, before, plan.fields, false), fields);
    return;
  }
  const before = plan.records;
  const options = this.getOptions() as QueryOptions;
  const matched = (result as { matchedCount?: number } | null)?.matchedCount;
  let after: Stored[];
  if (returning.has(opOf(this)) && wantsAfter(options) && result && typeof result === 'object' && resultIsWholeRecord(this, options)) {
    after = [plainOf(result)];
  } else if (before.length > 0 && matched === before.length && plan.fields && before.every((record) => imageAfterUpdate(record, this.getUpdate()))) {
    after = before.map((record) => imageAfterUpdate(record, this.getUpdate())!);
  } else if (before.length > 0) {
    after = await model.find({ _id: { $in: before.map((record) => record._id) } }, plan.fields ? projectionOf(plan.fields) : undefined).lean<Stored[]>();
  } else {
    after = options.upsert === true ? await model.find(this.getFilter()).limit(mostRecordsRead).lean<Stored[]>() : [];
  }
  for (const record of after) {
    const old = before.find((candidate) => sameId(candidate._id, record._id)) ?? null;
    // A record created by an upsert: everything it holds is new.
    recorder.recordChange(model.modelName, record._id, old, record, old ? fields : undefined);
  }
}

/**
 * After an update. For a flipped query the record after is the caller's answer: failing to compute or read it
 * fails the query (the change stands, as with any failure after the write); recording it never does.
 */
async function afterUpdate(this: ActivityQuery, result: unknown): Promise<unknown> {
  const plan = this.$latticeBefore;
  if (plan?.kind !== 'flipped') {
    await safely(queryModel, recordUpdate).call(this, result);
    return undefined;
  }
  if (!result) return undefined;
  const before = result as Stored;
  const after = await recordAfter(this, before, plan.fields, true);
  try {
    recorders.get(this.model.db)?.recordChange(this.model.modelName, before._id, before, after, plan.fields ?? undefined);
  } catch (error) {
    recorders.get(this.model.db)?.failed(error);
  }
  return mongoose.overwriteMiddlewareResult(after);
}

async function beforeRemoval(this: ActivityQuery): Promise<void> {
  if (!recorderFor(this.model as Model<unknown>)) return;
  const op = opOf(this);
  if (op === 'findOneAndDelete' && resultIsWholeRecord(this, this.getOptions() as QueryOptions)) {
    this.$latticeBefore = { kind: 'result', fields: null };
    return;
  }
  await readBefore.call(this, null);
}

async function recordRemoval(this: ActivityQuery, result: unknown): Promise<void> {
  const recorder = recorders.get(this.model.db);
  const plan = this.$latticeBefore;
  if (!recorder || !plan) return;
  if (plan.kind !== 'read') {
    if (result) recorder.recordChange(this.model.modelName, (result as Stored)._id, plainOf(result), null);
    return;
  }
  const before = plan.records;
  if (before.length === 0) return;
  // All read were removed when the database removed as many; otherwise, which ones are still there.
  const removedAll = (result as { deletedCount?: number } | null)?.deletedCount === before.length;
  const still = removedAll ? [] : await this.model.find({ _id: { $in: before.map((record) => record._id) } }, { _id: 1 }).lean<Stored[]>();
  for (const record of before) {
    if (still.some((kept) => sameId(kept._id, record._id))) continue;
    recorder.recordChange(this.model.modelName, record._id, record, null);
  }
}

interface ActivityDocumentState {
  $latticeBefore?: { record: Stored | null; fields: Set<string> | null };
}

/** Before a save: nothing for a new record, the stored values of the changed fields for a changed one. */
async function readBeforeSave(this: ActivityDocument): Promise<void> {
  const model = this.constructor as Model<unknown>;
  if (!recorderFor(model)) return;
  if (this.isNew) {
    this.$latticeBefore = { record: null, fields: null };
    return;
  }
  const modified = this.modifiedPaths();
  if (modified.length === 0) return;
  const fields = new Set(modified.map((path) => path.split('.')[0]!));
  this.$latticeBefore = { record: await model.findById(this._id, projectionOf(fields)).lean<Stored>(), fields };
}

function recordSave(this: ActivityDocument): void {
  const model = this.constructor as Model<unknown>;
  const recorder = recorders.get(model.db);
  const before = this.$latticeBefore;
  this.$latticeBefore = undefined;
  if (!recorder || before === undefined) return;
  recorder.recordChange(model.modelName, this._id, before.record, this.toObject() as Stored, before.record ? (before.fields ?? undefined) : undefined);
}

function recordInserts(this: Model<unknown>, inserted: unknown): void {
  const recorder = recorderFor(this);
  if (!recorder || !Array.isArray(inserted)) return;
  for (const document of inserted as Array<HydratedDocument<unknown>>) recorder.recordChange(this.modelName, document._id, null, document.toObject() as Stored);
}

/** A hook that fails leaves the change as it is: the failure is logged, never handed to the caller. */
function safely<TThis, TArgs extends unknown[]>(modelOf: (self: TThis) => Model<unknown>, hook: (this: TThis, ...args: TArgs) => unknown) {
  return async function (this: TThis, ...args: TArgs): Promise<void> {
    try {
      await hook.apply(this, args);
    } catch (error) {
      recorders.get(modelOf(this).db)?.failed(error);
    }
  };
}

const queryModel = (query: ActivityQuery) => query.model as Model<unknown>;
const documentModel = (document: ActivityDocument) => document.constructor as Model<unknown>;

function activityHooks(schema: Schema): void {
  for (const op of updates) {
    schema.pre(op, { document: false, query: true }, safely(queryModel, beforeUpdate));
    schema.post(op, { document: false, query: true }, afterUpdate);
  }
  for (const op of removals) {
    schema.pre(op, { document: false, query: true }, safely(queryModel, beforeRemoval));
    schema.post(op, { document: false, query: true }, safely(queryModel, recordRemoval));
  }
  schema.pre('save', safely(documentModel, readBeforeSave));
  schema.post('save', safely(documentModel, recordSave));
  schema.post('insertMany', safely((model: Model<unknown>) => model, recordInserts));
}

// Registered when the platform loads, before any plugin compiles a model.
mongoose.plugin(activityHooks, { deduplicate: true });
