/**
 * The option (a symbol: not part of the public API) by which the library's own streaming consumers
 * say they keep and change nothing a v1 read hands their visitor: such a read hands every header
 * that names one metadata blob the same registry, not a copy each (src/syclbin/read-v1.ts). Set by
 * dumpSyclbinChunks (src/syclbin/dump.ts), which prints each module and drops it.
 */
export const VISIT_SHARES_BLOBS: unique symbol = Symbol('syclbin-toolkit: the visitor keeps and changes nothing it is handed');
