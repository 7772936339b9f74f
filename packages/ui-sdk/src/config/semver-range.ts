// npm's range grammar (node-semver's README, "Range Grammar"), so that a descriptor is checked without a
// run-time dependency: `^19.0.0`, `>=18.2 <20`, `~7.1`, `1.x || 2`, `1.2 - 2.3.4`, `*`.
const number = '(?:0|[1-9]\\d*)';
const xr = `(?:[xX*]|${number})`;
const identifiers = '[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*';
const qualifier = `(?:-${identifiers})?(?:\\+${identifiers})?`;
const partial = `v?${xr}(?:\\.${xr}(?:\\.${xr}${qualifier})?)?`;
const simple = `(?:(?:<=|>=|<|>|=|~>|~|\\^)\\s*)?${partial}`;
const hyphen = `${partial}\\s+-\\s+${partial}`;
const range = `(?:${hyphen}|${simple}(?:\\s+${simple})*)`;
const rangeSet = new RegExp(`^\\s*${range}(?:\\s*\\|\\|\\s*${range})*\\s*$`);

/** Whether `text` is a semver range as npm reads one (a dist-tag such as "latest" is not). */
export function isSemverRange(text: string): boolean {
  return rangeSet.test(text);
}
