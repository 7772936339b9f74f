/**
 * Bytes held across all connections for messages that have not fully arrived. Each connection's
 * framer buffers its partial message; without a shared cap, many connections that each send part of a
 * large message could hold hundreds of megabytes between them. A connection whose bytes would take
 * the total past the cap is closed (the one client pays, the others carry on).
 */
export class IncomingBudget {
  private held = 0;

  constructor(readonly limitBytes: number) {}

  get heldBytes(): number {
    return this.held;
  }

  /** Moves the count by a connection's change in pending bytes; false when the total is now over the cap. */
  adjust(delta: number): boolean {
    this.held += delta;
    return this.held <= this.limitBytes;
  }
}
