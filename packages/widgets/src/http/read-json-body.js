import { refuse } from './refusal.js';
/**
 * The request's JSON body, read only up to `limit` bytes: a declared length past it is refused unread, a body
 * that grows past it is cut off.
 */
export async function readJsonBody(request, limit) {
    const declared = Number(request.headers['content-length'] ?? Number.NaN);
    const tooLarge = () => refuse('PAYLOAD_TOO_LARGE', `The request is larger than ${limit} bytes`);
    if (declared > limit) {
        request.resume();
        throw tooLarge();
    }
    const chunks = [];
    let size = 0;
    for await (const chunk of request) {
        size += chunk.length;
        if (size > limit) {
            request.destroy();
            throw tooLarge();
        }
        chunks.push(chunk);
    }
    if (!/^application\/json\b/i.test(request.headers['content-type'] ?? ''))
        throw refuse('BAD_USER_INPUT', 'The request must be JSON (Content-Type: application/json)');
    try {
        return JSON.parse(Buffer.concat(chunks).toString('utf8'));
    }
    catch {
        throw refuse('BAD_USER_INPUT', 'The request body is not valid JSON');
    }
}
//# sourceMappingURL=read-json-body.js.map