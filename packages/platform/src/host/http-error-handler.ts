import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { httpStatusByCode, LatticeError } from '@lattice/plugin-sdk';

/** The HTTP side of the error boundary: plugin routes pass errors to `next(error)` and land here. */
export function createHttpErrorHandler(logger: Logger, dev: boolean): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    if (error instanceof LatticeError) {
      res.status(httpStatusByCode[error.code]).json({ error: error.message, code: error.code });
      return;
    }
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ error: (error as Error).message, code: 'BAD_USER_INPUT' });
      return;
    }
    logger.error({ err: error }, 'unexpected error in an HTTP route');
    const message = dev && error instanceof Error ? error.message : 'Internal server error';
    res.status(500).json({ error: message, code: 'INTERNAL' });
  };
}
