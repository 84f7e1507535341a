//! Fuzzes print → parse → print: whatever parses and verifies prints (custom and generic
//! forms) to text that parses again, and printing reaches a fixpoint: the second print equals
//! the third. (Not always the first: MLIR 22 simplifies affine expressions as it parses them, and
//! its simplification is not idempotent through print and parse — `d1 - d0 + d0 - d1 + 1 + d1 - 1`
//! reads back as `d1 - d0 + d0 - d1 + d1` in mlir-opt 22 as in Mica, which prints what
//! mlir-opt prints.)

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
        if first != second {
            let third = print(&second, generic).unwrap_or_else(|| panic!("printed output does not parse back:\n{second}"));
            assert_eq!(second, third, "printing does not reach a fixpoint");
        }
    }
});
