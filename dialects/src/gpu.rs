//! The part of MLIR's gpu dialect that IR of the other dialects refers to: the
//! `#gpu.address_space<global|workgroup|private>` memory spaces of memrefs (a memref may only
//! live in a memory space of a registered dialect). The gpu ops are not registered.

use crate::ods::enums::{register_enum_attr, EnumSpec, EnumStorage};
use mica_ir::Context;

/// `#gpu.address_space<...>`
pub static ADDRESS_SPACE: EnumSpec = EnumSpec {
    cases: &[("global", 1), ("workgroup", 2), ("private", 3)],
    bit_separator: None,
    storage: EnumStorage::Attr { dialect: "gpu", mnemonic: "address_space" },
};

/// Registers the gpu attributes.
pub fn register(ctx: &mut Context) {
    register_enum_attr(ctx, &ADDRESS_SPACE);
}
