/** `.wasm` imports are bundled as their bytes (esbuild `--loader:.wasm=binary`, package.json "build"). */
declare module '*.wasm' {
  const bytes: Uint8Array<ArrayBuffer>;
  export default bytes;
}
