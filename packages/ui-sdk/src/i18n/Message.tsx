import { useMemo, type ReactElement } from 'react';
import { LinguiContext, Trans } from '@lingui/react';
import type { Catalogue } from './define-catalogue.js';
import type { MessageValues } from './use-messages.js';
import { useCatalogueI18n } from './use-catalogue-i18n.js';

interface MessageProps<Id extends string> {
  catalogue: Catalogue<Id>;
  id: Id;
  values?: MessageValues;
  /** The elements a message's tags stand for: `"Read <link>the guide</link>"` with `{ link: <Anchor href="…" /> }`. */
  components?: Record<string, ReactElement>;
}

/** A message with markup in it: its tags become the given elements, wrapped around the translated text. */
export function Message<Id extends string>({ catalogue, id, values, components }: MessageProps<Id>) {
  const i18n = useCatalogueI18n(catalogue);
  const context = useMemo(() => ({ i18n, _: i18n._.bind(i18n) }), [i18n]);
  return (
    <LinguiContext.Provider value={context}>
      <Trans id={id} values={values} components={components} />
    </LinguiContext.Provider>
  );
}
