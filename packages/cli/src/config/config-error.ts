/** A problem with configs.json: says the file, the key and what is wrong, in one message. */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly key: string,
    readonly problem: string,
  ) {
    super(`${file}: ${key ? `"${key}" ` : ''}${problem}`);
    this.name = 'ConfigError';
  }
}
