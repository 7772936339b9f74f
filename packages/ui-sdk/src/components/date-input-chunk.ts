// What DateInput loads the first time one renders, as one chunk: Mantine's date picker, dayjs' German
// month and day names (dayjs knows English already), its localized formats ("LL": "November 26, 2026",
// "26. November 2026") and the parsing of a date typed in one. Start-up carries none of it.
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import localizedFormat from 'dayjs/plugin/localizedFormat.js';
import 'dayjs/locale/de.js';

export { DateInput } from '@mantine/dates';

dayjs.extend(localizedFormat);
dayjs.extend(customParseFormat);
