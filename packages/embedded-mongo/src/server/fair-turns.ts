/**
 * Turns to run a command, taken in rotation between clients. A command's work is synchronous, so without
 * turns the commands of every connection that has data in one event-loop pass run back to back: a plugin
 * host that sends 50 finds at once on 50 connections holds every other client for all 50. With turns, a
 * client waits behind at most one command of each other client that has work queued, and the server reads
 * its sockets between commands. A client is what the driver names in its handshake (`appName`), so one
 * host's pool of connections counts once.
 */
export class FairTurns {
  readonly #waiting = new Map<string, Array<() => void>>();
  /** Clients with queued turns, in the order they are served. */
  readonly #rotation: string[] = [];
  #granting = false;

  /** Resolves when `client` may run its next command; commands run in the microtasks after it resolves. */
  take(client: string): Promise<void> {
    if (!this.#granting) {
      // Nothing ran in this pass: no wait, but whoever asks before the next pass queues behind it.
      this.#granting = true;
      setImmediate(() => this.#grantNext());
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.#waiting.get(client);
      if (queue) {
        queue.push(resolve);
      } else {
        this.#waiting.set(client, [resolve]);
        this.#rotation.push(client);
      }
    });
  }

  #grantNext(): void {
    const client = this.#rotation.shift();
    if (client === undefined) {
      this.#granting = false;
      return;
    }
    const queue = this.#waiting.get(client)!;
    const resolve = queue.shift()!;
    if (queue.length > 0) {
      this.#rotation.push(client);
    } else {
      this.#waiting.delete(client);
    }
    resolve();
    setImmediate(() => this.#grantNext());
  }
}
