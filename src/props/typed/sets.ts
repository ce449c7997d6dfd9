/**
 * What each known property set holds (the table lives in formats/property-sets.ts with the set names).
 */
export { SET, SET_SCHEMAS, BUNDLE_STATE, IR_TYPE, setSchema, keyRule, type KeyRule, type SetSchema } from '../../../formats/property-sets.js';
