import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Node and the arguments that run the repository's turbo (its JavaScript launcher) with `args`. */
export function turboCommand(args: string[]): [string, string[]] {
  return [process.execPath, [require.resolve('turbo/bin/turbo'), ...args]];
}
