//! Differential test of `ir-opt` against mlir-opt 22 on random programs in the registered
//! dialects: arith, math, cf, scf, memref, tensor, linalg, affine, vector, index, ub, complex
//! and bufferization.
//!
//! A seeded generator (`dialect_differential/`) writes one module per program: `memref.global`s
//! and functions whose bodies are ops of one focus dialect (the dialects take turns), with some
//! ops of the others, each op with its optional syntax (flags, attributes, optional operands,
//! regions with their block arguments and terminators, layouts, masks…). mlir-opt prints each
//! program in generic, custom and debug-info form; Mica must print the same bytes. Programs
//! mlir-opt rejects are counted, and Mica should reject them too: a few programs get a small
//! mutation (a type, a dimension, an integer) that mostly makes them invalid, to compare the
//! verifiers. The shared driver
//! (`differential/harness.rs`) reports the pass rates overall and per focus dialect, the
//! accept/reject agreement, the features whose programs fail most, and minimized
//! disagreements; with the default seed and case count it fails when a rate drops below its
//! floor in `FLOORS`.
//!
//! Environment: `MICA_DDIFF_CASES` (default 500), `MICA_DDIFF_SEED`, `MICA_DDIFF_SHOW`,
//! `MICA_DDIFF_VERBOSE`, `MICA_DDIFF_MODES` (see `differential/harness.rs`),
//! `MICA_DDIFF_DIALECTS` (a comma separated subset of the focus dialects; turns the floors off),
//! `MICA_MLIR_OPT`, `MICA_REQUIRE_ORACLES`.

#[path = "dialect_differential/affine.rs"]
mod affine;
#[path = "dialect_differential/arith.rs"]
mod arith;
#[path = "dialect_differential/bufferization.rs"]
mod bufferization;
#[path = "dialect_differential/cf.rs"]
mod cf;
#[path = "differential/compare.rs"]
mod compare;
#[path = "dialect_differential/complex.rs"]
mod complex;
#[path = "differential/diff.rs"]
mod diff;
#[path = "differential/doc.rs"]
mod doc;
#[path = "dialect_differential/program.rs"]
mod program;
#[path = "differential/harness.rs"]
mod harness;
#[path = "dialect_differential/index.rs"]
mod index;
#[path = "dialect_differential/linalg.rs"]
mod linalg;
#[path = "dialect_differential/math.rs"]
mod math;
#[path = "dialect_differential/memref.rs"]
mod memref;
#[path = "dialect_differential/mutate.rs"]
mod mutate;
#[path = "differential/oracle.rs"]
mod oracle;
#[path = "differential/rng.rs"]
mod rng;
#[path = "dialect_differential/scf.rs"]
mod scf;
#[path = "differential/shrink.rs"]
mod shrink;
#[path = "dialect_differential/tensor.rs"]
mod tensor;
#[path = "dialect_differential/types.rs"]
mod types;
#[path = "dialect_differential/ub.rs"]
mod ub;
#[path = "dialect_differential/vector.rs"]
mod vector;

use compare::Mode;
use doc::Doc;
use harness::{Config, Program};

/// Minimum pass rates with the default seed and case count (percent of the programs mlir-opt
/// accepts). All pass today; the floors leave room for one or two programs of the 500 (issue
/// 3 asks for 98%).
const FLOORS: [(Mode, f64); 3] = [
    (Mode::Generic, 99.5),
    (Mode::Custom, 99.5),
    (Mode::Debuginfo, 99.5),
];

/// Percentage of programs that get a mutation (see `dialect_differential/mutate.rs`).
const MUTATED_PERCENT: u32 = 10;

#[test]
fn ir_opt_prints_what_mlir_opt_prints_on_random_dialect_programs() {
    let dialects: Vec<&'static str> = match std::env::var("MICA_DDIFF_DIALECTS") {
        Ok(list) => list
            .split(',')
            .map(|d| {
                *program::DIALECTS
                    .iter()
                    .find(|known| **known == d.trim())
                    .unwrap_or_else(|| panic!("unknown dialect '{d}' in MICA_DDIFF_DIALECTS"))
            })
            .collect(),
        Err(_) => program::DIALECTS.to_vec(),
    };
    let all = dialects.len() == program::DIALECTS.len();
    harness::run(&Config {
        title: "dialect differential",
        env_prefix: "MICA_DDIFF",
        default_cases: 500,
        default_seed: 0xD1A1_EC75,
        floors: &FLOORS,
        max_rejected_percent: 10.0,
        agreement_floor: 99.5,
        regeneric_every: 4,
        floors_apply: all,
        generate: &|rng, k| {
            let focus = dialects[k % dialects.len()];
            let doc = program::Gen::new(rng, focus).program();
            // Some programs get a mutation that mostly makes them invalid.
            let doc = if rng.chance(MUTATED_PERCENT) {
                let tags = doc.tags();
                match mutate::mutate(rng, &doc.render()) {
                    Some(text) => tags.into_iter().fold(Doc::text(text).tag("mutated"), Doc::tag),
                    None => doc,
                }
            } else {
                doc
            };
            Program { doc, group: focus }
        },
    });
}
