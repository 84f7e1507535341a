//! MLIR 22 conformance on the shared corpus, with a ratchet.
//!
//! The same checks as `../shared/tools/conformance.py`, run in-process: for every corpus chunk
//! whose dialects Mica registers (or MLIR does not register at all), the custom and generic
//! prints (and the `--cse` output) must equal mlir-opt 22's byte for byte, and
//! `--verify-diagnostics` must pass on chunks with `expected-*` annotations. The test fails when a count drops below the one recorded in
//! `testdata/conformance-ratchet.txt`; run with `MICA_RATCHET_UPDATE=1` to record higher counts.

use mica_tools::opt::{Options, PassArg, process_buffer};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The conformance scope: the dialects of the default scope of `conformance.py`.
const SCOPE: &[&str] = &[
    "builtin", "func", "arith", "math", "cf", "scf", "memref", "tensor", "linalg", "affine", "vector", "ub", "index", "complex",
    "bufferization",
];

/// Dialects mlir-opt 22 registers; other prefixes are unregistered there too.
const MLIR_DIALECTS: &str = "acc affine amdgpu amx arith arm_neon arm_sme arm_sve async bufferization builtin cf complex \
dlti emitc func gpu index irdl linalg llvm math memref ml_program mpi nvgpu nvvm omp pdl pdl_interp ptr quant \
rocdl scf shape shard smt sparse_tensor spirv tensor test test_dyn test_irdl_to_cpp tosa transform ub vector \
wasmssa x86vector xegpu xevm";

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root").to_path_buf()
}

fn corpus_dir() -> PathBuf {
    match std::env::var_os("MICA_CORPUS") {
        Some(p) => PathBuf::from(p),
        None => repo_root().join("../shared/corpus"),
    }
}

fn ratchet_path() -> PathBuf {
    repo_root().join("testdata/conformance-ratchet.txt")
}

fn read_ratchet() -> BTreeMap<String, usize> {
    // A missing ratchet must fail the test, not silently lower every floor to zero.
    let text = std::fs::read_to_string(ratchet_path()).expect("testdata/conformance-ratchet.txt is readable");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            Some((it.next()?.to_string(), it.next()?.parse().ok()?))
        })
        .collect()
}

#[test]
fn corpus_conformance_does_not_regress() {
    let corpus = corpus_dir();
    let index = corpus.join("index.tsv");
    let Ok(text) = std::fs::read_to_string(&index) else {
        if std::env::var("MICA_REQUIRE_ORACLES").as_deref() == Ok("1") {
            panic!("corpus not found at {} and MICA_REQUIRE_ORACLES=1", corpus.display());
        }
        eprintln!("SKIPPED: corpus not found at {} (set MICA_CORPUS)", corpus.display());
        return;
    };
    let mlir: Vec<&str> = MLIR_DIALECTS.split_whitespace().collect();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("index.tsv lacks column {name}"));
    let (c_file, c_idx, c_acc, c_err, c_dia, c_vdo, c_cse) = (
        col("file"),
        col("chunk_index"),
        col("accepted_by_mlir22"),
        col("has_expected_error"),
        col("dialects_used"),
        col("verify_diagnostics_ok"),
        col("cse_ok"),
    );
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut failures: Vec<String> = Vec::new();
    for line in lines {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < header.len() {
            continue;
        }
        let in_scope = f[c_dia].split(',').filter(|d| !d.is_empty()).all(|d| SCOPE.contains(&d) || !mlir.contains(&d));
        if !in_scope {
            continue;
        }
        let (src, name) = f[c_file].split_once('/').expect("file has a source prefix");
        let chunk = corpus.join("chunks").join(src).join(format!("{name}.{}.mlir", f[c_idx]));
        let Ok(input) = std::fs::read(&chunk) else { continue };
        let input = String::from_utf8_lossy(&input).into_owned();
        let chunk_name = chunk.to_string_lossy().into_owned();
        let mut opts = Options { allow_unregistered: true, ..Default::default() };
        if f[c_acc] == "1" {
            for (cat, generic, cse) in [("custom", false, false), ("generic", true, false), ("cse", false, true)] {
                if cse && f[c_cse] != "1" {
                    continue;
                }
                let oracle = corpus.join("oracle").join(src).join(format!("{name}.{}.{cat}.mlir", f[c_idx]));
                let Ok(expected) = std::fs::read(&oracle) else { continue };
                opts.print.generic = generic;
                opts.passes = if cse { vec![PassArg::Pass("cse".into(), Vec::new())] } else { Vec::new() };
                let (out, outcome) = process_buffer(&chunk_name, &input, &opts);
                let ok = outcome.success && out.as_bytes() == expected.as_slice();
                let e = counts.entry(cat.to_string()).or_default();
                if ok { e.0 += 1 } else { e.1 += 1; failures.push(format!("{cat}\t{chunk_name}")) }
            }
        } else if f[c_err] == "1" && f[c_vdo] == "1" {
            opts.verify_diagnostics = true;
            let (_, outcome) = process_buffer(&chunk_name, &input, &opts);
            let e = counts.entry("diagnostics".to_string()).or_default();
            if outcome.success { e.0 += 1 } else { e.1 += 1; failures.push(format!("diagnostics\t{chunk_name}")) }
        }
    }
    for (cat, (p, fl)) in &counts {
        let n = p + fl;
        eprintln!("{cat:12} {p:5}/{n:<5} {:6.2}%", 100.0 * *p as f64 / n.max(1) as f64);
    }
    let ratchet = read_ratchet();
    if std::env::var("MICA_RATCHET_UPDATE").as_deref() == Ok("1") {
        let mut out = String::from("# Conformance ratchet: passing chunk counts per category (scope: conformance.py's default).\n# Raised with MICA_RATCHET_UPDATE=1 cargo test -p mica-tools --test conformance\n");
        for (cat, (p, _)) in &counts {
            let best = (*p).max(ratchet.get(cat).copied().unwrap_or(0));
            out.push_str(&format!("{cat} {best}\n"));
        }
        std::fs::write(ratchet_path(), out).expect("write ratchet");
    }
    let mut regressions = Vec::new();
    for (cat, floor) in &ratchet {
        let got = counts.get(cat).map_or(0, |c| c.0);
        if got < *floor {
            regressions.push(format!("{cat}: {got} passing, ratchet says {floor}"));
        }
    }
    assert!(regressions.is_empty(), "conformance regressed:\n{}\nfailing chunks:\n{}", regressions.join("\n"), failures.join("\n"));
}
