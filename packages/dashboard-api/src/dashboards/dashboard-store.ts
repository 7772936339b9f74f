import { ForbiddenError, InputError, NotFoundError, parseObjectId, roles, type AuthUser } from '@lattice/plugin-sdk';
import { Schema, type Connection, type Model } from 'mongoose';
import { z } from 'zod';
import { cubeQuerySchema } from '../cube/parse-cube-query.js';
import { defaultDashboard } from './default-dashboard.js';

export const chartTypes = ['line', 'bar', 'area', 'pie', 'number', 'table'] as const;

export const tileSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be a short id'),
    title: z.string().trim().min(1).max(200),
    chart: z.enum(chartTypes),
    query: cubeQuerySchema,
    layout: z.object({ x: z.number().int().min(0).max(11), y: z.number().int().min(0).max(1_000), w: z.number().int().min(1).max(12), h: z.number().int().min(1).max(20) }).strict(),
  })
  .strict();
export type DashboardTile = z.infer<typeof tileSchema>;

export const dashboardInputSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    tiles: z.array(tileSchema).max(50),
    /** The roles that may open it besides its owner (read only). */
    sharedWithRoles: z.array(z.enum(roles)).max(roles.length).default([]),
  })
  .strict();
export type DashboardInput = z.infer<typeof dashboardInputSchema>;

interface DashboardFields extends DashboardInput {
  /** The user who made it; `null` for the default dashboard of a new install, which nobody edits. */
  ownerId: string | null;
  isDefault: boolean;
  updatedAt: Date;
}

const dashboardSchema = new Schema<DashboardFields>(
  {
    title: { type: String, required: true },
    tiles: { type: Schema.Types.Mixed, required: true },
    sharedWithRoles: { type: [String], default: [] },
    ownerId: { type: String, default: null },
    isDefault: { type: Boolean, default: false },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'dashboards', versionKey: false, minimize: false },
);
dashboardSchema.index({ ownerId: 1, updatedAt: -1 });

export interface DashboardView extends DashboardInput {
  _id: string;
  isDefault: boolean;
  /** Whether the caller may change it (its owner only). */
  editable: boolean;
  updatedAt: string;
}

function view(record: DashboardFields & { _id: unknown }, user: AuthUser): DashboardView {
  return {
    _id: String(record._id),
    title: record.title,
    tiles: record.tiles,
    sharedWithRoles: record.sharedWithRoles,
    isDefault: record.isDefault,
    editable: record.ownerId === user._id,
    updatedAt: record.updatedAt.toISOString(),
  };
}

function parseInput(input: unknown): DashboardInput {
  const parsed = dashboardInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new InputError(`The dashboard is not valid: ${parsed.error.issues.map((issue) => `"${issue.path.join('.') || 'dashboard'}" ${issue.message}`).join('; ')}`);
  }
  return parsed.data;
}

/**
 * Dashboards, kept by the dashboard API in its own database (`dashboard`): each user's own, which they may share
 * read-only with roles, and the default one of a new install, which every role sees.
 */
export function createDashboardStore(db: Connection) {
  const Dashboards: Model<DashboardFields> = db.models.Dashboard ?? db.model<DashboardFields>('Dashboard', dashboardSchema);
  const readable = (user: AuthUser) => ({ $or: [{ ownerId: user._id }, { sharedWithRoles: user.role }, { isDefault: true }] });
  const find = async (id: string, user: AuthUser) => {
    const record = await Dashboards.findOne({ _id: parseObjectId(id), ...readable(user) }).lean<DashboardFields & { _id: unknown }>();
    if (!record) throw new NotFoundError('Dashboard not found');
    return record;
  };
  const owned = async (id: string, user: AuthUser) => {
    const record = await find(id, user);
    if (record.ownerId !== user._id) throw new ForbiddenError('Only its owner may change a dashboard; make a copy instead');
    return record;
  };
  return {
    /** Writes the default dashboard once, on the first start of an install. */
    async ensureDefault(): Promise<void> {
      await Dashboards.init();
      await Dashboards.updateOne(
        { isDefault: true },
        { $setOnInsert: { ...defaultDashboard, ownerId: null, isDefault: true, updatedAt: new Date() } },
        { upsert: true },
      );
    },
    async list(user: AuthUser): Promise<DashboardView[]> {
      const records = await Dashboards.find(readable(user)).sort({ isDefault: -1, updatedAt: -1 }).limit(200).lean<Array<DashboardFields & { _id: unknown }>>();
      return records.map((record) => view(record, user));
    },
    get: async (id: string, user: AuthUser) => view(await find(id, user), user),
    async create(input: unknown, user: AuthUser): Promise<DashboardView> {
      const fields = parseInput(input);
      const created = await Dashboards.create({ ...fields, ownerId: user._id, isDefault: false, updatedAt: new Date() });
      return view(created.toObject(), user);
    },
    async update(id: string, input: unknown, user: AuthUser): Promise<DashboardView> {
      const fields = parseInput(input);
      await owned(id, user);
      const updated = await Dashboards.findOneAndUpdate({ _id: parseObjectId(id) }, { $set: { ...fields, updatedAt: new Date() } }, { returnDocument: 'after' }).lean<
        DashboardFields & { _id: unknown }
      >();
      if (!updated) throw new NotFoundError('Dashboard not found');
      return view(updated, user);
    },
    async remove(id: string, user: AuthUser): Promise<{ _id: string }> {
      await owned(id, user);
      await Dashboards.deleteOne({ _id: parseObjectId(id) });
      return { _id: id };
    },
  };
}
export type DashboardStore = ReturnType<typeof createDashboardStore>;
