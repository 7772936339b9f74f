import type { MessageBroker } from '@lattice/broker';
import { type WidgetSettings } from '@lattice/contracts';
/** The integrations' widget settings, asked of the messenger plugin and kept a few seconds (every page load asks). */
export declare class SettingsCache {
    private readonly broker;
    private readonly timeoutMs;
    private readonly entries;
    constructor(broker: MessageBroker, timeoutMs: number);
    /** The settings, or a refusal naming the id when no messenger integration has it. */
    require(integrationId: unknown): Promise<WidgetSettings>;
}
/** Whether a page at `origin` may embed the integration's widget (any, when it names no origins). */
export declare function originAllowed(settings: Pick<WidgetSettings, 'allowedOrigins'>, origin: string | null | undefined): boolean;
