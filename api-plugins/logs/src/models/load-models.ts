import { modelsPerConnection } from '@lattice/plugin-sdk';
import { defineActivityLogModel } from './activity-log.js';

export const loadModels = modelsPerConnection((db) => ({ ActivityLog: defineActivityLogModel(db) }));
export type LogsModels = ReturnType<typeof loadModels>;
