//! The `sip` (structured index path) signature: how a function's flat
//! arguments and results map onto nested Python-style structures.
//!
//! Facts followed (from IREE's TensorFlow-era sources): the grammar of
//! `docs/design_docs/function_abi.md`; the mangling and parsing rules of
//! `iree/compiler/Bindings/SIP/Utils/SignatureBuilder.cpp` and
//! `SignatureParser.{h,cpp}`; the reflection attribute
//! `iree.reflection = {abi = "sip", abiv = 1 : i32, sip = "..."}` written by
//! `integrations/tensorflow/compiler/TFSavedModelLowerExportedFunctions.cpp`
//! from `tf_saved_model.index_path` attributes; and the expected signatures of
//! `integrations/tensorflow/compiler/test/saved_model_adopt_exports.py`
//! (e.g. `I23!S19!k0D13!K2!x_0K2!y_1R3!_0` for `f({"x": a, "y": b}) -> c`).

mod error;
mod json;
mod lexer;
mod mangler;
mod parser;
mod text;
mod value;

pub use error::{SipError, SipErrorKind, TagByte};
pub use json::{SipJsonError, encode_from_json, signature_from_json};
pub use mangler::{MangleError, SipMangler, mangle_signature, mangle_value, signature_from_paths};
pub use parser::parse_signature;
pub use text::{signature_to_text, value_to_text};
pub use value::{SipSignature, SipValue, SipVisitor, StructKind};

/// Deepest nesting of sequences and dicts accepted anywhere (parser, mangler,
/// JSON reader), so that malformed inputs cannot exhaust the stack.
pub const MAX_DEPTH: usize = 100;

/// Value of the `abi` key of the reflection dictionary for this ABI.
pub const ABI_NAME: &str = "sip";

/// Value of the `abiv` key (an `i32` attribute) for this ABI version.
pub const ABI_VERSION: i32 = 1;

/// Key of the reflection dictionary holding the mangled signature.
pub const SIGNATURE_KEY: &str = "sip";

/// Decodes a signature and renders it as Python-like text (see
/// [`signature_to_text`]), e.g. `I8!S5!k0_0R3!_0` → `(raw 0) -> raw 0`.
pub fn decode_to_text(signature: impl AsRef<[u8]>) -> Result<String, SipError> {
    parse_signature(signature).map(|s| signature_to_text(&s))
}

/// Parses `signature` and walks its input structure with `visitor`. Nothing
/// is visited when the signature is malformed.
pub fn visit_inputs(
    signature: impl AsRef<[u8]>,
    visitor: &mut dyn SipVisitor,
) -> Result<(), SipError> {
    parse_signature(signature).map(|s| s.visit_inputs(visitor))
}

/// Parses `signature` and walks its result structure with `visitor`. Nothing
/// is visited when the signature is malformed.
pub fn visit_results(
    signature: impl AsRef<[u8]>,
    visitor: &mut dyn SipVisitor,
) -> Result<(), SipError> {
    parse_signature(signature).map(|s| s.visit_results(visitor))
}
