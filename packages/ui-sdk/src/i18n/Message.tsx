import { Suspense, lazy, type ReactElement } from 'react';
import type { Catalogue } from './define-catalogue.js';
import type { MessageValues } from './use-messages.js';
import { useCatalogueI18n } from './use-catalogue-i18n.js';

// Few pages put markup in a message; Lingui's React part loads the first time one does, not at start-up.
const MessageMarkup = lazy(() => import('./MessageMarkup.js').then((module) => ({ default: module.MessageMarkup })));

interface MessageProps<Id extends string> {
  catalogue: Catalogue<Id>;
  id: Id;
  values?: MessageValues;
  /** The elements a message's tags stand for: `"Read <link>the guide</link>"` with `{ link: <Anchor href="…" /> }`. */
  components?: Record<string, ReactElement>;
}

/**
 * A message with markup in it: its tags become the given elements, wrapped around the translated text.
 * Until the markup renderer has loaded (once per visit), the text shows without its markup.
 */
export function Message<Id extends string>({ catalogue, id, values, components }: MessageProps<Id>) {
  const i18n = useCatalogueI18n(catalogue);
  const plain = i18n._(id, values).replace(/<\/?[a-zA-Z0-9]+\s*\/?>/g, '');
  return (
    <Suspense fallback={plain}>
      <MessageMarkup i18n={i18n} id={id} values={values} components={components} />
    </Suspense>
  );
}
