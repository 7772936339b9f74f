import type { Writable } from 'node:stream';
import type { BuildProgress } from './build-progress.js';
import { elapsedTime } from './elapsed-time.js';

export interface ProgressReporter {
  finished(name: string): void;
  /** The closing line; `failed` names the builds that failed, if any. */
  end(failed?: string[]): void;
}

export interface ReporterOptions {
  output: Writable & { columns?: number };
  /** A terminal: one line, cut to its width so it never wraps, redrawn every second. Otherwise (CI, a pipe) plain lines. */
  interactive: boolean;
  /** In plain lines, how often to say what is still building when nothing finished meanwhile. */
  quietLimitMs?: number;
}

/** Shows a build's progress: which packages are building, how many are left and the elapsed time. */
export function reportProgress(progress: BuildProgress, options: ReporterOptions): ProgressReporter {
  const startedAt = Date.now();
  const { output, interactive } = options;
  const elapsed = () => elapsedTime(Date.now() - startedAt);
  const left = () => `${progress.total - progress.done} left`;
  const building = () => {
    const names = progress.building();
    return names.length > 0 ? ` · building ${names.join(', ')}` : '';
  };
  let lastLineAt = startedAt;

  const print = (line: string) => {
    output.write(interactive ? `\r\x1b[K${line}\n` : `${line}\n`);
    lastLineAt = Date.now();
  };
  const redraw = () => {
    if (interactive) {
      const line = `  ${progress.done}/${progress.total} built · ${left()} · ${elapsed()}${building()}`;
      output.write(`\r\x1b[K${line.slice(0, (output.columns || 100) - 1)}`);
    } else if (Date.now() - lastLineAt >= (options.quietLimitMs ?? 30_000)) {
      print(`  still building ${progress.building().join(', ')} (${elapsed()})`);
    }
  };

  const cached = progress.cached > 0 ? ` (${progress.cached} from cache)` : '';
  print(`Building ${progress.total} packages${cached}: ${progress.building().join(', ')} first`);
  redraw();
  const timer = setInterval(redraw, 1000);
  timer.unref();

  return {
    finished(name) {
      if (interactive) return redraw();
      print(`  built ${name} (${progress.done}/${progress.total}, ${left()}, ${elapsed()})${building()}`);
    },
    end(failed) {
      clearInterval(timer);
      if (failed && failed.length > 0) print(`Build failed after ${elapsed()}: ${failed.join(', ')}`);
      else print(`Built ${progress.total} packages in ${elapsed()}${cached}`);
    },
  };
}
