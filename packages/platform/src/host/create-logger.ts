import { pino, type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from './request-scope.js';

/**
 * The platform's structured logger; LOG_LEVEL sets the level (default `info`, `silent` in tests). Every line
 * written while a request or a broker message is handled carries its `reqId`, in every process it reaches.
 */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      name,
      level,
      mixin: () => {
        const reqId = currentRequestId();
        return reqId === undefined ? {} : { reqId };
      },
    },
    destination,
  );
}
