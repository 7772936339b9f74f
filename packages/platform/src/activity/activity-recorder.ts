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
  /** Records one record's change for the request's user; nothing outside a request with a user, or without change. */
  recordChange(modelName: string, contentId: unknown, before: Record<string, unknown> | null, after: Record<string, unknown> | null): void;
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

/**
 * Entries of one event-loop turn leave as one message on `logs:activity.record`. Sending is fire-and-forget: a
 * change is never refused because the log could not be written; a failure is logged.
 */
export function createActivityRecorder(plugin: string, broker: MessageBroker, options: ActivityLogOptions | undefined, logger: Logger): ActivityRecorder {
  const skipped = new Set(options?.skipModels ?? []);
  const secretFields = new Set(options?.secretFields ?? []);
  const readPermissions = options?.readPermissions ?? {};
  let waiting: ActivityEntry[] = [];
  let sending: Promise<void> | undefined;

  const send = async () => {
    const entries = waiting;
    waiting = [];
    sending = undefined;
    for (let start = 0; start < entries.length; start += 1_000) {
      try {
        await broker.sendMessage(activityRecordQueue.name, { entries: entries.slice(start, start + 1_000) });
      } catch (error) {
        logger.error({ err: error, entries: entries.length }, 'activity entries could not be sent to the logs plugin');
      }
    }
  };
  const push = (entry: Omit<ActivityEntry, 'createdAt' | 'plugin' | 'readPermission'>) => {
    const scope = currentRequestScope();
    if (scope?.operation) scope.operation.entries += 1;
    const type = entry.contentType?.slice(plugin.length + 1);
    const readAction = type ? readPermissions[type] : undefined;
    waiting.push({ ...entry, createdAt: new Date(), plugin, readPermission: readAction ? permissionActionName(plugin, readAction) : null });
    sending ??= new Promise<void>((resolve) => setImmediate(resolve)).then(send);
  };

  return {
    plugin,
    records: (modelName) => !skipped.has(modelName),
    recordChange(modelName, contentId, before, after) {
      const scope = currentRequestScope();
      if (!scope?.userId) return;
      const changes = changedFields(before, after, secretFields);
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
      await sending;
    },
  };
}

/** For a host whose platform has no `logs` plugin: nothing is recorded. */
export function noActivityRecorder(plugin: string): ActivityRecorder {
  return { plugin, records: () => false, recordChange: () => undefined, recordOperation: () => undefined, log: { record: () => undefined }, failed: () => undefined, flush: async () => undefined };
}
