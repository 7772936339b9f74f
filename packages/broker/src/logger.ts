import { pino, type Logger } from 'pino';

/** The part of a pino logger the broker uses; pass the plugin's `debug` logger or a child of it. */
export type BrokerLogger = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;

export function silentLogger(): BrokerLogger {
  return pino({ level: 'silent' });
}
