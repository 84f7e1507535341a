//! Semantic differential test: Mica's passes must not change what a program computes.
//!
//! A seeded generator (`semantic/generate.rs`) writes programs of `arith`, `math`, `scf`, `cf`
//! and `func` ops, free of undefined behaviour, whose `@main` prints every result of every
//! function. Each program runs as written and after each pipeline in `PIPELINES` has been
//! applied by `ir-opt`: mlir-opt 22 lowers both to the LLVM dialect and mlir-runner executes
//! them. Every printed bit must agree. A difference that mlir-opt's own run of the same pipeline
//! reproduces is reported but tolerated (Mica computes what MLIR computes), as is one where
//! mlir-opt itself fails on the program (no reference; listed for a look). A pipeline with
//! Mica-only options (`MICA_ONLY_PIPELINES`) is judged by the same pipeline without them
//! instead. Any other difference,
//! and any program `ir-opt` rejects or fails on, fails the test.
//!
//! Environment: `MICA_SEM_PROGRAMS` (programs, default 60), `MICA_SEM_FUNCTIONS` (functions per
//! program, default 6), `MICA_SEM_SEED` (decimal), `MICA_SEM_SHOW` (differences shown, default
//! 3), `MICA_REQUIRE_ORACLES=1` (fail instead of skipping without mlir-opt and mlir-runner).

#[path = "semantic/generate.rs"]
mod generate;
#[path = "differential/rng.rs"]
mod rng;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The pipelines applied to every program, as `--pass-pipeline` text anchored on the module.
const PIPELINES: &[&str] = &[
    "builtin.module(cse)",
    "builtin.module(canonicalize)",
    "builtin.module(inline)",
    "builtin.module(func.func(loop-invariant-code-motion))",
    "builtin.module(inline,canonicalize,cse)",
    "builtin.module(sccp)",
    "builtin.module(inline,sccp,canonicalize)",
    "builtin.module(convert-scf-to-cf)",
    "builtin.module(convert-scf-to-cf,canonicalize)",
    "builtin.module(remove-dead-values)",
    "builtin.module(inline,remove-dead-values,canonicalize)",
    "builtin.module(cse{egraph=true})",
    "builtin.module(inline,canonicalize,cse{egraph=true})",
];
/// The pipelines of `PIPELINES` with Mica-only options, which mlir-opt cannot run, each with
/// the same pipeline without them: a difference is tolerated only when `ir-opt` computes it
/// with that one too (which is itself checked against mlir-opt).
const MICA_ONLY_PIPELINES: &[(&str, &str)] = &[
    ("builtin.module(cse{egraph=true})", "builtin.module(cse)"),
    ("builtin.module(inline,canonicalize,cse{egraph=true})", "builtin.module(inline,canonicalize,cse)"),
];
/// How mlir-opt lowers a program for mlir-runner.
const LOWERING: &[&str] = &["--convert-scf-to-cf", "--convert-to-llvm", "--reconcile-unrealized-casts"];
/// The longest a tool may run on one program (generated programs take milliseconds).
const TIMEOUT: Duration = Duration::from_secs(30);
const DEFAULT_PROGRAMS: usize = 60;
const DEFAULT_FUNCTIONS: usize = 6;
const DEFAULT_SEED: u64 = 0x5E3A_0001;
/// At most this share of generated programs may fail to run unmodified (a generator bug).
const MAX_BROKEN_PERCENT: usize = 2;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().map_or(default, |v| v.parse().unwrap_or_else(|_| panic!("{name}={v} is not a number")))
}

/// The LLVM 22 tools the test runs.
struct Oracles {
    mlir_opt: PathBuf,
    runner: PathBuf,
    libs: String,
}

impl Oracles {
    fn find() -> Result<Oracles, String> {
        let root = Path::new("/usr/lib/llvm-22");
        let mlir_opt = std::env::var_os("MICA_MLIR_OPT").map_or_else(|| root.join("bin/mlir-opt"), PathBuf::from);
        let runner = root.join("bin/mlir-runner");
        let libs = ["libmlir_runner_utils.so.22.1", "libmlir_c_runner_utils.so.22.1"].map(|l| root.join("lib").join(l));
        for p in [&mlir_opt, &runner].into_iter().chain(&libs) {
            if !p.is_file() {
                return Err(format!("{} is missing", p.display()));
            }
        }
        let libs = libs.map(|l| l.display().to_string()).join(",");
        Ok(Oracles { mlir_opt, runner, libs })
    }

