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

/// Parses, verifies and prints `src`; `Err` carries the first diagnostic's message.
fn print(src: &str, generic: bool) -> Result<String, String> {
    let ctx = context();
    let m = mica_parser::parse_source(&ctx, "fuzz.mlir", src).map_err(|d| d.message)?;
    mica_ir::verify::verify(&ctx, &m.body, m.top).map_err(|d| d.message)?;
    Ok(print_op_to_string(&ctx, &m.body, m.top, &PrintOptions { generic, ..Default::default() }))
}

/// Output mlir-opt 22 prints but cannot read back, which Mica prints the same way (each checked
/// against mlir-opt 22): an op in the output and the error reading it back gives.
const MLIR_CANNOT_READ_BACK: &[(&str, &str)] = &[
    // The case values of a switch on a flag wider than 64 bits come out as their low 64 bits
    // unsigned, which do not fit the flag's parser (testdata/dialects/cf/switch-wide.mlir).
    ("cf.switch", "integer value too large"),
    // The verifier does not compare the counts of lower bounds, upper bounds, steps and
    // induction variables; the custom form then lists more bounds than variables.
    ("scf.parallel", "custom op 'scf.parallel' expected"),
    // A bound map taking more operands than the op gives: an empty `iter_args` list comes out
    // (testdata/dialects/affine/for-wrapped-iter-count.mlir) and the bound's `()` cannot be
    // read back.
    ("affine.for", "dim operand count and affine map dim count must match"),
];

fn mlir_cannot_read_back(printed: &str, error: &str) -> bool {
    MLIR_CANNOT_READ_BACK.iter().any(|(op, msg)| printed.contains(op) && error.contains(msg)) || dialect_body_ends_in_dash(printed, error)
}

/// A dialect symbol whose body ends in `-` (`!test.smpl-`, which both tools read as the body
/// `smpl-`) prints as `!test<smpl->`, whose `->` both read back as an arrow: the `<` is left
/// unclosed (mlir-opt 22: `unbalanced '<' character in pretty dialect name`; inside a list, the
/// list's own `expected '>'`). The printer never writes `->` without a blank after it.
fn dialect_body_ends_in_dash(printed: &str, error: &str) -> bool {
    let dash_close = ["->>", "->,", "->)", "->\n"].iter().any(|p| printed.contains(p));
    dash_close && (error.contains("unbalanced '<' character in pretty dialect name") || error.contains("expected '>'"))
}

/// Prints `printed` again; a failure is a bug unless MLIR has it too.
fn reprint(printed: &str, generic: bool) -> Option<String> {
    match print(printed, generic) {
        Ok(out) => Some(out),
        Err(e) if mlir_cannot_read_back(printed, &e) => None,
        Err(e) => panic!("printed output does not parse back ({e}):\n{printed}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else { return };
    for generic in [false, true] {
        let Ok(first) = print(src, generic) else { return };
        let Some(second) = reprint(&first, generic) else { return };
        if first != second {
            let Some(third) = reprint(&second, generic) else { return };
            assert_eq!(second, third, "printing does not reach a fixpoint");
        }
    }
});
