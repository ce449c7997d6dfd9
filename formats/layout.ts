/**
 * Helpers for fields whose value is decided by a writer's layout (offsets and sizes of tables and
 * blobs). A writer computes a plan and hands it to `encode` as the context; each such field is
 * declared as `fromLayout(node, 'imageOffset')`, i.e. "this field is the planned image offset of the
 * structure it sits in". Decoding keeps the stored value; readers validate it.
 */
import { derived, EncodeError, type Node } from '../src/codec/index.js';

/** A writer's layout plan: for each structure value (by identity), its planned derived fields. */
export type LayoutPlan = WeakMap<object, Record<string, number | bigint>>;

/** A field whose value a writer takes from its layout plan (the Sink context): offsets, sizes and indices planned before encoding. EncodeError when the plan has none for the structure. */
export function fromLayout<D, E extends number | bigint>(node: Node<D, E, 'value'>, field: string): Node<D, undefined, 'derived'> {
  return derived(
    node,
    (scope, context) => {
      const plan = context as LayoutPlan | undefined;
      const v = plan?.get(scope)?.[field];
      if (v === undefined) throw new EncodeError(`layout plan has no '${field}' for this structure`);
      return v as E;
    },
    `layout: ${field}`,
  );
}
