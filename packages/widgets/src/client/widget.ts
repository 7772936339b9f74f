import { fill, stringsFor } from './strings.js';
import { ApiRefusal, post, type VisitorView, type WidgetMessage } from './widget-api.js';

/**
 * The widget, inside its iframe on the widgets origin: the greeting, the visitor's conversation (kept by a
 * visitor token in this origin's storage), a message box and a websocket that brings replies, typing and read
 * state. Everything is text nodes: nothing a message says becomes markup.
 */
interface Settings {
  integrationId: string;
  brandName: string;
  color: string;
  greeting: string;
  awayMessage: string;
  online: boolean;
  requireEmail: boolean;
  maxAttachmentBytes: number;
}

const settings = JSON.parse(document.getElementById('settings')!.textContent!) as Settings;
const params = new URLSearchParams(location.search);
const hostOrigin = params.get('origin');
const t = stringsFor(params.get('lang') ?? navigator.language);
const storageKey = `lattice-messenger:${settings.integrationId}`;
let token = readToken();
let email: string | null = null;

/**
 * The visitor token: in this origin's storage where the browser allows a framed page one, else (third-party
 * storage blocked) kept by the loader in the site's storage and handed in the frame address's fragment, which
 * never reaches a server.
 */
function readToken(): string | null {
  try {
    const stored = localStorage.getItem(storageKey);
    if (stored) return stored;
  } catch {
    // third-party storage is blocked: the fragment below
  }
  return new URLSearchParams(location.hash.slice(1)).get('t');
}

function keepToken(value: string | null): void {
  try {
    if (value) localStorage.setItem(storageKey, value);
    else localStorage.removeItem(storageKey);
  } catch {
    // blocked: the loader keeps it
  }
  if (hostOrigin && hostOrigin !== 'null') parent.postMessage({ type: 'lattice-messenger:token', integrationId: settings.integrationId, token: value }, hostOrigin);
}
const shown = new Map<string, HTMLElement>();

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

document.documentElement.style.setProperty('--brand', settings.color);
const close = el('button', { type: 'button', className: 'close', textContent: '×' });
close.setAttribute('aria-label', t.close);
const header = el('header', {}, el('h1', { textContent: settings.brandName }), close);
const log = el('ol', { className: 'log' });
log.setAttribute('role', 'log');
log.setAttribute('aria-live', 'polite');
const typing = el('p', { className: 'typing', hidden: true });
const status = el('p', { className: 'status', hidden: true });
status.setAttribute('role', 'status');
const problem = el('p', { className: 'problem', hidden: true });
problem.setAttribute('role', 'alert');
const emailInput = el('input', { type: 'email', name: 'email', autocomplete: 'email', required: true });
emailInput.setAttribute('aria-label', t.email);
emailInput.placeholder = t.email;
const emailForm = el('form', { className: 'email', hidden: true }, el('p', { textContent: settings.online ? t.emailAsk : settings.awayMessage }), emailInput);
const textarea = el('textarea', { name: 'message', rows: 2, maxLength: 4000 });
textarea.setAttribute('aria-label', t.message);
textarea.placeholder = t.message;
const file = el('input', { type: 'file', className: 'file' });
file.setAttribute('aria-label', t.attach);
const send = el('button', { type: 'submit', textContent: t.send });
const composer = el('form', { className: 'composer' }, textarea, el('label', { className: 'attach', title: t.attach, textContent: '📎' }, file), send);
document.body.append(header, el('main', {}, el('p', { className: 'greeting', textContent: settings.online ? settings.greeting : settings.awayMessage }), log, typing), status, problem, emailForm, composer);

const needsEmail = () => !email && (settings.requireEmail || !settings.online);
const showEmail = () => {
  emailForm.hidden = !!email;
  emailInput.required = needsEmail();
};

function render(message: WidgetMessage): void {
  const time = new Date(message.createdAt).toLocaleTimeString(document.documentElement.lang, { hour: '2-digit', minute: '2-digit' });
  const item = shown.get(message._id) ?? el('li');
  item.className = `message ${message.from}`;
  item.dataset.id = message._id;
  item.replaceChildren(
    el('p', { className: 'body', textContent: message.body }),
    ...message.attachments.map((file) => el('p', { className: 'file', textContent: `📎 ${file.filename}` })),
    el('span', { className: 'meta', textContent: `${message.from === 'visitor' ? t.you : settings.brandName} · ${time}${message.from === 'visitor' && message.readAt ? ` · ${t.seen}` : ''}` }),
  );
  if (!shown.has(message._id)) {
    shown.set(message._id, item);
    log.append(item);
    item.scrollIntoView({ block: 'end' });
  }
}

let readPending = false;
function markRead(): void {
  if (!token || readPending || document.visibilityState !== 'visible') return;
  readPending = true;
  void post('read', { integrationId: settings.integrationId, visitorToken: token })
    .catch(() => undefined)
    .finally(() => (readPending = false));
}