    /// Lowers and runs `program`; its printed numbers, or why it could not run.
    fn execute(&self, program: &str) -> Result<String, String> {
        let lowered = run(&self.mlir_opt, LOWERING, program).map_err(|e| format!("lowering failed: {e}"))?;
        let libs = format!("-shared-libs={}", self.libs);
        run(&self.runner, &["-e", "main", "-entry-point-result=void", &libs], &lowered).map_err(|e| format!("mlir-runner failed: {e}"))
    }
}

/// Runs `tool args` with `input` on stdin; stdout on success, else the status and stderr. A
/// run longer than `TIMEOUT` (a loop a pass made endless) is killed and reported.
fn run(tool: &Path, args: &[&str], input: &str) -> Result<String, String> {
    let mut child = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", tool.display()))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let (mut stdout, mut stderr) = (child.stdout.take().expect("piped stdout"), child.stderr.take().expect("piped stderr"));
    let out_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stdout.read_to_end(&mut buf);
        buf
    });
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stderr.read_to_end(&mut buf);
        buf
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait().map_err(|e| e.to_string())? {
            Some(status) => break status,
            None if start.elapsed() > TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("{} ran longer than {} s and was killed", tool.display(), TIMEOUT.as_secs()));
            }
            None => std::thread::sleep(Duration::from_millis(5)),
        }
    };
    let _ = writer.join();
    let output = std::process::Output {
        status,
        stdout: out_reader.join().expect("stdout reader"),
        stderr: err_reader.join().expect("stderr reader"),
    };
    if output.status.success() {
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    } else {
        let stderr = String::from_utf8_lossy(&output.stderr);
        Err(format!("{}: {}", output.status, stderr.lines().take(3).collect::<Vec<_>>().join(" | ")))
    }
}

/// What happened to one program under one pipeline.
enum Outcome {
    Same,
    /// Different numbers that mlir-opt's own pipeline also prints.
    SameAsMlir(String),
    /// Different numbers, and mlir-opt fails on the program with this pipeline, so there is no
    /// reference to judge by (tolerated, listed in the report).
    Undecided(String),
    /// Different numbers that the pipeline without its Mica-only options also prints.
    SameAsBase(String),
    Differs(String),
    Failed(String),
}

/// The first line where two outputs differ, for the report.
fn first_difference(want: &str, got: &str) -> String {
    let (w, g): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
    match (0..w.len().max(g.len())).find(|&i| w.get(i) != g.get(i)) {
        Some(i) => format!("printed value {i}: expected {}, got {}", w.get(i).unwrap_or(&"nothing"), g.get(i).unwrap_or(&"nothing")),
        None => "identical".into(),
    }
}

fn check(oracles: &Oracles, ir_opt: &Path, pipeline: &str, program: &str, expected: &str) -> Outcome {
    let flag = format!("--pass-pipeline={pipeline}");
    let transformed = match run(ir_opt, &[&flag], program) {
        Ok(t) => t,
        Err(e) => return Outcome::Failed(format!("ir-opt {flag} failed: {e}")),
    };
    let got = match oracles.execute(&transformed) {
        Ok(o) => o,
        Err(e) => return Outcome::Failed(format!("the transformed program does not run: {e}")),
    };
    if got == expected {
        return Outcome::Same;
    }
    let what = first_difference(expected, &got);
    if let Some((_, base)) = MICA_ONLY_PIPELINES.iter().find(|(p, _)| *p == pipeline) {
        let base_flag = format!("--pass-pipeline={base}");
        return match run(ir_opt, &[&base_flag], program).and_then(|t| oracles.execute(&t)) {
            Ok(b) if b == got => Outcome::SameAsBase(what),
            _ => Outcome::Differs(what),
        };
    }
    match run(&oracles.mlir_opt, &[&flag], program).and_then(|t| oracles.execute(&t)) {
        Ok(mlir) if mlir == got => Outcome::SameAsMlir(what),
        Ok(_) => Outcome::Differs(what),
        Err(e) => Outcome::Undecided(format!("{what}; mlir-opt's own {flag} fails: {e}")),
    }
}

