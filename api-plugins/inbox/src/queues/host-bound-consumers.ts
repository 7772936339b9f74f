import type { MessageBroker } from '@lattice/broker';
import { PluginUnavailableError } from '@lattice/plugin-sdk';
import type { Connection } from 'mongoose';

interface Binding {
  db: Connection;
}

const bindings = new WeakMap<MessageBroker, Binding>();

/**
 * The broker cannot cancel a consumer, and a plugin host that is stopped and started again in the same
 * process (embedded mode, tests) would otherwise leave a second consumer behind, bound to a closed
 * connection. So the consumers are registered once per broker and always use the host's current
 * connection; while the host is stopped they answer that the plugin is unavailable.
 * Returns the function that gives the current connection, or undefined when consumers already exist.
 */
export function bindConsumers(broker: MessageBroker, db: Connection, pluginName: string) {
  const existing = bindings.get(broker);
  if (existing) {
    existing.db = db;
    return undefined;
  }
  const binding: Binding = { db };
  bindings.set(broker, binding);
  return () => {
    if (binding.db.readyState !== 1) throw new PluginUnavailableError(pluginName);
    return binding.db;
  };
}
