/** SYCL aspects: the enumeration lives in formats/aspects.ts. */
export { aspectInfo, aspectValue, type AspectInfo } from '../../../formats/aspects.js';
