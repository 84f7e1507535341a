//! Mica's software floating point for every float type MLIR 22 knows (`f16`, `bf16`, `f32`,
//! `f64`, `f80`, `f128`, `tf32` and the 8-, 6- and 4-bit formats).
//!
//! A [`Float`] is a [`FloatKind`] plus its bit pattern. The crate parses decimal literals with
//! correct rounding for any number of digits ([`Float::parse`]), reproduces mlir-opt 22's
//! literal parsing ([`Float::from_mlir_literal`]) and its attribute printing
//! ([`Float::to_mlir_string`], LLVM's `APFloat::toString` rules), and implements the
//! arithmetic and conversions constant folding needs (add, sub, mul, div, fmod, compare,
//! kind and integer conversions) with round-to-nearest-even and APFloat's special-value rules.

mod arith;
mod bigint;
mod convert;
mod decimal;
mod encoding;
mod error;
mod float;
mod format;
mod kind;
mod mlir;
mod round;
mod status;
mod unpacked;

pub use error::FloatError;
pub use float::Float;
pub use format::FormatOptions;
pub use kind::{FloatKind, NanEncoding, NonFiniteBehavior};
pub use status::{RoundingMode, Status};
