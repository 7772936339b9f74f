/** One option of a command: what node's `util.parseArgs` takes, plus the words its usage prints. */
export interface CommandOption {
  readonly type: 'string' | 'boolean';
  readonly multiple?: boolean;
  readonly short?: string;
  readonly default?: string | boolean | string[];
  /** One line for the usage, e.g. `the deployment file`. */
  readonly description: string;
  /** The value's name in the usage: `--config <file>`. */
  readonly valueName?: string;
}

export type CommandOptions = Readonly<Record<string, CommandOption>>;

type OptionValue<Option extends CommandOption> = Option extends { type: 'boolean' }
  ? Option extends { multiple: true }
    ? boolean[]
    : boolean
  : Option extends { multiple: true }
    ? string[]
    : string;

/** What `run` receives for each option: its value, or undefined when it has no default and was not given. */
export type OptionValues<Options extends CommandOptions> = {
  -readonly [Name in keyof Options]: OptionValue<Options[Name]> | (Options[Name] extends { default: unknown } ? never : undefined);
};

export interface CommandInput<Options extends CommandOptions> {
  values: OptionValues<Options>;
  /** The words after the command name that are not options, e.g. the plugins of `lattice host a b`. */
  operands: string[];
}

/**
 * What each `commands/<name>.ts` exports. `operands` names the words a command takes after its name (for the
 * usage); a command without it refuses any. `details` is printed under the summary in the command's own help.
 */
export interface CommandModule<Options extends CommandOptions = CommandOptions> {
  summary: string;
  operands?: string;
  details?: string;
  options: Options;
  run(input: CommandInput<Options>): Promise<void>;
}
