/** The activity search's filter: every field optional, a blank one left out. */
export interface ActivityFilter {
  createdBy?: string;
  plugin?: string;
  action?: string;
  /** ISO 8601 instants, inclusive. */
  from?: string;
  to?: string;
}

/** The filter the form's fields make: blanks left out; days as the user's local midnight to the day's last millisecond. */
export function activityFilterOf(fields: { createdBy: string; plugin: string; action: string; fromDay: string; toDay: string }): ActivityFilter {
  const filter: ActivityFilter = {};
  if (fields.createdBy.trim()) filter.createdBy = fields.createdBy.trim();
  if (fields.plugin.trim()) filter.plugin = fields.plugin.trim();
  if (fields.action.trim()) filter.action = fields.action.trim();
  if (fields.fromDay) filter.from = new Date(`${fields.fromDay}T00:00:00`).toISOString();
  if (fields.toDay) filter.to = new Date(`${fields.toDay}T23:59:59.999`).toISOString();
  return filter;
}
