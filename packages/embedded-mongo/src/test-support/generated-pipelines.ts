/** Aggregation pipelines for the differential test, from the seeded generator (the same cases every run). */
import { generator } from './generated-queries.js';

type Doc = Record<string, unknown>;

export function pipelineGenerator(seed: number) {
  const { filter, pick, random } = generator(seed);
  const expression = (): unknown =>
    pick([
      { $type: pick(['$a', '$b', '$a.b']) },
      { $isArray: pick(['$a', '$b']) },
      { $ifNull: [pick(['$a', '$b', '$a.c']), 'none'] },
      { $eq: [pick(['$a', '$b']), pick([1, null, 'x', 2.5])] },
      { $gt: [pick(['$a', '$b']), pick([1, null, 'x', true])] },
      { $cond: [{ $gte: [pick(['$a', '$b']), 2] }, 'big', 'small'] },
      { $add: [pick(['$a', '$b']), 1] },
      { $size: pick(['$a', '$b']) },
      pick(['$a', '$a.b', '$b.c']),
    ]);
  const stage = (): Doc => {
    const kind = pick(['$match', '$match', '$sort', '$project', '$addFields', '$addFields', '$unwind', '$group', '$group', '$count']);
    if (kind === '$match') return { $match: filter() };
    if (kind === '$sort') {
      const sort = { $sort: { [pick(['a', 'b'])]: pick([1, -1]), _id: 1 } };
      return random() < 0.5 ? sort : { ...sort, then: pick([{ $skip: 1 + Math.floor(random() * 5) }, { $limit: 1 + Math.floor(random() * 10) }]) };
    }
    if (kind === '$project') return { $project: { [pick(['a', 'b', 'a.b', 'a.c', 'b.b'])]: pick([0, 1]) } };
    if (kind === '$addFields') return { $addFields: { c: expression() } };
    if (kind === '$unwind') return { $unwind: pick(['$a', '$b']) };
    if (kind === '$group') {
      return {
        $group: {
          _id: pick(['$a', '$b', '$a.b', null]),
          n: { $sum: 1 },
          s: { $sum: pick(['$b', '$a']) },
          mx: { $max: pick(['$b', '$a']) },
          mn: { $min: pick(['$b', '$a.c']) },
          p: { $push: pick(['$b', '$a.b']) },
        },
      };
    }
    return { $count: 'n' };
  };
  /** One to three stages; a $sort may bring a $skip or $limit right after it, so their result is defined. */
  function pipeline(): Doc[] {
    const out: Doc[] = [];
    const count = 1 + Math.floor(random() * 3);
    for (let i = 0; i < count; i++) {
      const { then, ...next } = stage();
      out.push(next);
      if (then) out.push(then as Doc);
    }
    return out;
  }
  return { pipeline };
}
