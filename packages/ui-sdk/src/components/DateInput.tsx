import { lazy } from 'react';

// Date pickers weigh more than the rest of the forms put together; they load the first time one renders
// (inside a <Suspense>), from the shell's build so they see the shell's MantineProvider. Their CSS is
// part of the shell's stylesheet.
export const DateInput = lazy(async () => ({ default: (await import('@mantine/dates')).DateInput }));
