//! Differential test of `ir-opt` against mlir-opt 22 on random programs.
//!
//! A seeded generator (`differential/generate.rs`) writes programs that use every builtin type
//! and attribute, locations, aliases, properties, regions, blocks, successors and the `func`
//! dialect, with operations of made-up unregistered dialects. mlir-opt prints each program in
//! three modes (generic, custom, custom with debug info); programs it rejects are discarded and
//! counted. Mica must print the same bytes. The shared driver (`differential/harness.rs`)
//! reports the pass rate per mode, which features the failing programs use, and the first
//! distinct disagreements shrunk to minimal programs with a unified diff; with the default seed
//! and case count it fails when a pass rate drops below its floor in `FLOORS` (raise the floors
//! as bugs get fixed).
//!
//! Environment: `MICA_DIFF_CASES` (number of programs, default 500), `MICA_DIFF_SEED`,
//! `MICA_DIFF_SHOW`, `MICA_DIFF_VERBOSE`, `MICA_DIFF_MODES`, `MICA_MLIR_OPT`,
//! `MICA_REQUIRE_ORACLES` (see `differential/harness.rs`).
//!
//! Debug-info mode compares each program exactly as a `--split-input-file` run prints it (the
//! implicit module of a chunk after a `// -----` marker is located at the end of the marker).

#[path = "differential/compare.rs"]
mod compare;
#[path = "differential/diff.rs"]
mod diff;
#[path = "differential/doc.rs"]
mod doc;
#[path = "differential/generate.rs"]
mod generate;
#[path = "differential/harness.rs"]
mod harness;
#[path = "differential/oracle.rs"]
mod oracle;
#[path = "differential/rng.rs"]
mod rng;
#[path = "differential/shrink.rs"]
mod shrink;

use compare::Mode;
use harness::{Config, Program};

/// Minimum pass rates with the default seed and case count: the measured rates rounded down.
/// Raise them as bugs get fixed.
const FLOORS: [(Mode, f64); 3] = [
    (Mode::Generic, 99.5),
    (Mode::Custom, 99.5),
    (Mode::Debuginfo, 99.5),
];

#[test]
fn ir_opt_prints_what_mlir_opt_prints_on_random_programs() {
    harness::run(&Config {
        title: "differential",
        env_prefix: "MICA_DIFF",
        default_cases: 500,
        default_seed: 0x00D1_FF00,
        floors: &FLOORS,
        max_rejected_percent: 5.0,
        agreement_floor: 99.5,
        regeneric_every: 0,
        floors_apply: true,
        generate: &|rng, _| Program {
            doc: generate::Gen::new(rng).program(),
            group: "builtin",
        },
    });
}
