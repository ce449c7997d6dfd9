/** Property sets (issue 3): registry text codec, intel/llvm Base64, typed views, checks, JSON form. */
export * from './model.js';
export { decodeBase64, encodeBase64, encodedLength, decodeStandardBase64, encodeStandardBase64, type Base64Text } from './base64.js';
export { readRegistry, writeRegistry, decodeRegistry, encodeRegistry, type DecodeRegistryOptions, encodePropertyValue, rawByteArray, registryProblems, RegistrySyntaxError, textIrregularities, type ReadRegistryOptions, type RegistryRepeat, type TextIrregularity, type TextIrregularityKind } from './registry.js';
export { PropertySetError } from './errors.js';
export { propertyDisplay } from './display.js';
export { decodeText, encodeText } from './text.js';
export * from './typed/index.js';
export { checkRegistry, checkTypedSets, hasErrors, repeatDiagnostics, type PropDiagnostic, type Severity } from './check.js';
export { registryToJson, registryFromJson, PROPS_JSON_FORMAT, PROPS_JSON_VERSION, propsJsonForm, readPropsJson, writePropsJson, propsJsonPieces, type PropsJsonForm, type PropsJsonRead } from './json.js';
export {
  parseLlvmJson,
  printLlvmJson,
  quoteLlvmJson,
  readLlvmProperties,
  readLlvmPropertiesJson,
  writeLlvmPropertiesJson,
  type LlvmJsonDocument,
  type LlvmJsonNote,
  type LlvmJsonValue,
  type LlvmPropsRead,
  type LlvmPropsWritten,
} from './llvm-json.js';
export { explainRegistry } from './explain.js';
