/** A JSON object as the `JSON` scalar hands it over: keys known, values not. */
export type JsonObject = Record<string, unknown>;

/** The imap queries answer with the JSON scalar, so nothing in the schema promises a row's shape. */
export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
