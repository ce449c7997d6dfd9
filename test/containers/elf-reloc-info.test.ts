/**
 * formats/elf.ts `relocInfo`: r_info split by ELF class, and MIPS64 little-endian's own layout
 * (llvm/llvm-project:llvm/include/llvm/Object/ELFTypes.h `Elf_Rel_Impl::getRInfo` with isMips64EL).
 */
import { expect } from 'chai';
import { EM, pointerRelocs, relocInfo } from '../../formats/elf.js';

describe('formats/elf relocInfo', () => {
  it('ELF32 and ELF64 the gABI way', () => {
    expect(relocInfo(32, 0x00000d02)).to.deep.equal({ sym: 0x0d, type: 2 });
    expect(relocInfo(64, 0x0000000500000008n)).to.deep.equal({ sym: 5, type: 8 });
  });
  it('MIPS64EL: r_sym (u32 LE), then r_ssym, r_type3, r_type2, r_type bytes (as sycl/k.mips64el.exe.readelf.txt shows them)', () => {
    // R_MIPS_REL32/R_MIPS_64/R_MIPS_NONE against symbol 0, as ld.lld-22 writes it in .rel.dyn: 0x0312000000000000.
    expect(relocInfo(64, 0x0312000000000000n, true)).to.deep.equal({ sym: 0, type: 0x1203 });
    expect(relocInfo(64, 0x0312000000000000n, true).type).to.equal(pointerRelocs(64, EM.MIPS)!.relative);
    // R_MIPS_64 against symbol 0x10 in the wrapper object's .rela: 0x1200000000000010.
    expect(relocInfo(64, 0x1200000000000010n, true)).to.deep.equal({ sym: 0x10, type: 18 });
    expect(relocInfo(64, 0x1200000000000010n, true).type).to.equal(pointerRelocs(64, EM.MIPS)!.abs);
  });
  it('MIPS32: R_MIPS_32 absolute, R_MIPS_REL32 relative (with a symbol: S + A)', () => {
    expect(pointerRelocs(32, EM.MIPS)).to.deep.include({ abs: 2, relative: 3, relativeWithSymbol: true });
  });
});
