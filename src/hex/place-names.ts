/**
 * The names `diff` gives the places of an object or archive, so that a path it prints
 * (`sections[".llvm.offloading"]`, `members["k.o"].data.sections[".text"#2]`) can be taken back to the
 * span tree's indices (`sections[11]`, `members[2].data.sections[5]`) by `hexdump --path`: one table
 * for both commands, so they never name a byte differently.
 *
 * Portable: no Node APIs.
 */
import type { Annotation } from './annotate.js';
import type { ObjectListing } from '../offload/input.js';

/** The named places of one file. */
export interface PlaceNames {
  /** A top-level ELF or COFF file's section names, by section index (ELF: its reader's; COFF: its listing's). */
  sections?: readonly string[];
  /**
   * An archive's members in order: the span tree's index (`members[i]`), the name (LLVM's `getName`;
   * a special member's stored name) and, for an object member, its section names by index (as the
   * listing of its object has them: every section, those without contents too).
   */
  members?: readonly { index: number; name: string; sections?: readonly string[] }[];
}

/** The named places of the file `a` annotates (see {@link PlaceNames}); neither list for other files. */
export function placeNames(a: Annotation): PlaceNames {
  const sections = a.elf && !a.elf.elf.path.length ? a.elf.elf.sections.map((s) => s.name) : a.input?.container === 'coff' ? a.input.objects.find((o) => o.member === undefined)?.sectionNames : undefined;
  if (sections?.length) return { sections };
  const members = a.input?.archive?.members;
  if (!members?.length) return {};
  // The objects are listed in member order: the k-th listing of a name is the k-th member of that name.
  const listings = new Map<string, ObjectListing[]>();
  for (const o of a.input?.objects ?? []) {
    if (o.member === undefined) continue;
    // (pushed, not spread: an archive of many members of one name stays linear)
    const same = listings.get(o.member);
    if (same) same.push(o);
    else listings.set(o.member, [o]);
  }
  const taken = new Map<string, number>();
  return {
    members: members.map((m) => {
      if (m.special) return { index: m.index, name: m.rawName };
      const k = taken.get(m.name) ?? 0;
      taken.set(m.name, k + 1);
      const names = listings.get(m.name)?.[k]?.sectionNames;
      return names ? { index: m.index, name: m.name, sections: names } : { index: m.index, name: m.name };
    }),
  };
}
