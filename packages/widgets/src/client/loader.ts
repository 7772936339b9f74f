/**
 * messenger.js: what a site embeds (`<script src="{widgets}/messenger.js" data-integration-id="ID" async>`).
 * It adds a launcher button in a shadow root (the page's CSS does not reach it) and opens the widget in an iframe from the widgets origin,
 * so the page's CSS and scripts cannot reach the widget, nor the widget the page. Styles are set through the
 * CSSOM, which a host page's CSP does not block.
 */
interface LauncherSettings {
  color: string;
  brandName: string;
  pages: string[];
}

const closeMessage = 'lattice-messenger:close';

function start(script: HTMLScriptElement): void {
  const integrationId = script.dataset.integrationId ?? '';
  const base = script.src.replace(/\/messenger\.js(?:[?#].*)?$/, '');
  const widgetsOrigin = new URL(base).origin;
  const german = /^de\b/i.test(navigator.language);
  const label = german ? 'Chat öffnen' : 'Chat';
  fetch(`${base}/api/settings?integrationId=${encodeURIComponent(integrationId)}`)
    .then((response) => (response.ok ? (response.json() as Promise<LauncherSettings>) : null))
    .then((settings) => {
      if (!settings) return;
      if (settings.pages.length > 0 && !settings.pages.some((prefix) => location.pathname.startsWith(prefix))) return;
      mount(settings);
    })
    .catch(() => undefined);

  // Browsers that block storage in third-party frames leave the widget none: the site keeps its visitor's token.
  const storageKey = `lattice-messenger:${integrationId}`;
  function storedToken(): string | null {
    try {
      return localStorage.getItem(storageKey);
    } catch {
      return null;
    }
  }
  function keepToken(token: string | null): void {
    try {
      if (token) localStorage.setItem(storageKey, token);
      else localStorage.removeItem(storageKey);
    } catch {
      // no storage here either: the conversation lasts as long as the page
    }
  }

  function mount(settings: LauncherSettings): void {
    const host = document.createElement('div');
    host.setAttribute('data-lattice-messenger', integrationId);
    const root = host.attachShadow({ mode: 'open' });
    const button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('aria-label', label);
    button.setAttribute('aria-expanded', 'false');
    button.textContent = '💬';
    Object.assign(button.style, {
      position: 'fixed',
      right: '20px',
      bottom: '20px',
      width: '56px',
      height: '56px',
      borderRadius: '50%',
      border: 'none',
      background: settings.color,
      color: '#fff',
      fontSize: '26px',
      cursor: 'pointer',
      boxShadow: '0 4px 14px rgba(0,0,0,.25)',
      zIndex: '2147483647',
    });
    let frame: HTMLIFrameElement | null = null;
    const place = () => {
      if (!frame) return;
      const phone = window.innerWidth < 480;
      Object.assign(frame.style, phone
        ? { right: '0', bottom: '0', width: '100%', height: '100%', borderRadius: '0' }
        : { right: '20px', bottom: '88px', width: '370px', height: 'min(600px, calc(100% - 108px))', borderRadius: '12px' });
    };
    const open = (isOpen: boolean) => {
      if (isOpen && !frame) {
        frame = document.createElement('iframe');
        frame.title = settings.brandName;
        const token = storedToken();
        frame.src = `${base}/frame?integrationId=${encodeURIComponent(integrationId)}&origin=${encodeURIComponent(location.origin)}&lang=${german ? 'de' : 'en'}${token ? `#t=${encodeURIComponent(token)}` : ''}`;
        Object.assign(frame.style, { position: 'fixed', border: 'none', background: '#fff', boxShadow: '0 8px 30px rgba(0,0,0,.3)', zIndex: '2147483647' });
        root.append(frame);
        frame.addEventListener('load', () => frame?.focus());
      }
      if (!frame) return;
      frame.style.display = isOpen ? 'block' : 'none';
      button.style.display = isOpen && window.innerWidth < 480 ? 'none' : 'block';
      button.setAttribute('aria-expanded', String(isOpen));
      place();
      if (isOpen) frame.focus();
      else button.focus();
    };
    button.addEventListener('click', () => open(button.getAttribute('aria-expanded') !== 'true'));
    window.addEventListener('resize', place);
    window.addEventListener('message', (event) => {
      if (event.origin !== widgetsOrigin) return;
      if (event.data === closeMessage) open(false);
      const data = event.data as { type?: string; integrationId?: string; token?: string | null } | null;
      if (data?.type === 'lattice-messenger:token' && data.integrationId === integrationId) keepToken(data.token ?? null);
    });
    root.append(button);
    document.body.append(host);
  }
}

const current = document.currentScript as HTMLScriptElement | null;
const script = current?.dataset.integrationId ? current : document.querySelector<HTMLScriptElement>('script[data-integration-id][src*="messenger.js"]');
if (script) {
  if (document.body) start(script);
  else document.addEventListener('DOMContentLoaded', () => start(script));
}
