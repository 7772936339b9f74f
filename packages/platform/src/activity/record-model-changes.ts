import mongoose, { type Connection, type HydratedDocument, type Model, type Query, type Schema } from 'mongoose';
import type { ActivityRecorder } from './activity-recorder.js';

// Every plugin host's connection records its models' changes into the activity log. The hooks are one mongoose
// plugin for the whole process (a schema object is shared by every connection that compiles it, and mongoose
// applies a plugin to a schema once); which host a change belongs to is found from the model's connection.
const recorders = new WeakMap<Connection, ActivityRecorder>();

/** Records the changes made through this connection's models with this recorder, from now on. */
export function recordChangesOf(db: Connection, recorder: ActivityRecorder): void {
  recorders.set(db, recorder);
}

type Stored = Record<string, unknown> & { _id?: unknown };
/** Updates and removals read at most this many records first; a bigger one is recorded for these only. */
const mostRecordsRead = 100;

function recorderFor(model: Model<unknown>): ActivityRecorder | undefined {
  const recorder = recorders.get(model.db);
  return recorder?.records(model.modelName) ? recorder : undefined;
}

interface ActivityQueryState {
  $latticeBefore?: Stored[];
}

const updates = ['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'findOneAndReplace'] as const;
const removals = ['deleteOne', 'deleteMany', 'findOneAndDelete'] as const;

function sameId(a: unknown, b: unknown): boolean {
  return String(a) === String(b);
}

/** Reads what the query is about to change, when a user's request changes it. */
async function readBefore(this: Query<unknown, unknown> & ActivityQueryState): Promise<void> {
  if (!recorderFor(this.model as Model<unknown>)) return;
  this.$latticeBefore = await this.model.find(this.getFilter()).limit(mostRecordsRead).lean<Stored[]>();
}

function isUpsert(query: Query<unknown, unknown>): boolean {
  return query.getOptions().upsert === true;
}

/** Compares what the query changed with what was there before. */
async function recordUpdate(this: Query<unknown, unknown> & ActivityQueryState, result: unknown, returnsDocument: boolean): Promise<void> {
  const recorder = recorderFor(this.model as Model<unknown>);
  const before = this.$latticeBefore;
  if (!recorder || !before) return;
  const options = this.getOptions() as { new?: boolean; returnDocument?: string };
  const returnsAfter = returnsDocument && (options.new === true || options.returnDocument === 'after');
  let after: Stored[];
  if (returnsAfter && result && typeof result === 'object') {
    after = [typeof (result as HydratedDocument<unknown>).toObject === 'function' ? ((result as HydratedDocument<unknown>).toObject() as Stored) : (result as Stored)];
  } else if (before.length > 0) {
    after = await this.model.find({ _id: { $in: before.map((record) => record._id) } }).lean<Stored[]>();
  } else {
    after = isUpsert(this) ? await this.model.find(this.getFilter()).limit(mostRecordsRead).lean<Stored[]>() : [];
  }
  const modelName = this.model.modelName;
  for (const record of after) {
    const old = before.find((candidate) => sameId(candidate._id, record._id)) ?? null;
    recorder.recordChange(modelName, record._id, old, record);
  }
}

async function recordRemoval(this: Query<unknown, unknown> & ActivityQueryState): Promise<void> {
  const recorder = recorderFor(this.model as Model<unknown>);
  const before = this.$latticeBefore;
  if (!recorder || !before || before.length === 0) return;
  const still = await this.model.find({ _id: { $in: before.map((record) => record._id) } }, { _id: 1 }).lean<Stored[]>();
  for (const record of before) {
    if (still.some((kept) => sameId(kept._id, record._id))) continue;
    recorder.recordChange(this.model.modelName, record._id, record, null);
  }
}

interface ActivityDocumentState {
  $latticeBefore?: Stored | null;
}

/** Before a save: nothing for a new record, the stored version for a changed one. */
async function readBeforeSave(this: HydratedDocument<unknown> & ActivityDocumentState): Promise<void> {
  const model = this.constructor as Model<unknown>;
  if (!recorderFor(model)) return;
  if (this.isNew) {
    this.$latticeBefore = null;
    return;
  }
  if (this.modifiedPaths().length === 0) return;
  this.$latticeBefore = await model.findById(this._id).lean<Stored>();
}

function recordSave(this: HydratedDocument<unknown> & ActivityDocumentState): void {
  const model = this.constructor as Model<unknown>;
  const recorder = recorderFor(model);
  const before = this.$latticeBefore;
  this.$latticeBefore = undefined;
  if (!recorder || before === undefined) return;
  recorder.recordChange(model.modelName, this._id, before, this.toObject() as Stored);
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

type ActivityQuery = Query<unknown, unknown> & ActivityQueryState;
type ActivityDocument = HydratedDocument<unknown> & ActivityDocumentState;
const queryModel = (query: ActivityQuery) => query.model as Model<unknown>;
const documentModel = (document: ActivityDocument) => document.constructor as Model<unknown>;

function activityHooks(schema: Schema): void {
  for (const op of updates) {
    const returnsDocument = op === 'findOneAndUpdate' || op === 'findOneAndReplace';
    schema.pre(op, { document: false, query: true }, safely(queryModel, readBefore));
    schema.post(
      op,
      { document: false, query: true },
      safely(queryModel, async function (this: ActivityQuery, result: unknown) {
        await recordUpdate.call(this, result, returnsDocument);
      }),
    );
  }
  for (const op of removals) {
    schema.pre(op, { document: false, query: true }, safely(queryModel, readBefore));
    schema.post(op, { document: false, query: true }, safely(queryModel, recordRemoval));
  }
  schema.pre('save', safely(documentModel, readBeforeSave));
  schema.post('save', safely(documentModel, recordSave));
  schema.post('insertMany', safely((model: Model<unknown>) => model, recordInserts));
}

// Registered when the platform loads, before any plugin compiles a model.
mongoose.plugin(activityHooks, { deduplicate: true });
