/** What the embedded server's worker thread tells the thread that started it. */
export type ThreadMessage =
  | { type: 'started'; uri: string; username: string; port: number; host: string }
  | { type: 'failed'; message: string }
  | { type: 'log'; line: string };
