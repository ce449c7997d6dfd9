/**
 * A minimal ELF64 little-endian relocatable object (x86-64) whose one SHT_LLVM_OFFLOADING section
 * `.llvm.offloading` holds given bytes: for tests of what a section holds (no symbols, no
 * relocations, so no SYCL descriptor). Field places come from formats/elf.ts.
 */
import { Elf64Header, Elf64SectionHeader, SHT_LLVM_OFFLOADING } from '../../formats/elf.js';

/** The object: ELF header, `payload` at file offset 64 as `.llvm.offloading`, `.shstrtab`, the section headers. */
export function elfWithSection(payload: Uint8Array): Uint8Array {
  const names = new TextEncoder().encode('\0.llvm.offloading\0.shstrtab\0');
  const at = Elf64Header.fixedSize!;
  const strAt = at + payload.length;
  const shoff = Math.ceil((strAt + names.length) / 8) * 8;
  const sh = Elf64SectionHeader.fixedSize!;
  const out = new Uint8Array(shoff + 3 * sh);
  const dv = new DataView(out.buffer);
  out.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
  const h = Elf64Header.offsets as Record<string, number>;
  dv.setUint16(h.e_type!, 1, true);
  dv.setUint16(h.e_machine!, 62, true);
  dv.setUint32(h.e_version!, 1, true);
  dv.setBigUint64(h.e_shoff!, BigInt(shoff), true);
  dv.setUint16(h.e_ehsize!, at, true);
  dv.setUint16(h.e_shentsize!, sh, true);
  dv.setUint16(h.e_shnum!, 3, true);
  dv.setUint16(h.e_shstrndx!, 2, true);
  out.set(payload, at);
  out.set(names, strAt);
  const s = Elf64SectionHeader.offsets as Record<string, number>;
  const section = (i: number, name: number, type: number, offset: number, size: number): void => {
    const b = shoff + i * sh;
    dv.setUint32(b + s.sh_name!, name, true);
    dv.setUint32(b + s.sh_type!, type, true);
    dv.setBigUint64(b + s.sh_offset!, BigInt(offset), true);
    dv.setBigUint64(b + s.sh_size!, BigInt(size), true);
    dv.setBigUint64(b + s.sh_addralign!, 1n, true);
  };
  section(1, 1, SHT_LLVM_OFFLOADING, at, payload.length);
  section(2, 18, 3, strAt, names.length);
  return out;
}
