const msPerDay = 86_400_000;
/** 0000-01-01T00:00:00.000Z and 10000-01-01T00:00:00.000Z: the years toISOString writes with four digits. */
const firstMs = -62_167_219_200_000;
const endMs = 253_402_300_800_000;

const twoDigits = (value: number) => (value < 10 ? `0${value}` : `${value}`);
const threeDigits = (value: number) => (value < 10 ? `00${value}` : value < 100 ? `0${value}` : `${value}`);

/**
 * What `date.toISOString()` gives, at about a third of its CPU: a long list serialises two or three dates per
 * document, and toISOString was the Date scalar's whole cost (bench/gateway/PER-DOCUMENT.md). The calendar date
 * comes from the days since 1970 (Howard Hinnant's civil_from_days). Years outside 0000–9999, which toISOString
 * writes with a sign and six digits, and invalid dates (it throws) are left to toISOString.
 */
export function isoDateString(date: Date): string {
  const time = date.getTime();
  if (!(time >= firstMs && time < endMs)) return date.toISOString();
  const days = Math.floor(time / msPerDay);
  const msOfDay = time - days * msPerDay;
  // Days counted from 0000-03-01, in eras of 400 years (146,097 days); the year starts in March so that 29 February is its last day.
  const fromMarch = days + 719_468;
  const era = Math.floor(fromMarch / 146_097);
  const dayOfEra = fromMarch - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(msOfDay / 3_600_000);
  const minutes = Math.floor((msOfDay % 3_600_000) / 60_000);
  const seconds = Math.floor((msOfDay % 60_000) / 1_000);
  const yearText = year < 1_000 ? `${year}`.padStart(4, '0') : `${year}`;
  return `${yearText}-${twoDigits(month)}-${twoDigits(day)}T${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}.${threeDigits(msOfDay % 1_000)}Z`;
}
