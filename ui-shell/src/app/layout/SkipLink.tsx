import { useState, type CSSProperties, type MouseEvent } from 'react';
import { useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';

/** The id of the region a page's content is in (`tabIndex={-1}`, so it can take the focus). */
export const mainContentId = 'lattice-main';

/** The main region takes the focus from the skip link only; it is no control and needs no focus ring. */
export const mainContentStyle: CSSProperties = { outline: 'none' };

// Inline rather than a stylesheet: a file of its own would be one more request at every start.
const linkStyle: CSSProperties = {
  position: 'fixed',
  top: 8,
  left: 8,
  zIndex: 1000,
  padding: '8px 16px',
  borderRadius: 'var(--mantine-radius-md)',
  background: 'var(--mantine-color-body)',
  color: 'var(--mantine-color-anchor)',
  border: '2px solid var(--mantine-primary-color-filled)',
  fontWeight: 600,
};

/**
 * "Skip to content": the first thing a keyboard reaches on every page, out of sight until it has the
 * focus, so a keyboard or screen reader user passes the header and navigation in one step. It moves the
 * focus itself rather than leaving it to the browser's fragment navigation, so the page's URL stays as it is.
 */
export function SkipLink() {
  const t = useMessages(shellCatalogue);
  const [focused, setFocused] = useState(false);
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(mainContentId);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a
      href={`#${mainContentId}`}
      onClick={skip}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      style={{ ...linkStyle, transform: focused ? 'none' : 'translateY(calc(-100% - 16px))' }}
    >
      {t('layout.skipToContent')}
    </a>
  );
}
