import { PubSubEngine } from 'graphql-subscriptions';

/**
 * Puts `prefix` before every channel name. Redis pub/sub channels are global to a server (database numbers do not
 * separate them), so two deployments, or two test runs, on one Redis would otherwise receive each other's events.
 */
export class PrefixedPubSub extends PubSubEngine {
  constructor(
    private readonly inner: PubSubEngine,
    private readonly prefix: string,
  ) {
    super();
  }

  publish(triggerName: string, payload: unknown): Promise<void> {
    return this.inner.publish(this.prefix + triggerName, payload);
  }

  subscribe(triggerName: string, onMessage: (payload: unknown) => void, options: object = {}): Promise<number> {
    return this.inner.subscribe(this.prefix + triggerName, onMessage, options);
  }

  unsubscribe(subscriptionId: number): unknown {
    return this.inner.unsubscribe(subscriptionId);
  }
}
