//! Fuzzes reflection JSON: parsing arbitrary text as metadata or as one type
//! record never panics, and whatever parses serializes to JSON that parses
//! back to the same value.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mica_abi::{ReflectionMetadata, TypeRecord};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(meta) = ReflectionMetadata::parse(text) {
        assert_eq!(ReflectionMetadata::parse(&meta.to_json()), Ok(meta));
    }
    if let Ok(record) = TypeRecord::parse(text) {
        assert_eq!(TypeRecord::parse(&record.to_json()), Ok(record));
    }
});
