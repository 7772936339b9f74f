import { activityRecordQueue, type ActivityEntry } from '@lattice/contracts';
import type { MessageBroker } from '@lattice/broker';
import { permissionActionName, type ActivityLog, type ActivityLogOptions } from '@lattice/plugin-sdk';
import type { Logger } from 'pino';
import { currentRequestScope } from '../host/request-scope.js';
import { changedFields } from './changed-fields.js';

/** The plugin that keeps the activity log; with it enabled, every host records its plugin's changes. */
export const activityLogPluginName = 'logs';

/** What one host records: changes to its plugin's models, and entries the plugin writes itself. */
export interface ActivityRecorder {
  plugin: string;
  /** Whether a model's changes are recorded at all (the plugin may leave some out). */
  records(modelName: string): boolean;
  /**
   * Records one record's change for the request's user; nothing outside a request with a user, or without change.
   * `fields`: the only fields that may have changed (the rest of the versions, if any, is not compared).
   */
  recordChange(modelName: string, contentId: unknown, before: Record<string, unknown> | null, after: Record<string, unknown> | null, fields?: ReadonlySet<string>): void;
  /** Whether a change made now would be recorded (a request with a user): the hooks read nothing otherwise. */
  recording(): boolean;
  /** A mutation that changed none of the plugin's records is still recorded, by its name. */
  recordOperation(name: string): void;
  /** `services.activityLog` of the plugin. */
  log: ActivityLog;
  /** Logs a failure to record (the change itself stands). */
  failed(error: unknown): void;
  /** Sends what is waiting; the host calls it as it stops. */
  flush(): Promise<void>;
}

/** `Document` → `document`, `DocumentType` → `documentType`. */
export function contentTypeOf(modelName: string): string {
  return modelName.charAt(0).toLowerCase() + modelName.slice(1);
}

/** How long entries wait for others to leave with them: one message (and one insert) for the edits of this window. */
export const activityBatchMs = 100;
/** Most entries in one message; a full batch leaves at once. */
const mostEntriesPerMessage = 1_000;

/**
 * Entries leave in batches on `logs:activity.record`: those of `activityBatchMs` after the first, or as soon as
 * a batch is full. Sending is fire-and-forget: a change is never refused because the log could not be written;
 * a failure is logged.
 */
export function createActivityRecorder(plugin: string, broker: MessageBroker, options: ActivityLogOptions | undefined, logger: Logger): ActivityRecorder {
  const skipped = new Set(options?.skipModels ?? []);
  const secretFields = new Set(options?.secretFields ?? []);
  const readPermissions = options?.readPermissions ?? {};
  let waiting: ActivityEntry[] = [];
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();

  const sendBatch = async (entries: ActivityEntry[]) => {
    try {
      // The entries name their users; the message acts for none (it would carry the permissions of whoever's
      // request started the batch).
      await broker.sendMessage(activityRecordQueue.name, { entries }, { actor: undefined });
    } catch (error) {
      logger.error({ err: error, entries: entries.length }, 'activity entries could not be sent to the logs plugin');
    }
  };
  const sendWaiting = () => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return;
    const sent = sendBatch(waiting);
    waiting = [];
    inFlight.add(sent);
    void sent.finally(() => inFlight.delete(sent));
  };
  const push = (entry: Omit<ActivityEntry, 'createdAt' | 'plugin' | 'readPermission'>) => {
    const scope = currentRequestScope();
    if (scope?.operation) scope.operation.entries += 1;
    const type = entry.contentType?.slice(plugin.length + 1);
    const readAction = type ? readPermissions[type] : undefined;
    waiting.push({ ...entry, createdAt: new Date(), plugin, readPermission: readAction ? permissionActionName(plugin, readAction) : null });
    if (waiting.length >= mostEntriesPerMessage) sendWaiting();
    // Not holding the process open: the host sends what waits as it stops (flush).
    else timer ??= setTimeout(sendWaiting, activityBatchMs).unref();
  };

  return {
    plugin,
    records: (modelName) => !skipped.has(modelName),
    recording: () => currentRequestScope()?.userId !== undefined,
    recordChange(modelName, contentId, before, after, fields) {
      const scope = currentRequestScope();
      if (!scope?.userId) return;
      const changes = changedFields(before, after, secretFields, fields);
      if (Object.keys(changes).length === 0) return;
      const action = scope.operation?.name ?? (before === null ? 'create' : after === null ? 'remove' : 'update');
      push({ createdBy: scope.userId, action, contentType: `${plugin}:${contentTypeOf(modelName)}`, contentId: String(contentId), changes });
    },
    recordOperation(name) {
      const scope = currentRequestScope();
      if (!scope?.userId || !scope.operation || scope.operation.entries > 0) return;
      push({ createdBy: scope.userId, action: name, contentType: null, contentId: null, changes: {} });
    },
    log: {
      record(entry) {
        const createdBy = entry.createdBy === undefined ? (currentRequestScope()?.userId ?? null) : entry.createdBy;
        const fields = Object.entries(entry.changes ?? {});
        const before = Object.fromEntries(fields.map(([field, change]) => [field, change.before]));
        const after = Object.fromEntries(fields.map(([field, change]) => [field, change.after]));
        push({ createdBy, action: entry.action, contentType: `${plugin}:${entry.contentType}`, contentId: entry.contentId, changes: changedFields(before, after, secretFields) });
      },
    },
    failed: (error) => logger.error({ err: error }, 'a change could not be recorded in the activity log'),
    flush: async () => {
      sendWaiting();
      await Promise.all(inFlight);
    },
  };
}

/** For a host whose platform has no `logs` plugin: nothing is recorded. */
export function noActivityRecorder(plugin: string): ActivityRecorder {
  return { plugin, records: () => false, recording: () => false, recordChange: () => undefined, recordOperation: () => undefined, log: { record: () => undefined }, failed: () => undefined, flush: async () => undefined };
}
