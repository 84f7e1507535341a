//! Fuzzes `sip` signatures: parsing arbitrary bytes never panics, errors
//! point inside the input, and whatever parses re-encodes canonically to a
//! signature that parses to the same structure. UTF-8 inputs also go through
//! the JSON encoder, whose output must parse.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mica_abi::sip::{encode_from_json, mangle_signature, parse_signature, signature_to_text};

fuzz_target!(|data: &[u8]| {
    match parse_signature(data) {
        Ok(sig) => {
            let canonical = mangle_signature(&sig);
            assert_eq!(parse_signature(&canonical).as_ref(), Ok(&sig));
            let _ = signature_to_text(&sig);
        }
        Err(e) => assert!(e.offset <= data.len()),
    }
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(mangled) = encode_from_json(text)
    {
        assert!(
            parse_signature(&mangled).is_ok(),
            "encoder output must parse: {mangled}"
        );
    }
});
