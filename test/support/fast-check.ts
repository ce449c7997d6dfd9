/**
 * Every fast-check property of the suite runs from one fixed seed (tests are deterministic: a
 * failure seen once is seen again, and a run is what CI ran). `FC_SEED=N` picks another seed and
 * `FC_SEED=random` lets fast-check choose one per property, for exploring; a property that names its
 * own seed keeps it.
 */
import fc from 'fast-check';

const chosen = process.env.FC_SEED;
if (chosen !== 'random') {
  const seed = chosen === undefined || chosen === '' ? 0x5eed5 : Number(chosen);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer or 'random', not '${chosen}'`);
  fc.configureGlobal({ seed });
}
