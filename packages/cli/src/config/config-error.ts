export interface ConfigProblem {
  /** The key at fault (`plugins[3].name`), empty for the file as a whole. */
  key: string;
  problem: string;
}

function line({ key, problem }: ConfigProblem): string {
  return `${key ? `"${key}" ` : ''}${problem}`;
}

/**
 * A problem with configs.json: says the file, the key and what is wrong, in one message. `ConfigError.of` makes
 * one error of every problem found, so one run names them all.
 */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];

  constructor(
    readonly file: string,
    readonly key: string,
    readonly problem: string,
    problems?: readonly ConfigProblem[],
  ) {
    super(`${file}: ${line({ key, problem })}`);
    this.name = 'ConfigError';
    this.problems = problems ?? [{ key, problem }];
  }

  /** One problem as before; several as a count and one line each. */
  static of(file: string, problems: readonly ConfigProblem[]): ConfigError {
    if (problems.length === 1) return new ConfigError(file, problems[0]!.key, problems[0]!.problem);
    return new ConfigError(file, '', `has ${problems.length} problems:\n  ${problems.map(line).join('\n  ')}`, problems);
  }
}
