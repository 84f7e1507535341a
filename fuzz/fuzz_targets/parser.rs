//! Fuzzes the parser and verifier: any input either parses and verifies or yields a
//! diagnostic whose offset lies inside the input; nothing panics.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mica_ir::{Context, DiagLoc};

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else { return };
    let mut ctx = Context::new();
    mica_dialects::register_all(&mut ctx);
    ctx.allow_unregistered = true;
    match mica_parser::parse_source(&ctx, "fuzz.mlir", src) {
        Ok(m) => {
            let _ = mica_ir::verify::verify(&ctx, &m.body, m.top);
        }
        Err(d) => {
            if let DiagLoc::Offset(o) = d.loc {
                assert!(o <= src.len());
            }
        }
    }
});
