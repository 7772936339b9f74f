import DOMPurify from 'dompurify';
import { isRemoteUrl } from './remote-images.js';

export interface MailHtmlOptions {
  /** Load images and backgrounds from other servers (the user allowed them for this sender). */
  remoteImages: boolean;
  /** Keep the quoted history (Gmail's `.gmail_quote`, quoting `<blockquote>`s) instead of folding it away. */
  showQuoted: boolean;
}

export interface MailHtmlDocument {
  /** A whole document for an iframe's `srcdoc`: sanitised, with its own policy in <head>. */
  srcdoc: string;
  /** Remote images left out (0 when they load). */
  blockedImages: number;
  /** Whether the mail quotes earlier mail (so a "show quoted text" toggle is worth showing). */
  hasQuoted: boolean;
}

const quotedHistory = '.gmail_quote, blockquote[type="cite"], blockquote';
const remoteImageAttributes = ['src', 'srcset', 'background', 'poster'] as const;

/**
 * The frame's own policy, on top of the page's (a srcdoc frame inherits both): no script whatever the
 * sanitiser missed, and no fetch from another server unless the user allowed images. CSS may still ask for
 * a remote background; img-src decides that too.
 */
function framePolicy(remoteImages: boolean): string {
  const images = remoteImages ? "data: cid: http: https:" : 'data: cid:';
  return `default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src ${images}; font-src data:; form-action 'none'`;
}

/**
 * A received mail's HTML as a page for a sandboxed frame: DOMPurify takes out scripts, event handlers,
 * `javascript:` links, frames and forms' targets; remote images are left out until allowed; quoted history
 * is folded. Runs in the browser (DOMPurify needs its DOM).
 */
export function mailHtmlDocument(html: string, { remoteImages, showQuoted }: MailHtmlOptions): MailHtmlDocument {
  let blockedImages = 0;
  const purifier = DOMPurify();
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // An image the sender gave no text for says nothing to a screen reader either: decorative.
    if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (remoteImages) return;
    for (const attribute of remoteImageAttributes) {
      const value = node.getAttribute(attribute);
      if (!value) continue;
      const remote = attribute === 'srcset' ? value.split(',').some((candidate) => isRemoteUrl(candidate.trim())) : isRemoteUrl(value);
      if (!remote) continue;
      node.removeAttribute(attribute);
      if (node.tagName === 'IMG' && attribute !== 'srcset') {
        blockedImages += 1;
        node.setAttribute('data-blocked-image', '');
      }
    }
  });
  const root = purifier.sanitize(html, {
    WHOLE_DOCUMENT: true,
    RETURN_DOM: true,
    FORBID_TAGS: ['form', 'input', 'button', 'textarea', 'select', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link'],
    FORBID_ATTR: ['action', 'formaction', 'ping'],
  });
  const document = root.ownerDocument;
  const outermost = [...root.querySelectorAll(quotedHistory)].filter((element) => !element.parentElement?.closest(quotedHistory));
  const ownPart = (root.querySelector('body') ?? root).cloneNode(true) as Element;
  for (const element of ownPart.querySelectorAll(quotedHistory)) element.remove();
  // A mail that is nothing but a quote (a forward) is shown whole.
  const quoted = ownPart.textContent?.trim() ? outermost : [];
  if (!showQuoted) for (const element of quoted) element.remove();

  // The mail's own language when it says; otherwise the page's, so a screen reader picks a voice.
  if (!root.getAttribute('lang') && globalThis.document?.documentElement.lang) root.setAttribute('lang', globalThis.document.documentElement.lang);
  let head = root.querySelector('head');
  if (!head) {
    head = document.createElement('head');
    root.prepend(head);
  }
  const policy = document.createElement('meta');
  policy.setAttribute('http-equiv', 'Content-Security-Policy');
  policy.setAttribute('content', framePolicy(remoteImages));
  const base = document.createElement('style');
  // A mail is written for a white page; long words and wide tables must not widen the conversation.
  base.textContent =
    ':root{color-scheme:light}body{margin:0;font-family:system-ui,sans-serif;font-size:14px;line-height:1.5;color:#1a1b1e;background:#fff;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%}pre{white-space:pre-wrap}';
  head.prepend(policy, base);
  return { srcdoc: `<!doctype html>${root.outerHTML}`, blockedImages, hasQuoted: quoted.length > 0 };
}
