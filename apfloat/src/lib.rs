//! Mica's software floating point for every float type MLIR 22 knows (`f16`, `bf16`, `f32`,
//! `f64`, `f80`, `f128`, `tf32` and the 8-, 6- and 4-bit formats).
//!
//! A [`Float`] is a [`FloatKind`] plus its bit pattern. The crate parses decimal literals with
//! correct rounding for any number of digits ([`Float::parse`]), reproduces mlir-opt 22's
//! literal parsing ([`Float::from_mlir_literal`], which rounds through `f64` as mlir-opt does)
//! and its attribute printing ([`Float::to_mlir_string`], LLVM's `APFloat::toString` rules), and
//! implements what constant folding needs (add, sub, mul, div, fmod, negation, comparison,
//! kind and integer conversions, rounding to integral) with APFloat's special-value rules.
//!
//! ```
//! use mica_apfloat::{Float, FloatKind};
//!
//! let tenth = Float::from_mlir_literal(FloatKind::F32, "0.1").unwrap();
//! assert_eq!(tenth.to_mlir_string(), "1.000000e-01");
//! // Values that the six-digit form cannot round-trip print as their bit pattern...
//! let big = Float::from_mlir_literal(FloatKind::F32, "123456789.0").unwrap();
//! assert_eq!(big.to_mlir_string(), "0x4CEB79A3");
//! // ...or in APFloat's default form when that has a decimal point.
//! let quad = Float::from_mlir_literal(FloatKind::F128, "0.1").unwrap();
//! assert_eq!(quad.to_mlir_string(), "0.100000000000000005551115123125782702");
//! let (sum, _status) = tenth.add(tenth).unwrap();
//! assert_eq!(sum.to_mlir_string(), "2.000000e-01");
//! ```
//!
//! Where LLVM's behaviour is undefined this crate picks a defined result: a NaN result in a
//! finite-only kind (`f4E2M1FN`, `f6E2M3FN`, `f6E3M2FN`) is +0, an infinite one saturates to
//! the largest finite value. Values of the unsigned `f8E8M0FNU` keep the sign flag APFloat
//! gives them (see [`Float`]).

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
