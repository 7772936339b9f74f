import { buildWithProgress } from './build-with-progress.js';

// `npm run build`, `npm start` and `npm run dev` build through this: `node --import tsx packages/cli/src/build-progress/run-build.ts [turbo args]`.
const built = await buildWithProgress({
  cwd: process.cwd(),
  args: process.argv.slice(2),
  output: process.stdout,
  interactive: process.stdout.isTTY === true && !process.env.CI,
});
process.exitCode = built ? 0 : 1;
