import { z } from 'zod';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24 hours)');

/** One stretch of working hours: the days it applies to (0 = Sunday … 6 = Saturday), from and to, in `timeZone`. */
const workingHoursSchema = z.object({
  days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
  from: hhmm,
  to: hhmm,
});

/** An origin as a browser sends it: scheme, host and port, nothing after. */
const originSchema = z
  .string()
  .trim()
  .transform((text, context) => {
    try {
      const url = new URL(text);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text.replace(/\/$/, '')) return url.origin;
    } catch {
      // reported below
    }
    context.addIssue({ code: 'custom', message: `"${text}" is not an origin like https://shop.example.com` });
    return z.NEVER;
  });

/**
 * The messenger settings an integration is created with (`integrationsCreateExternalIntegration`'s `data`).
 * Every field is optional: `data: {}` gives a working messenger with these defaults.
 */
export const messengerSettingsSchema = z
  .object({
    brandName: z.string().trim().min(1).max(100).default('Support'),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'color must be like #1c7ed6')
      .default('#1c7ed6'),
    greeting: z.string().trim().max(500).default('Hello! How can we help?'),
    awayMessage: z.string().trim().max(500).default("We're away right now. Leave your e-mail and we'll answer by mail."),
    /** Empty: always within working hours. */
    workingHours: z.array(workingHoursSchema).max(14).default([]),
    timeZone: z
      .string()
      .default('UTC')
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, 'timeZone must be an IANA time zone like Europe/Berlin'),
    /** Path prefixes of the site the launcher shows on; empty: every page. */
    pages: z.array(z.string().trim().startsWith('/', 'pages are URL paths starting with /').max(500)).max(100).default([]),
    requireEmail: z.boolean().default(false),
    /** Origins that may embed the widget; empty: any site. */
    allowedOrigins: z.array(originSchema).max(50).default([]),
    maxAttachmentBytes: z
      .number()
      .int()
      .min(0)
      .max(10 * 1024 * 1024)
      .default(2 * 1024 * 1024),
    /**
     * The mail integration (its kind, imap unless told, and inbox id) an agent's replies also go out through, to a
     * visitor who left an e-mail while nobody was online; none: replies reach the widget only.
     */
    replyByMail: z
      .object({
        kind: z.string().regex(/^[a-z][a-z0-9-]{0,49}$/, 'replyByMail.kind must be an integration kind like imap').default('imap'),
        integrationId: z.string().regex(/^[0-9a-fA-F]{24}$/, 'replyByMail.integrationId must be the mail integration\'s id'),
      })
      .strict()
      .nullable()
      .default(null),
  })
  .strict();

export type MessengerSettings = z.infer<typeof messengerSettingsSchema>;

/** Whether `at` falls within the working hours (always, when none are set). */
export function withinWorkingHours(settings: Pick<MessengerSettings, 'workingHours' | 'timeZone'>, at = new Date()): boolean {
  if (settings.workingHours.length === 0) return true;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: settings.timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  const time = `${part('hour')}:${part('minute')}`;
  return settings.workingHours.some((stretch) => stretch.days.includes(day) && stretch.from <= time && time < stretch.to);
}
