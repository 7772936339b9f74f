import { lazy, useState, type ComponentProps } from 'react';
import { useLocale } from '../i18n/locale-context.js';

// Date pickers weigh more than the rest of the forms put together; they load the first time one renders
// (inside a <Suspense>), from the shell's build so they see the shell's MantineProvider. Their CSS is
// part of the shell's stylesheet; the rest of the chunk is in date-input-chunk.ts.
const MantineDateInput = lazy(() => import('./date-input-chunk.js').then((chunk) => ({ default: chunk.DateInput })));

/** The date's long form in the active language's order, unless a plugin gives its own `valueFormat`. */
export const defaultDateInputFormat = 'LL';

export type DateInputProps = ComponentProps<typeof MantineDateInput>;

/**
 * Mantine's DateInput, loaded on first use, with month and day names and (without a `valueFormat`) the date
 * written as the active language writes it: "November 26, 2026", "26. November 2026". Escape while its calendar is open closes the calendar only: a
 * modal around it (Mantine listens for Escape on the window, before the input) skips an Escape whose
 * target says `data-mantine-stop-propagation`, as Mantine's own comboboxes do, so a form keeps what was typed.
 */
export function DateInput(props: DateInputProps) {
  const [calendarOpen, setCalendarOpen] = useState(false);
  const { locale } = useLocale();
  const { popoverProps } = props;
  return (
    <MantineDateInput
      locale={locale}
      {...props}
      valueFormat={props.valueFormat ?? defaultDateInputFormat}
      data-mantine-stop-propagation={calendarOpen ? 'true' : undefined}
      popoverProps={{
        ...popoverProps,
        onOpen: () => {
          setCalendarOpen(true);
          popoverProps?.onOpen?.();
        },
        onClose: () => {
          setCalendarOpen(false);
          popoverProps?.onClose?.();
        },
      }}
    />
  );
}
