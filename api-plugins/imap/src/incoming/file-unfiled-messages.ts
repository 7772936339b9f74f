import type { MessageBroker } from '@lattice/broker';
import type { Logger } from 'pino';
import { fileStoredMessage } from './file-stored-message.js';
import type { IncomingStore } from './incoming-store.js';
import type { AnnounceStored } from './message-stored-channel.js';

/** A message waits this long for its own delivery (or the sender's retry) to file it before the sweep does. */
export const unfiledGraceMs = 60_000;
const sweepEveryMs = 60_000;
const sweepBatch = 100;

/**
 * Files messages stored whole whose filing failed (the broker or the inbox was away) and whose sender gave up
 * or whose process stopped: no later delivery would come for them. Stops at the first failure, which most
 * likely hits the rest too; the next sweep tries again. The message that failed goes to the back of the line,
 * so one that can never be filed does not hold up the others. Answers how many it filed.
 */
export async function fileUnfiledMessages(store: IncomingStore, broker: MessageBroker, announce: AnnounceStored, before: Date): Promise<number> {
  let filed = 0;
  for (;;) {
    const waiting = await store.listUnfiled(before, sweepBatch);
    for (const message of waiting) {
      try {
        await fileStoredMessage(store, broker, message, announce);
      } catch (error) {
        await store.postponeUnfiled(message._id).catch(() => undefined);
        throw error;
      }
      filed += 1;
    }
    if (waiting.length < sweepBatch) return filed;
  }
}

/** Runs the sweep at start-up and then every minute, one run at a time, until stopped. */
export function startUnfiledSweep(sweep: (before: Date) => Promise<number>, debug: Logger): { stop: () => void } {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= sweep(new Date(Date.now() - unfiledGraceMs))
      .then((filed) => {
        if (filed > 0) debug.info({ filed }, 'filed messages whose delivery stopped after storing them');
      })
      .catch((error: unknown) => debug.warn({ err: error }, 'could not file the stored messages waiting for the inbox; trying again later'))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, sweepEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
