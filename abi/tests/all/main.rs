//! Integration tests of `mica-abi`, in one binary so they build and link once.

mod common;
mod memref;
mod native;
mod records;
mod report;
mod sip_forms;
mod sip_grammar;
mod sip_properties;
mod v1;
