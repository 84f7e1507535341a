//! Everything the ABI says about one function, gathered for tools such as
//! `ir-translate --emit=abi`.
//!
//! Text form (one block per function, each failing part shown as
//! `error: ...` in place so the other parts still print):
//!
//! ```text
//! func @f
//!   reflection: {"a":[["ndarray","f32",1,4]],"r":[["ndarray","f32",1,4]],"v":1}
//!   sip: I8!S5!k0_0R3!_0
//!   sip-text: (raw 0) -> raw 0
//!   native: struct {f32*, f32*, i64, i64[1], i64[1]} f(f32* arg0_allocated, ...)
//!   ciface: void _mlir_ciface_f(struct {f32*, f32*, i64, i64[1], i64[1]}* res, ...)
//! ```
//!
//! The two `sip` lines appear only when the function has index paths.

use std::fmt;

use crate::native::{NativeError, NativeSignature, ciface_signature, flattened_signature};
use crate::reflection::ReflectionMetadata;
use crate::sip::{
    MangleError, SipSignature, mangle_signature, signature_from_paths, signature_to_text,
};
use crate::types::FunctionSignature;

/// The ABI views of one function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionAbiReport {
    /// Function name.
    pub name: String,
    /// V1 reflection metadata.
    pub reflection: ReflectionMetadata,
    /// `sip` structure, `Ok(None)` without index paths.
    pub sip: Result<Option<SipSignature>, MangleError>,
    /// Flattened native signature.
    pub native: Result<NativeSignature, NativeError>,
    /// `_mlir_ciface_` wrapper signature.
    pub ciface: Result<NativeSignature, NativeError>,
}

impl FunctionAbiReport {
    /// Computes every view of `function`.
    pub fn new(function: &FunctionSignature) -> FunctionAbiReport {
        FunctionAbiReport {
            name: function.name.clone(),
            reflection: ReflectionMetadata::from_signature(function),
            sip: signature_from_paths(function),
            native: flattened_signature(function),
            ciface: ciface_signature(function),
        }
    }
}

fn write_line<T: fmt::Display, E: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    label: &str,
    value: &Result<T, E>,
) -> fmt::Result {
    match value {
        Ok(v) => writeln!(f, "  {label}: {v}"),
        Err(e) => writeln!(f, "  {label}: error: {e}"),
    }
}

impl fmt::Display for FunctionAbiReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "func @{}", self.name)?;
        writeln!(f, "  reflection: {}", self.reflection.to_json())?;
        match &self.sip {
            Ok(None) => {}
            Ok(Some(sip)) => {
                writeln!(f, "  sip: {}", mangle_signature(sip))?;
                writeln!(f, "  sip-text: {}", signature_to_text(sip))?;
            }
            Err(e) => writeln!(f, "  sip: error: {e}")?,
        }
        write_line(f, "native", &self.native)?;
        write_line(f, "ciface", &self.ciface)
    }
}
