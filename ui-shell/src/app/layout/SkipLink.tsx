import type { MouseEvent } from 'react';
import { useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import './skip-link.css';

/** The id of the region a page's content is in (`tabIndex={-1}`, so it can take the focus). */
export const mainContentId = 'lattice-main';

/**
 * "Skip to content": the first thing a keyboard reaches on every page, shown while it has the focus, so a
 * keyboard or screen reader user passes the header and navigation in one step. It moves the focus itself
 * rather than leaving it to the browser's fragment navigation, so the page's URL stays as it is.
 */
export function SkipLink() {
  const t = useMessages(shellCatalogue);
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(mainContentId);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="lattice-skip-link" href={`#${mainContentId}`} onClick={skip}>
      {t('layout.skipToContent')}
    </a>
  );
}
