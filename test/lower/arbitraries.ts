/**
 * fast-check arbitraries for LLVM types and matching default values (shared by the lowering tests
 * and the golden-vector generator).
 */
import fc from 'fast-check';
import { Types, type IrType, type ScalarType } from '../../src/lower/types.js';

export const scalarArb: fc.Arbitrary<ScalarType> = fc.constantFrom<ScalarType>(
  Types.i1, Types.i8, Types.i16, Types.i32, Types.i64, Types.half, Types.float, Types.double,
);

export interface TypeArbOptions {
  /** Allow i1 as a vector element. */
  i1Vectors?: boolean;
  /** Allow empty structs and zero-length arrays. */
  empty?: boolean;
  maxDepth?: number;
}

export function typeArb(opts: TypeArbOptions = {}): fc.Arbitrary<IrType> {
  const minLen = opts.empty ? 0 : 1;
  const vecEl = opts.i1Vectors ? scalarArb : scalarArb.filter((s) => !(s.kind === 'int' && s.bits === 1));
  const { tree } = fc.letrec<{ tree: IrType }>((tie) => ({
    tree: fc.oneof(
      { maxDepth: opts.maxDepth ?? 3, depthIdentifier: 'type' },
      scalarArb,
      fc.record({ kind: fc.constant('vector' as const), length: fc.integer({ min: 1, max: 5 }), element: vecEl }),
      fc.record({ kind: fc.constant('array' as const), length: fc.integer({ min: minLen, max: 3 }), element: tie('tree') }),
      fc.record({ kind: fc.constant('struct' as const), packed: fc.boolean(), elements: fc.array(tie('tree'), { minLength: minLen, maxLength: 4 }) }),
    ) as fc.Arbitrary<IrType>,
  }));
  return tree;
}
