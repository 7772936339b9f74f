import { useMemo, type ReactElement } from 'react';
import type { I18n } from '@lingui/core';
import { LinguiContext, Trans } from '@lingui/react';
import type { MessageValues } from './use-messages.js';

interface MessageMarkupProps {
  i18n: I18n;
  id: string;
  values?: MessageValues;
  components?: Record<string, ReactElement>;
}

/** Lingui's `Trans`: the message's tags become the given elements, wrapped around the translated text. */
export function MessageMarkup({ i18n, id, values, components }: MessageMarkupProps) {
  const context = useMemo(() => ({ i18n, _: i18n._.bind(i18n) }), [i18n]);
  return (
    <LinguiContext.Provider value={context}>
      <Trans id={id} values={values} components={components} />
    </LinguiContext.Provider>
  );
}
