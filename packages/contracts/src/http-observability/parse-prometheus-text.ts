/** One sample of a scrape: `name{labels} value`. */
export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/;

/**
 * Reads the Prometheus text exposition format (0.0.4): `# HELP` and `# TYPE` lines, samples with labels and
 * an optional timestamp. A line that is none of these throws, naming the line: for checks and tests of a
 * scrape, not a full client.
 */
export function parsePrometheusText(text: string): PrometheusSample[] {
  const samples: PrometheusSample[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const fail = (why: string) => {
      throw new Error(`line ${index + 1} is not Prometheus text (${why}): ${line}`);
    };
    if (line.startsWith('#')) {
      if (/^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line) || /^# (?!HELP|TYPE)/.test(line)) return;
      return fail('a malformed HELP or TYPE comment');
    }
    const name = METRIC_NAME.exec(line)?.[0];
    if (!name) return fail('no metric name');
    let rest = line.slice(name.length);
    const labels: Record<string, string> = {};
    if (rest.startsWith('{')) {
      rest = rest.slice(1);
      while (!rest.startsWith('}')) {
        const label = LABEL.exec(rest);
        if (!label) return fail('a malformed label');
        labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_escape, char: string) => (char === 'n' ? '\n' : char));
        rest = rest.slice(label[0].length);
        if (rest.startsWith(',')) rest = rest.slice(1);
        else if (!rest.startsWith('}')) return fail('labels not separated by commas');
      }
      rest = rest.slice(1);
    }
    const [value, timestamp, extra] = rest.trim().split(/\s+/);
    if (!rest.startsWith(' ') || value === undefined || extra !== undefined) return fail('not one value and an optional timestamp');
    // Prometheus reads NaN and Inf in any case (Go's ParseFloat); prom-client writes `Nan`.
    const special = /^([+-]?)(inf|nan)$/i.exec(value);
    const parsed = special ? (special[2]!.toLowerCase() === 'nan' ? NaN : special[1] === '-' ? -Infinity : Infinity) : Number(value);
    if (!special && Number.isNaN(parsed)) return fail('a value that is no number');
    if (timestamp !== undefined && !/^-?\d+$/.test(timestamp)) return fail('a timestamp that is no integer');
    samples.push({ name, labels, value: parsed });
  });
  return samples;
}

/** The sum of the samples named `name` whose labels include all of `labels`. */
export function sumOfSamples(samples: readonly PrometheusSample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((total, sample) => total + sample.value, 0);
}
