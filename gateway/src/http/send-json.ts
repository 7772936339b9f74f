import type { ServerResponse } from 'node:http';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

/** A body already serialised (to measure it first). */
export function sendJsonText(res: ServerResponse, status: number, text: string, headers: Record<string, string | string[]> = {}): void {
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
