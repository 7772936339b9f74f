import { useEffect, useMemo, useRef, useState } from 'react';
import { mailHtmlDocument } from '../mail-body/mail-html-document.js';

interface MailHtmlFrameProps {
  html: string;
  remoteImages: boolean;
  showQuoted: boolean;
  title: string;
  /** What the sanitised mail holds that the view offers a choice about. */
  onInspected: (found: { blockedImages: number; hasQuoted: boolean }) => void;
}

/**
 * A received mail's HTML, sanitised, in a frame sandboxed without `allow-scripts`: nothing in it runs, even
 * what the sanitiser might miss. `allow-same-origin` only lets this view read the frame's height (no script
 * runs in the frame to misuse it); links open in a new tab, outside the sandbox.
 */
export function MailHtmlFrame({ html, remoteImages, showQuoted, title, onInspected }: MailHtmlFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(80);
  const mail = useMemo(() => mailHtmlDocument(html, { remoteImages, showQuoted }), [html, remoteImages, showQuoted]);
  const { blockedImages, hasQuoted } = mail;

  useEffect(() => onInspected({ blockedImages, hasQuoted }), [blockedImages, hasQuoted, onInspected]);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let observer: ResizeObserver | undefined;
    const fit = () => {
      const page = element.contentDocument?.documentElement;
      if (page) setHeight(Math.max(page.scrollHeight, 24));
    };
    const loaded = () => {
      fit();
      observer?.disconnect();
      const body = element.contentDocument?.body;
      if (body) {
        observer = new ResizeObserver(fit);
        observer.observe(body);
      }
    };
    element.addEventListener('load', loaded);
    // The mail may have loaded before this effect ran.
    if (element.contentDocument?.readyState === 'complete' && element.contentDocument.body?.childElementCount) loaded();
    return () => {
      element.removeEventListener('load', loaded);
      observer?.disconnect();
    };
  }, []);

  return (
    <iframe
      ref={frame}
      title={title}
      data-testid="imap-message-html"
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={mail.srcdoc}
      style={{ width: '100%', height, border: 0, display: 'block', colorScheme: 'light', background: '#fff', borderRadius: 4 }}
    />
  );
}
