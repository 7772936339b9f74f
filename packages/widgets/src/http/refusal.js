/** Why the widgets service refuses a request: the HTTP status, a stable code and words for the visitor. */
export class WidgetRefusal extends Error {
    status;
    code;
    retryAfter;
    name = 'WidgetRefusal';
    constructor(status, code, message, 
    /** Seconds until a rate-limited request may come again. */
    retryAfter) {
        super(message);
        this.status = status;
        this.code = code;
        this.retryAfter = retryAfter;
    }
}
const statusByCode = { BAD_USER_INPUT: 400, UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404, PAYLOAD_TOO_LARGE: 413, RATE_LIMITED: 429, PLUGIN_UNAVAILABLE: 503 };
export function refuse(code, message, retryAfter) {
    return new WidgetRefusal(statusByCode[code], code, message, retryAfter);
}
//# sourceMappingURL=refusal.js.map