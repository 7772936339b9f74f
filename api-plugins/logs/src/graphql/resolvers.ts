import { can, requireUser, type PluginResolvers } from '@lattice/plugin-sdk';
import type { ActivityLogFields } from '../models/activity-log.js';
import { activityLogSearchArgs, activityLogsArgs, pageWindow, parseArgs } from './arguments.js';
import type { LogsContext } from './logs-context.js';

export const showActivity = 'logs:showActivity';
const newestFirst = { createdAt: -1, _id: -1 } as const;

type StoredEntry = ActivityLogFields & { _id: unknown };

function toActivityLog(entry: StoredEntry) {
  const { readPermission: _readPermission, ...shown } = entry;
  return { ...shown, _id: String(entry._id) };
}

export const resolvers: PluginResolvers<LogsContext> = {
  Query: {
    /**
     * The rule: with logs:showActivity every entry; otherwise the entries whose content the user may read (the entry
     * names that permission, e.g. documents:showDocuments, as its plugin declared it). Others are simply not listed.
     */
    async activityLogs(_parent: unknown, args: unknown, context: LogsContext) {
      const user = requireUser(context);
      const { contentType, contentId, page, perPage } = parseArgs(activityLogsArgs, args);
      const filter: Record<string, unknown> = { contentType, contentId };
      if (!can(user, showActivity)) filter.readPermission = { $in: [...user.permissions] };
      const { skip, limit } = pageWindow(page, perPage);
      const entries = await context.models.ActivityLog.find(filter).sort(newestFirst).skip(skip).limit(limit).lean<StoredEntry[]>();
      return entries.map(toActivityLog);
    },

    async activityLogSearch(_parent: unknown, args: unknown, context: LogsContext) {
      const { createdBy, plugin, action, from, to, page, perPage } = parseArgs(activityLogSearchArgs, args);
      const filter: Record<string, unknown> = {};
      if (createdBy) filter.createdBy = createdBy;
      if (plugin) filter.plugin = plugin;
      if (action) filter.action = action;
      if (from || to) filter.createdAt = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
      const { skip, limit } = pageWindow(page, perPage);
      const [entries, totalCount] = await Promise.all([
        context.models.ActivityLog.find(filter).sort(newestFirst).skip(skip).limit(limit).lean<StoredEntry[]>(),
        context.models.ActivityLog.countDocuments(filter),
      ]);
      return { list: entries.map(toActivityLog), totalCount };
    },
  },
};
