import { widgetSettingsQueue } from '@lattice/contracts';
import { callPluginRPC } from '@lattice/plugin-sdk';
import { refuse } from '../http/refusal.js';
const freshForMs = 5_000;
const idPattern = /^[0-9a-fA-F]{24}$/;
/** The integrations' widget settings, asked of the messenger plugin and kept a few seconds (every page load asks). */
export class SettingsCache {
    broker;
    timeoutMs;
    entries = new Map();
    constructor(broker, timeoutMs) {
        this.broker = broker;
        this.timeoutMs = timeoutMs;
    }
    /** The settings, or a refusal naming the id when no messenger integration has it. */
    async require(integrationId) {
        if (typeof integrationId !== 'string' || !idPattern.test(integrationId))
            throw refuse('NOT_FOUND', 'integrationId must be the id of a messenger integration');
        const cached = this.entries.get(integrationId);
        let settings = cached && Date.now() - cached.at < freshForMs ? cached.settings : undefined;
        if (!settings) {
            settings = callPluginRPC(this.broker, widgetSettingsQueue, 'messenger', { integrationId }, { timeoutMs: this.timeoutMs });
            this.entries.set(integrationId, { at: Date.now(), settings });
            settings.catch(() => this.entries.delete(integrationId));
            if (this.entries.size > 10_000)
                this.entries.delete(this.entries.keys().next().value);
        }
        const found = await settings.catch(() => {
            throw refuse('PLUGIN_UNAVAILABLE', 'The messenger is unavailable right now; try again shortly');
        });
        if (!found)
            throw refuse('NOT_FOUND', `No messenger integration has the id ${integrationId}`);
        return found;
    }
}
/** Whether a page at `origin` may embed the integration's widget (any, when it names no origins). */
export function originAllowed(settings, origin) {
    return settings.allowedOrigins.length === 0 || (!!origin && settings.allowedOrigins.includes(origin));
}
//# sourceMappingURL=settings-cache.js.map