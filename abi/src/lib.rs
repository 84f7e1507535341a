//! `mica-abi` holds every calling-convention rule Mica follows, so that the
//! compiler and the runtime agree on them without depending on each other.
//!
//! * [`types`]: the small function-signature model callers describe a
//!   function with ([`AbiType`], [`FunctionSignature`], index paths).
//! * [`v1`]: the V1 ABI type model (value, reference and sequence types) and
//!   its higher-level conventions.
//! * [`records`] and [`reflection`]: reflection type records and the V1
//!   reflection JSON object (`{"a": [...], "r": [...], "v": 1}`).
//! * [`sip`]: `sip` structured-index-path signatures (mangler, parser,
//!   visitor, text and JSON forms).
//! * [`memref`] and [`native`]: MLIR's memref descriptor and the native and
//!   `_mlir_ciface_` signatures it leads to.
//! * [`report`]: all of the above for one function, as `ir-translate
//!   --emit=abi` prints it.
//!
//! Every parser here returns precise errors and never panics on its input.

mod json_text;
pub mod memref;
pub mod native;
mod native_text;
pub mod records;
pub mod reflection;
pub mod report;
pub mod sip;
pub mod types;
pub mod v1;

pub use native::{
    NativeParam, NativeSignature, NativeType, ParamSource, ciface_signature, flattened_signature,
};
pub use records::{RecordError, RecordErrorKind, TypeRecord};
pub use reflection::{
    ABI_ATTR, REFLECTION_ATTR, REFLECTION_JSON_KEY, ReflectionMetadata, record_for_type,
};
pub use report::FunctionAbiReport;
pub use types::{
    AbiParam, AbiType, FunctionSignature, MICA_INDEX_PATH_ATTR, PathKey, StridedLayout,
    TF_INDEX_PATH_ATTR,
};
pub use v1::{V1Type, ValueType};
