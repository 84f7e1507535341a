//! Fuzzes print → parse → print: whatever parses and verifies prints (custom and generic
//! forms) to text that parses again and prints identically.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mica_ir::{Context, PrintOptions, print_op_to_string};

fn context() -> Context {
    let mut ctx = Context::new();
    mica_dialects::register_all(&mut ctx);
    ctx.allow_unregistered = true;
    ctx
}

fn print(src: &str, generic: bool) -> Option<String> {
    let ctx = context();
    let m = mica_parser::parse_source(&ctx, "fuzz.mlir", src).ok()?;
    mica_ir::verify::verify(&ctx, &m.body, m.top).ok()?;
    Some(print_op_to_string(&ctx, &m.body, m.top, &PrintOptions { generic, ..Default::default() }))
}

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else { return };
    for generic in [false, true] {
        let Some(first) = print(src, generic) else { return };
        let second = print(&first, generic).unwrap_or_else(|| panic!("printed output does not parse back:\n{first}"));
        assert_eq!(first, second, "printing is not a fixpoint");
    }
});
