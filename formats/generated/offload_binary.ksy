meta:
  id: offload_binary
  title: "LLVM OffloadBinary, versions 1-3"
  endian: le
  file-extension: [bin, syclbin]
doc: "Generated from formats/offload-binary.ts by scripts/exports.ts (syclbin-toolkit); do not edit. One OffloadBinary at the start of the file (docs/spec/syclbin-format.md §1.5). A compressed v3 binary (inflated_size != 0) keeps its entries inside the zlib/zstd payload, which this description does not decompress. u8 fields are read by Kaitai's JavaScript target as a double (exact up to 2^53); the offsets and sizes of the files this toolkit reads stay below 2^53 (its reader rejects larger ones)."
seq:
  - id: magic
    contents: [16, 255, 16, 173]
  - id: version
    type: u4
instances:
  header_v1:
    pos: 0
    type: offload_header_v1
    if: "version == 1"
  header_v2:
    pos: 0
    type: offload_header_v2
    if: "version == 2"
  header_v3:
    pos: 0
    type: offload_header_v3
    if: "version == 3"
  compressed:
    value: "version == 3 and header_v3.inflated_size != 0"
  entries_offset:
    value: "version == 1 ? header_v1.entry_offset : version == 2 ? header_v2.entries_offset : header_v3.entries_offset"
  entries_count:
    value: "version == 1 ? 1 : version == 2 ? header_v2.entries_count : header_v3.entries_count"
  entries:
    pos: entries_offset
    type: offload_entry
    repeat: expr
    repeat-expr: entries_count
    if: "not compressed"
types:
  offload_header_v1:
    seq:
      - id: magic
        contents: [16, 255, 16, 173]
      - id: version
        type: u4
      - id: size
        type: u8
        doc: "written by the writer: layout: size"
      - id: entry_offset
        type: u8
        doc: "written by the writer: layout: entriesOffset"
      - id: entry_size
        type: u8
        doc: "written by the writer: layout: entrySize"
  offload_header_v2:
    seq:
      - id: magic
        contents: [16, 255, 16, 173]
      - id: version
        type: u4
      - id: size
        type: u8
        doc: "written by the writer: layout: size"
      - id: entries_offset
        type: u8
        doc: "written by the writer: layout: entriesOffset"
      - id: entries_count
        type: u8
        doc: "written by the writer: count of entries"
  offload_header_v3:
    seq:
      - id: magic
        contents: [16, 255, 16, 173]
      - id: version
        type: u4
      - id: size
        type: u8
        doc: "written by the writer: layout: size"
      - id: entries_offset
        type: u8
        doc: "written by the writer: layout: entriesOffset"
      - id: entries_count
        type: u8
        doc: "written by the writer: count of entries"
      - id: inflated_size
        type: u8
        doc: "written by the writer: layout: inflatedSize"
  offload_entry:
    seq:
      - id: image_kind
        type: u2
        enum: image_kind
      - id: offload_kind
        type: u2
      - id: flags
        type: u4
        enum: offload_entry_flags
      - id: string_offset
        type: u8
        doc: "written by the writer: layout: stringOffset"
      - id: num_strings
        type: u8
        doc: "written by the writer: layout: numStrings"
      - id: image_offset
        type: u8
        doc: "written by the writer: layout: imageOffset"
      - id: image_size
        type: u8
        doc: "written by the writer: layout: imageSize"
    instances:
      strings:
        io: _root._io
        pos: string_offset
        type:
          switch-on: _root.version
          cases:
            1: offload_string_entry_v1
            2: offload_string_entry_v2
            _: offload_string_entry_v2
        repeat: expr
        repeat-expr: num_strings
      image:
        io: _root._io
        pos: image_offset
        size: image_size
  offload_string_entry_v1:
    seq:
      - id: key_offset
        type: u8
        doc: "written by the writer: layout: keyOffset"
      - id: value_offset
        type: u8
        doc: "written by the writer: layout: valueOffset"
    instances:
      key:
        io: _root._io
        pos: key_offset
        type: strz
        encoding: "UTF-8"
      value:
        io: _root._io
        pos: value_offset
        type: strz
        encoding: "UTF-8"
  offload_string_entry_v2:
    seq:
      - id: key_offset
        type: u8
        doc: "written by the writer: layout: keyOffset"
      - id: value_offset
        type: u8
        doc: "written by the writer: layout: valueOffset"
      - id: value_size
        type: u8
        doc: "written by the writer: layout: valueSize"
    instances:
      key:
        io: _root._io
        pos: key_offset
        type: strz
        encoding: "UTF-8"
      value:
        io: _root._io
        pos: value_offset
        size: value_size
        type: str
        encoding: "UTF-8"
enums:
  image_kind:
    0: none
    1: object
    2: bitcode
    3: cubin
    4: fatbinary
    5: ptx
    6: spirv
    7: syclbin
  offload_entry_flags:
    0: oif_none
    1: oif_metadata
