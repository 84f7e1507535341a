//! Dialect conversion, as MLIR's `DialectConversion`: a [`ConversionTarget`] says which ops are
//! legal, a [`TypeConverter`] how types convert and how converted and unconverted values meet,
//! [`ConversionPattern`]s rewrite illegal ops, and [`apply_partial_conversion`] /
//! [`apply_full_conversion`] drive them (see [`driver`]). The lowering passes built on it live
//! here too: `convert-scf-to-cf` ([`scf_to_cf`]).

pub mod driver;
pub mod pattern;
pub mod rewriter;
pub mod scf_to_cf;
pub mod target;
pub mod type_converter;

pub use driver::{apply_full_conversion, apply_partial_conversion};
pub use pattern::{ConversionPattern, PatternSet};
pub use rewriter::{value_loc, ConversionRewriter, InsertPoint};
pub use target::{Action, ConversionTarget, LegalDetails, LegalityFn};
pub use type_converter::{InputMapping, SignatureConversion, TypeConverter};
