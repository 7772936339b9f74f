import type { MessageBroker } from '@lattice/broker';
import { widgetSettingsQueue, type WidgetSettings } from '@lattice/contracts';
import { callPluginRPC } from '@lattice/plugin-sdk';
import { refuse } from '../http/refusal.js';

const freshForMs = 5_000;
const idPattern = /^[0-9a-fA-F]{24}$/;

/** The integrations' widget settings, asked of the messenger plugin and kept a few seconds (every page load asks). */
export class SettingsCache {
  private readonly entries = new Map<string, { at: number; settings: Promise<WidgetSettings | null> }>();

  constructor(
    private readonly broker: MessageBroker,
    private readonly timeoutMs: number,
  ) {}

  /** The settings, or a refusal naming the id when no messenger integration has it. */
  async require(integrationId: unknown): Promise<WidgetSettings> {
    if (typeof integrationId !== 'string' || !idPattern.test(integrationId)) throw refuse('NOT_FOUND', 'integrationId must be the id of a messenger integration');
    const cached = this.entries.get(integrationId);
    let settings = cached && Date.now() - cached.at < freshForMs ? cached.settings : undefined;
    if (!settings) {
      settings = callPluginRPC(this.broker, widgetSettingsQueue, 'messenger', { integrationId }, { timeoutMs: this.timeoutMs });
      this.entries.set(integrationId, { at: Date.now(), settings });
      settings.catch(() => this.entries.delete(integrationId));
      if (this.entries.size > 10_000) this.entries.delete(this.entries.keys().next().value!);
    }
    const found = await settings.catch(() => {
      throw refuse('PLUGIN_UNAVAILABLE', 'The messenger is unavailable right now; try again shortly');
    });
    if (!found) throw refuse('NOT_FOUND', `No messenger integration has the id ${integrationId}`);
    return found;
  }
}

/** Whether a page at `origin` may embed the integration's widget (any, when it names no origins). */
export function originAllowed(settings: Pick<WidgetSettings, 'allowedOrigins'>, origin: string | null | undefined): boolean {
  return settings.allowedOrigins.length === 0 || (!!origin && settings.allowedOrigins.includes(origin));
}
