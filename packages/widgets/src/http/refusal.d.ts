/** Why the widgets service refuses a request: the HTTP status, a stable code and words for the visitor. */
export declare class WidgetRefusal extends Error {
    readonly status: number;
    readonly code: 'BAD_USER_INPUT' | 'NOT_FOUND' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'PAYLOAD_TOO_LARGE' | 'RATE_LIMITED' | 'PLUGIN_UNAVAILABLE';
    /** Seconds until a rate-limited request may come again. */
    readonly retryAfter?: number | undefined;
    readonly name = "WidgetRefusal";
    constructor(status: number, code: 'BAD_USER_INPUT' | 'NOT_FOUND' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'PAYLOAD_TOO_LARGE' | 'RATE_LIMITED' | 'PLUGIN_UNAVAILABLE', message: string, 
    /** Seconds until a rate-limited request may come again. */
    retryAfter?: number | undefined);
}
declare const statusByCode: {
    readonly BAD_USER_INPUT: 400;
    readonly UNAUTHENTICATED: 401;
    readonly FORBIDDEN: 403;
    readonly NOT_FOUND: 404;
    readonly PAYLOAD_TOO_LARGE: 413;
    readonly RATE_LIMITED: 429;
    readonly PLUGIN_UNAVAILABLE: 503;
};
export declare function refuse(code: keyof typeof statusByCode, message: string, retryAfter?: number): WidgetRefusal;
export {};
