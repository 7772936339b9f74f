import { pino, type Logger } from 'pino';

/** The platform's structured logger; LOG_LEVEL sets the level (default `info`, `silent` in tests). */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name, level });
}
