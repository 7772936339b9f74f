import { Schema, type Connection, type Model } from 'mongoose';

export interface ActivityLogFields {
  createdAt: Date;
  createdBy: string | null;
  plugin: string;
  action: string;
  contentType: string | null;
  contentId: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  readPermission: string | null;
}

export type ActivityLogModel = Model<ActivityLogFields>;

const activityLogSchema = new Schema<ActivityLogFields, ActivityLogModel>(
  {
    createdAt: { type: Date, required: true },
    createdBy: { type: String, default: null },
    plugin: { type: String, required: true },
    action: { type: String, required: true },
    contentType: { type: String, default: null },
    contentId: { type: String, default: null },
    changes: { type: Schema.Types.Mixed, default: {} },
    readPermission: { type: String, default: null },
  },
  // minimize: false keeps an empty `changes` ({}), which GraphQL answers as such.
  { collection: 'activity_logs', versionKey: false, minimize: false },
);
// A record's history (the History tab), newest first. Settings → Activity walks the retention index on createdAt
// newest first with its filters: one index fewer to keep up on every insert (bench/activity-log), for a page read
// far less often than entries are written.
activityLogSchema.index({ contentType: 1, contentId: 1, createdAt: -1 });

export function defineActivityLogModel(db: Connection): ActivityLogModel {
  return db.model<ActivityLogFields, ActivityLogModel>('ActivityLog', activityLogSchema);
}
