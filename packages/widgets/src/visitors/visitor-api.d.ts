import type { IncomingMessage } from 'node:http';
import type { MessageBroker } from '@lattice/broker';
import { type WidgetSettings } from '@lattice/contracts';
import type { VisitorLimits } from './rate-limits.js';
import { type SettingsCache } from './settings-cache.js';
export interface VisitorApiContext {
    broker: MessageBroker;
    settings: SettingsCache;
    limits: VisitorLimits;
    rpcTimeoutMs: number;
}
/** A browser request from a site the integration does not allow is refused before anything else. */
export declare function requireAllowedCaller(request: IncomingMessage, settings: WidgetSettings): void;
/** POST /api/<action>: each answers JSON or throws a WidgetRefusal. */
export declare function handleVisitorApi(context: VisitorApiContext, action: string, request: IncomingMessage): Promise<unknown>;