#[test]
fn passes_preserve_what_random_programs_compute() {
    let oracles = match Oracles::find() {
        Ok(o) => o,
        Err(why) => {
            if std::env::var("MICA_REQUIRE_ORACLES").as_deref() == Ok("1") {
                panic!("{why} and MICA_REQUIRE_ORACLES=1");
            }
            eprintln!("SKIPPED: semantic differential test ({why})");
            return;
        }
    };
    let ir_opt = PathBuf::from(env!("CARGO_BIN_EXE_ir-opt"));
    let programs = env_number("MICA_SEM_PROGRAMS", DEFAULT_PROGRAMS as u64) as usize;
    let functions = env_number("MICA_SEM_FUNCTIONS", DEFAULT_FUNCTIONS as u64) as usize;
    let seed = env_number("MICA_SEM_SEED", DEFAULT_SEED);
    let shown = env_number("MICA_SEM_SHOW", 3) as usize;

    let mut rng = rng::Rng::new(seed);
    let texts: Vec<String> = (0..programs).map(|_| generate::program(&mut rng, functions)).collect();
    // Two workers: the oracles are separate processes.
    let results: Vec<(Result<String, String>, Vec<Outcome>)> = std::thread::scope(|s| {
        let chunks: Vec<_> = texts
            .chunks(programs.div_ceil(2).max(1))
            .map(|chunk| {
                let (oracles, ir_opt) = (&oracles, &ir_opt);
                s.spawn(move || {
                    chunk
                        .iter()
                        .map(|text| match oracles.execute(text) {
                            Ok(expected) => {
                                let outcomes = PIPELINES.iter().map(|p| check(oracles, ir_opt, p, text, &expected)).collect();
                                (Ok(expected), outcomes)
                            }
                            Err(e) => (Err(e), Vec::new()),
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        chunks.into_iter().flat_map(|h| h.join().expect("worker panicked")).collect()
    });

    let mut report = String::new();
    let broken: Vec<(usize, &String)> = results.iter().enumerate().filter_map(|(i, (r, _))| r.as_ref().err().map(|e| (i, e))).collect();
    let values: usize = results.iter().filter_map(|(r, _)| r.as_ref().ok()).map(|o| o.lines().count()).sum();
    report.push_str(&format!(
        "{programs} programs of {functions} functions (seed {seed}), {} ran unmodified, printing {values} values in all\n",
        programs - broken.len()
    ));
    for (i, e) in broken.iter().take(shown) {
        report.push_str(&format!("  program {i} does not run as generated: {e}\n"));
    }
    let mut failed = false;
    let dump_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("semantic");
    let _ = std::fs::create_dir_all(&dump_dir);
    for (k, pipeline) in PIPELINES.iter().enumerate() {
        let mut counts = [0usize; 5];
        let mut examples = Vec::new();
        for (i, (_, outcomes)) in results.iter().enumerate() {
            let Some(o) = outcomes.get(k) else { continue };
            let (slot, note) = match o {
                Outcome::Same => (0, None),
                Outcome::SameAsMlir(w) => (1, Some(format!("as mlir-opt also computes: {w}"))),
                Outcome::Undecided(w) => (4, Some(format!("undecided: {w}"))),
                Outcome::SameAsBase(w) => (1, Some(format!("as ir-opt computes without the Mica-only options: {w}"))),
                Outcome::Differs(w) => (2, Some(w.clone())),
                Outcome::Failed(w) => (3, Some(w.clone())),
            };
            counts[slot] += 1;
            if let Some(n) = note {
                // The program is kept for a look: `ir-opt --pass-pipeline=... <file>`.
                let file = dump_dir.join(format!("pipeline{k}-program{i}.mlir"));
                let kept = std::fs::write(&file, &texts[i]).map_or(String::new(), |()| format!(" ({})", file.display()));
                if examples.len() < shown {
                    examples.push(format!("  program {i}{kept}: {n}"));
                }
            }
        }
        report.push_str(&format!(
            "{pipeline}: {} same, {} different as mlir-opt's, {} different where mlir-opt fails, {} different, {} failed\n",
            counts[0], counts[1], counts[4], counts[2], counts[3]
        ));
        for e in examples {
            report.push_str(&e);
            report.push('\n');
        }
        failed |= counts[2] + counts[3] > 0;
    }
    eprintln!("{report}");
    assert!(broken.len() * 100 <= programs * MAX_BROKEN_PERCENT, "too many generated programs do not run:\n{report}");
    assert!(!failed, "a pass changed what a program computes:\n{report}");
}

/// Prints one program (`cargo test --test semantic -- --ignored --nocapture print_a_program`),
/// to look at what the generator writes.
#[test]
#[ignore]
fn print_a_program() {
    let mut rng = rng::Rng::new(env_number("MICA_SEM_SEED", DEFAULT_SEED));
    println!("{}", generate::program(&mut rng, env_number("MICA_SEM_FUNCTIONS", 3) as usize));
}
