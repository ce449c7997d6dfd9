/**
 * Errors of the lowering layer (manifest → property sets). Every error names where in the input
 * the problem is: a JSON path into the manifest (`specConstants[2].default[1]`) and, for LLVM type
 * strings, the column inside the string.
 */
import { SyclbinError, type ErrorCode } from '../codec/errors.js';
import { formatPath } from '../codec/spans.js';

/** A lowering input problem (manifest, type string, IR), located by its JSON path. */
export class LowerError extends SyclbinError {
  /** JSON path of the offending value, as keys. */
  readonly pathSegments: (string | number)[];
  /** The message without the location suffix. */
  readonly reason: string;
  /**
   * 1-based line and column in the manifest's text of the value at the path (or, for JSON that does
   * not parse, of its first mistake), set by `parseManifestText`, which has the text; undefined for a
   * manifest given as a parsed document. Columns count UTF-16 code units (codec/json-syntax.ts).
   */
  line?: number;
  /** See {@link LowerError.line}. */
  column?: number;
  /**
   * Byte offset in the manifest's text (its UTF-8 bytes, as given to `parseManifestText`) of the same
   * place as {@link LowerError.line} and {@link LowerError.column}; undefined when they are.
   */
  offset?: number;
  constructor(reason: string, path: readonly (string | number)[] = [], code: ErrorCode = 'SYNTAX') {
    super(code, reason);
    this.reason = reason;
    this.pathSegments = [...path];
    this.refresh();
  }
  /** The JSON path as text (`specConstants[2].default[1]`). */
  get path(): string {
    return formatPath(this.pathSegments);
  }
  /** Prepend outer JSON path segments while unwinding. */
  within(...outer: (string | number)[]): this {
    this.pathSegments.unshift(...outer);
    this.refresh();
    return this;
  }
  /** Set {@link LowerError.line}, {@link LowerError.column} and, when given, {@link LowerError.offset} (the message is unchanged); returns the same error. */
  placedAt(at: { line: number; column: number; offset?: number }): this {
    this.line = at.line;
    this.column = at.column;
    if (at.offset !== undefined) this.offset = at.offset;
    return this;
  }
  private refresh(): void {
    this.message = this.pathSegments.length ? `${this.reason} (at ${formatPath(this.pathSegments)})` : this.reason;
  }
}

/**
 * The sycl-post-link diagnostic of spec lowering.md fact 37, raised when a `device_image_scope`
 * device global is used by more than one module. `message` is exactly the upstream text (without the
 * `sycl-post-link: error: ` prefix the tool adds), so tools can print `<prog>: error: <message>`.
 */
export class CrossModuleDeviceGlobalError extends SyclbinError {
  /** IR name of the device global. */
  readonly irName: string;
  /** The modules (device images) that use it. */
  readonly modules: string[];
  constructor(irName: string, modules: string[]) {
    super('FORMAT', `device_global variable '${irName}' with property "device_image_scope" is used in more than one device image.`);
    this.irName = irName;
    this.modules = modules;
  }
}
