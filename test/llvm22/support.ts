/** Where the LLVM 22 / LLVM 19 fixtures live (testdata/llvm22, made by scripts/fixtures/llvm22.sh; README there). */
export const LLVM22 = new URL('../../testdata/llvm22/', import.meta.url).pathname;
