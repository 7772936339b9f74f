/** Documents and filters for the differential test, from a seeded generator (the same cases every run). */
type Doc = Record<string, unknown>;

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generator(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const scalar = (): unknown => pick([null, 0, 1, 2, 3, 4, -1, 2.5, 'x', 'y', 'ab', '', true, false]);
  const array = (depth: number): unknown[] => Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
  const subdoc = (depth: number): Doc => {
    const out: Doc = {};
    for (const key of ['b', 'c']) if (random() < 0.6) out[key] = value(depth + 1);
    return out;
  };
  function value(depth = 0): unknown {
    const r = random();
    if (depth >= 2 || r < 0.5) return scalar();
    if (r < 0.75) return array(depth);
    return subdoc(depth);
  }
  const doc = (id: number): Doc => {
    const out: Doc = { _id: id };
    for (const key of ['a', 'b']) if (random() < 0.8) out[key] = value();
    return out;
  };
  const path = (): string => pick(['a', 'b', 'a.b', 'a.c', 'b.b', 'a.b.c']);
  const operand = (): unknown => pick([null, 0, 1, 2, 3, 2.5, 'x', 'y', 'ab', true, [], [1, 2], { b: 1 }]);
  function condition(depth: number): unknown {
    const r = random();
    if (r < 0.2) return operand();
    const op = pick(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists', '$size', '$all', '$elemMatch', '$not']);
    if (op === '$in' || op === '$nin' || op === '$all') return { [op]: Array.from({ length: 1 + Math.floor(random() * 3) }, operand) };
    if (op === '$exists') return { $exists: random() < 0.5 };
    if (op === '$size') return { $size: Math.floor(random() * 3) };
    if (op === '$not') {
      const inner = pick(['$gt', '$lt', '$eq', '$in']);
      return { $not: { [inner]: inner === '$in' ? [operand(), operand()] : pick([0, 1, 2, 'x', null]) } };
    }
    if (op === '$gt' || op === '$gte' || op === '$lt' || op === '$lte') return { [op]: pick([null, 0, 1, 2, 2.5, 'x', 'ab', true]) };
    if (op === '$elemMatch') {
      return depth > 0 || random() < 0.5
        ? { $elemMatch: { [pick(['$gt', '$lt', '$eq', '$ne'])]: pick([0, 1, 2, 'x', null]) } }
        : { $elemMatch: { [pick(['b', 'c'])]: condition(depth + 1) } };
    }
    return { [op]: operand() };
  }
  function filter(depth = 0): Doc {
    const r = random();
    if (depth === 0 && r < 0.15) return { [pick(['$and', '$or', '$nor'])]: [filter(1), filter(1)] };
    const out: Doc = {};
    const fields = 1 + Math.floor(random() * 2);
    for (let i = 0; i < fields; i++) out[path()] = condition(depth);
    return out;
  }
  /** An update of one or two operators ($rename alone), over paths that may cross arrays, scalars and missing fields. */
  const updatePath = (): string => pick(['a', 'b', 'c', 'a.b', 'a.c', 'b.b', 'a.1', 'a.b.c']);
  const updateArgument = (op: string): unknown => {
    if (op === '$inc' || op === '$mul') return pick([1, 2, -1, 2.5, 0]);
    if (op === '$unset') return '';
    if (op === '$pop') return pick([1, -1]);
    if (op === '$pull') {
      const cond = pick(['$gt', '$lt', '$eq', '$in']);
      return random() < 0.5 ? operand() : { [cond]: cond === '$in' ? [pick([1, 2, 'x', null]), pick([3, 'y'])] : pick([1, 2, 'x', null]) };
    }
    return operand();
  };
  function update(): Record<string, Doc> {
    if (random() < 0.08) return { $rename: { [pick(['a', 'b'])]: 'c' } };
    const out: Record<string, Doc> = {};
    const count = 1 + Math.floor(random() * 2);
    for (let i = 0; i < count; i++) {
      const op = pick(['$set', '$unset', '$inc', '$mul', '$min', '$max', '$push', '$addToSet', '$pop', '$pull']);
      out[op] = { ...out[op], [updatePath()]: updateArgument(op) };
    }
    return out;
  }
  return { doc, filter, update, pick, random, operand };
}