async function load(): Promise<void> {
  if (!token) return showEmail();
  try {
    const view = await post<VisitorView>('conversation', { integrationId: settings.integrationId, visitorToken: token });
    email = view.email ?? null;
    view.messages.forEach(render);
    if (view.messages.some((message) => message.from === 'agent' && !message.readAt)) markRead();
  } catch (error) {
    // A token this integration does not know (401) or that is no token at all (400) is forgotten.
    if (error instanceof ApiRefusal && (error.status === 401 || error.status === 400)) {
      keepToken(null);
      token = null;
    }
  }
  showEmail();
}

let socket: WebSocket | null = null;
let retryMs = 1_000;
function connect(): void {
  if (!token || socket) return;
  const url = new URL('ws', location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = '';
  const ws = new WebSocket(url);
  socket = ws;
  ws.addEventListener('open', () => ws.send(JSON.stringify({ type: 'hello', integrationId: settings.integrationId, visitorToken: token })));
  ws.addEventListener('message', (event) => {
    const data = JSON.parse(String(event.data)) as { type: string; message?: WidgetMessage; typing?: boolean; readAt?: string };
    if (data.type === 'ready') {
      status.hidden = true;
      retryMs = 1_000;
      void load(); // what was said while this socket was down
    } else if (data.type === 'message' && data.message) {
      typing.hidden = true;
      render(data.message);
      if (data.message.from === 'agent') markRead();
    } else if (data.type === 'typing') {
      typing.textContent = fill(t.typing, { name: settings.brandName });
      typing.hidden = !data.typing;
    } else if (data.type === 'read' && data.readAt) {
      for (const item of log.querySelectorAll<HTMLElement>('.message.visitor .meta')) if (!item.textContent?.endsWith(t.seen)) item.textContent += ` · ${t.seen}`;
    }
  });
  ws.addEventListener('close', (event) => {
    socket = null;
    if (event.code === 4401) return;
    status.textContent = t.offline;
    status.hidden = false;
    setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 30_000);
  });
}

function readFile(chosen: File): Promise<{ filename: string; contentType: string; content: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ filename: chosen.name, contentType: chosen.type || 'application/octet-stream', content: String(reader.result).split(',')[1] ?? '' });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(chosen);
  });
}

let typingSentAt = 0;
let typingStop: ReturnType<typeof setTimeout> | undefined;
function tellTyping(on: boolean): void {
  if (!token) return;
  void post('typing', { integrationId: settings.integrationId, visitorToken: token, typing: on }).catch(() => undefined);
}
textarea.addEventListener('input', () => {
  if (Date.now() - typingSentAt > 3_000) {
    typingSentAt = Date.now();
    tellTyping(true);
  }
  clearTimeout(typingStop);
  typingStop = setTimeout(() => {
    typingSentAt = 0;
    tellTyping(false);
  }, 4_000);
});
textarea.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey) {
    event.preventDefault();
    composer.requestSubmit();
  }
});

composer.addEventListener('submit', async (event) => {
  event.preventDefault();
  problem.hidden = true;
  const body = textarea.value.trim();
  const chosen = file.files?.[0];
  if (!body && !chosen) return;
  const given = emailInput.value.trim();
  if (needsEmail() && !emailInput.reportValidity()) return;
  if (chosen && chosen.size > settings.maxAttachmentBytes) {
    problem.textContent = fill(t.tooLarge, { size: String(Math.floor(settings.maxAttachmentBytes / 1024)) });
    problem.hidden = false;
    return;
  }
  send.disabled = true;
  try {
    const reply = await post<{ visitorToken: string; message: WidgetMessage }>(
      'messages',
      {
        integrationId: settings.integrationId,
        visitorToken: token,
        body,
        hostOrigin,
        ...(given && !email ? { email: given } : {}),
        ...(chosen ? { attachments: [await readFile(chosen)] } : {}),
      },
      `?integrationId=${settings.integrationId}`,
    );
    if (given && !email) email = given;
    if (!token) {
      token = reply.visitorToken;
      keepToken(token);
      connect();
    }
    render(reply.message);
    textarea.value = '';
    file.value = '';
    clearTimeout(typingStop);
    if (typingSentAt) tellTyping(false);
    typingSentAt = 0;
    showEmail();
  } catch (error) {
    problem.textContent = fill(t.failed, { reason: (error as Error).message });
    problem.hidden = false;
  } finally {
    send.disabled = false;
    textarea.focus();
  }
});

emailForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!token || !emailInput.reportValidity()) return;
  try {
    await post('email', { integrationId: settings.integrationId, visitorToken: token, email: emailInput.value.trim() });
    email = emailInput.value.trim();
    showEmail();
  } catch (error) {
    problem.textContent = fill(t.failed, { reason: (error as Error).message });
    problem.hidden = false;
  }
});

const closeWidget = () => parent.postMessage('lattice-messenger:close', hostOrigin && hostOrigin !== 'null' ? hostOrigin : '*');
close.addEventListener('click', closeWidget);
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') closeWidget();
});
document.addEventListener('visibilitychange', markRead);
window.addEventListener('focus', () => textarea.focus());

void load().then(() => {
  document.body.dataset.loaded = 'true';
  connect();
});
textarea.focus();
