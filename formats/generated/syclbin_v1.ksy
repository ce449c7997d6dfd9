meta:
  id: syclbin_v1
  title: "SYCLBIN v1 (\"SYBI\" header tables, intel/llvm)"
  endian: le
  file-extension: syclbin
doc: "Generated from formats/syclbin-v1.ts by scripts/exports.ts (syclbin-toolkit); do not edit. A bare SYCLBIN v1 image (docs/spec/syclbin-format.md §1.2; in an OffloadBinary envelope it is entry 0's image). An abstract module's IR modules and native images are index ranges of the header tables. u8 fields are read by Kaitai's JavaScript target as a double (exact up to 2^53); the offsets and sizes of the files this toolkit reads stay below 2^53 (its reader rejects larger ones)."
seq:
  - id: header
    type: syclbin_file_header
  - id: abstract_modules
    type: abstract_module_header
    repeat: expr
    repeat-expr: header.abstract_module_count
  - id: ir_modules
    type: ir_module_header
    repeat: expr
    repeat-expr: header.ir_module_count
  - id: native_images
    type: native_image_header
    repeat: expr
    repeat-expr: header.native_image_count
instances:
  metadata_table_offset:
    value: "56 + 32 * header.abstract_module_count + 32 * header.ir_module_count + 32 * header.native_image_count"
  binary_table_offset:
    value: "(56 + 32 * header.abstract_module_count + 32 * header.ir_module_count + 32 * header.native_image_count + header.metadata_table_size + 7) / 8 * 8"
  global_metadata:
    pos: "metadata_table_offset + header.global_metadata_offset"
    size: header.global_metadata_size
types:
  syclbin_file_header:
    seq:
      - id: magic
        contents: [73, 66, 89, 83]
      - id: version
        type: u4
      - id: abstract_module_count
        type: u4
        doc: "written by the writer: count of abstractModules"
      - id: ir_module_count
        type: u4
        doc: "written by the writer: count of irModules"
      - id: native_image_count
        type: u4
        doc: "written by the writer: count of nativeImages"
      - id: reserved
        size: 4
        doc: "reserved/padding bytes (LLVM writers may leave them uninitialised)"
      - id: metadata_table_size
        type: u8
        doc: "written by the writer: layout: metadataTableSize"
      - id: binary_table_size
        type: u8
        doc: "written by the writer: layout: binaryTableSize"
      - id: global_metadata_offset
        type: u8
        doc: "written by the writer: layout: metadataOffset"
      - id: global_metadata_size
        type: u8
        doc: "written by the writer: layout: metadataSize"
  abstract_module_header:
    seq:
      - id: metadata_offset
        type: u8
        doc: "written by the writer: layout: metadataOffset"
      - id: metadata_size
        type: u8
        doc: "written by the writer: layout: metadataSize"
      - id: ir_module_count
        type: u4
        doc: "written by the writer: layout: irModuleCount"
      - id: ir_module_offset
        type: u4
        doc: "written by the writer: layout: irModuleIndex"
      - id: native_image_count
        type: u4
        doc: "written by the writer: layout: nativeImageCount"
      - id: native_image_offset
        type: u4
        doc: "written by the writer: layout: nativeImageIndex"
    instances:
      metadata:
        io: _root._io
        pos: "_root.metadata_table_offset + metadata_offset"
        size: metadata_size
  ir_module_header:
    seq:
      - id: metadata_offset
        type: u8
        doc: "written by the writer: layout: metadataOffset"
      - id: metadata_size
        type: u8
        doc: "written by the writer: layout: metadataSize"
      - id: raw_ir_bytes_offset
        type: u8
        doc: "written by the writer: layout: bytesOffset"
      - id: raw_ir_bytes_size
        type: u8
        doc: "written by the writer: layout: bytesSize"
    instances:
      metadata:
        io: _root._io
        pos: "_root.metadata_table_offset + metadata_offset"
        size: metadata_size
      bytes:
        io: _root._io
        pos: "_root.binary_table_offset + raw_ir_bytes_offset"
        size: raw_ir_bytes_size
  native_image_header:
    seq:
      - id: metadata_offset
        type: u8
        doc: "written by the writer: layout: metadataOffset"
      - id: metadata_size
        type: u8
        doc: "written by the writer: layout: metadataSize"
      - id: binary_bytes_offset
        type: u8
        doc: "written by the writer: layout: bytesOffset"
      - id: binary_bytes_size
        type: u8
        doc: "written by the writer: layout: bytesSize"
    instances:
      metadata:
        io: _root._io
        pos: "_root.metadata_table_offset + metadata_offset"
        size: metadata_size
      bytes:
        io: _root._io
        pos: "_root.binary_table_offset + binary_bytes_offset"
        size: binary_bytes_size
