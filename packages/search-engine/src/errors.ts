/** An error answered in Elasticsearch's shape: `{error: {type, reason, root_cause}, status}`. */
export class EngineError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }

  toBody(): Record<string, unknown> {
    const cause = { type: this.type, reason: this.message };
    return { error: { root_cause: [cause], ...cause }, status: this.status };
  }
}

export const badRequest = (message: string): EngineError => new EngineError(400, 'illegal_argument_exception', message);
export const parsingError = (message: string): EngineError => new EngineError(400, 'parsing_exception', message);
export const indexNotFound = (index: string): EngineError => {
  const error = new EngineError(404, 'index_not_found_exception', `no such index [${index}]`);
  return error;
};
