/** The visitor API of the widgets service, relative to the frame's address (so it works under /widgets/ too). */
export interface WidgetMessage {
  _id: string;
  from: 'visitor' | 'agent';
  body: string;
  createdAt: string;
  readAt?: string | null;
  attachments: Array<{ _id: string; filename: string; size: number }>;
}

export interface VisitorView {
  visitorId: string;
  email?: string | null;
  messages: WidgetMessage[];
}

export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function post<T>(action: string, body: Record<string, unknown>, query = ''): Promise<T> {
  const response = await fetch(`api/${action}${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok) throw new ApiRefusal(response.status, answer?.error?.message ?? response.statusText);
  return answer as T;
}
