/** Why the widgets service refuses a request: the HTTP status, a stable code and words for the visitor. */
export class WidgetRefusal extends Error {
  override readonly name = 'WidgetRefusal';
  constructor(
    readonly status: number,
    readonly code: 'BAD_USER_INPUT' | 'NOT_FOUND' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'PAYLOAD_TOO_LARGE' | 'RATE_LIMITED' | 'PLUGIN_UNAVAILABLE',
    message: string,
    /** Seconds until a rate-limited request may come again. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

const statusByCode = { BAD_USER_INPUT: 400, UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404, PAYLOAD_TOO_LARGE: 413, RATE_LIMITED: 429, PLUGIN_UNAVAILABLE: 503 } as const;

export function refuse(code: keyof typeof statusByCode, message: string, retryAfter?: number): WidgetRefusal {
  return new WidgetRefusal(statusByCode[code], code, message, retryAfter);
}
