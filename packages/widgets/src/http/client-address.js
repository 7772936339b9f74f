import { isIP } from 'node:net';
const privateAddress = /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|::ffff:127\.|fc|fd)/i;
/**
 * The visitor's address for rate limits: the peer's, or, when the peer is a proxy on loopback or a private
 * network (nginx in front), the last outside address it names in X-Forwarded-For.
 */
export function clientAddress(request) {
    const peer = request.socket.remoteAddress ?? 'unknown';
    if (!privateAddress.test(peer))
        return peer;
    const forwarded = String(request.headers['x-forwarded-for'] ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => isIP(entry));
    for (let index = forwarded.length - 1; index >= 0; index--) {
        if (!privateAddress.test(forwarded[index]))
            return forwarded[index];
    }
    return forwarded[0] ?? peer;
}
/** The origin the request was sent to, as the browser saw it (behind nginx: X-Forwarded-Proto and -Host). */
export function requestOrigin(request) {
    const proto = String(request.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim() || 'http';
    const host = String(request.headers['x-forwarded-host'] ?? '').split(',')[0]?.trim() || request.headers.host || 'localhost';
    return `${proto}://${host}`;
}
//# sourceMappingURL=client-address.js.map