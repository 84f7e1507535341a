//! Differential test against LLVM's FileCheck (`llvm-22-tools`, or the binary named by
//! `MICA_FILECHECK`): the shared case table and a thousand seeded random check files
//! must give the same exit code and the same diagnostics, rendered byte for byte alike
//! (except for regex-engine error wording and the empty-input message).
//! Skips when FileCheck is missing, unless `MICA_REQUIRE_ORACLES=1`.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{CASES, Expect, options_for};
use mica_filecheck::{Severity, check};

fn oracle() -> Option<PathBuf> {
    let path = std::env::var_os("MICA_FILECHECK").map_or_else(
        || PathBuf::from("/usr/lib/llvm-22/bin/FileCheck"),
        PathBuf::from,
    );
    if path.exists() {
        return Some(path);
    }
    assert!(
        std::env::var("MICA_REQUIRE_ORACLES").as_deref() != Ok("1"),
        "MICA_REQUIRE_ORACLES=1 but LLVM FileCheck is missing at {} (apt-get install llvm-22-tools)",
        path.display()
    );
    eprintln!(
        "skipping: LLVM FileCheck not found at {} (apt-get install llvm-22-tools)",
        path.display()
    );
    None
}

/// Exit code, the located errors as `file:line:col: message`, and the whole rendered
/// diagnostic text (normalized).
#[derive(Debug, PartialEq, Eq)]
struct Outcome {
    code: i32,
    errors: Vec<String>,
    text: String,
}

/// Makes rendered diagnostics comparable: engine-specific regex errors lose their
/// detail, blank lines go, and LLVM's empty-input message (worded differently here)
/// is dropped.
fn normalize_text(text: &str) -> String {
    text.lines()
        .filter(|l| {
            !l.is_empty()
                && !l.starts_with("FileCheck error:")
                && !l.starts_with("FileCheck command line:")
        })
        .filter(|l| !l.starts_with("error: input '<stdin>' is empty"))
        .map(|l| match l.find("error: invalid regex:") {
            Some(at) => format!("{}error: invalid regex", &l[..at]),
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Messages whose wording differs between regex engines are compared by their stem.
fn normalize(message: &str) -> String {
    if message.starts_with("invalid regex:") {
        "invalid regex".to_string()
    } else {
        message.to_string()
    }
}

fn run_llvm(filecheck: &Path, dir: &Path, args: &[&str], checks: &str, input: &str) -> Outcome {
    std::fs::write(dir.join("check"), checks).expect("write check file");
    let mut child = Command::new(filecheck)
        .args(args)
        .args(["check", "--dump-input=never"])
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run FileCheck");
    // FileCheck may exit before reading its input (e.g. on an invalid check file).
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .ok();
    let out = child.wait_with_output().expect("FileCheck finishes");
    let errors = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter_map(|line| {
            let (loc, msg) = line.split_once(": error: ")?;
            let (file, rest) = loc.split_once(':')?;
            (file == "check" || file == "command line")
                .then(|| format!("{file}:{rest}: {}", normalize(msg)))
        })
        .collect();
    let text = normalize_text(&String::from_utf8_lossy(&out.stderr));
    Outcome {
        code: out.status.code().unwrap_or(-1),
        errors,
        text,
    }
}

fn run_ours(args: &[&str], checks: &str, input: &str) -> Outcome {
    match check(checks, input, &options_for(args)) {
        Ok(()) => Outcome {
            code: 0,
            errors: Vec::new(),
            text: String::new(),
        },
        Err(f) => Outcome {
            text: normalize_text(&f.to_string()),
            code: f.kind.exit_code(),
            errors: f
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .filter_map(|d| {
                    let l = d.location.as_ref()?;
                    Some(format!(
                        "{}:{}:{}: {}",
                        l.file,
                        l.line,
                        l.column,
                        normalize(&d.message)
                    ))
                })
                .collect(),
        },
    }
}

/// Whether LLVM's outcome is what the case table expects (this validates the table).
fn llvm_meets(expect: &Expect, llvm: &Outcome) -> bool {
    match expect {
        Expect::Pass => llvm.code == 0,
        Expect::Fail(want) if want.starts_with(|c: char| c.is_ascii_digit()) => llvm
            .errors
            .first()
            .and_then(|e| e.split_once(':'))
            .is_some_and(|(_, located)| located == normalize_located(want)),
        Expect::Fail(_) => llvm.code != 0,
    }
}

/// `line:col: message` with the message normalized.
fn normalize_located(located: &str) -> String {
    let mut parts = located.splitn(3, ':');
    let (line, col, msg) = (
        parts.next().unwrap_or(""),
        parts.next().unwrap_or(""),
        parts.next().unwrap_or(""),
    );
    format!("{line}:{col}: {}", normalize(msg.trim_start()))
}

/// A small xorshift generator so that the random cases are reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const TOKENS: [&str; 16] = [
    "a", "b", "ab", "c", "x1", "x2", "%0", "%1", "=", "foo", "bar", "(y)", "1", "10", "A", "Foo",
];

fn random_input(rng: &mut Rng) -> String {
    let mut input = String::new();
    for _ in 0..1 + rng.below(7) {
        let words: Vec<&str> = (0..rng.below(5)).map(|_| rng.pick(&TOKENS)).collect();
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                input.push_str(rng.pick(&[" ", " ", "  ", "\t"]));
            }
            input.push_str(w);
        }
        input.push('\n');
    }
    if rng.below(10) == 0 {
        input.pop();
    }
    input
}

fn random_case(rng: &mut Rng) -> (Vec<&'static str>, String, String) {
    let input = random_input(rng);
    let checks = if rng.below(2) == 0 {
        derived_checks(rng, &input)
    } else {
        random_checks(rng)
    };
    let mut args = Vec::new();
    for (flag, one_in) in [
        ("--match-full-lines", 10),
        ("--strict-whitespace", 10),
        ("--implicit-check-not=bar", 10),
        ("--enable-var-scope", 20),
        ("--allow-deprecated-dag-overlap", 20),
        ("--ignore-case", 10),
    ] {
        if rng.below(one_in) == 0 {
            args.push(flag);
        }
    }
    (args, checks, input)
}

/// Checks that follow the input (so they often pass), with occasional CHECK-NOTs,
/// regexes and mutations.
fn derived_checks(rng: &mut Rng, input: &str) -> String {
    let mut checks = String::new();
    let mut previous: Option<usize> = None;
    for (line, text) in input.lines().enumerate() {
        if text.is_empty() && previous == Some(line.wrapping_sub(1)) && rng.below(2) == 0 {
            checks.push_str("// CHECK-EMPTY:\n");
            previous = Some(line);
            continue;
        }
        for token in text.split([' ', '\t']).filter(|t| !t.is_empty()) {
            if rng.below(3) != 0 {
                continue;
            }
            let directive = match previous {
                None => rng.pick(&["CHECK", "CHECK-LABEL", "CHECK-DAG"]),
                Some(p) if p == line => rng.pick(&["CHECK-SAME", "CHECK", "CHECK-DAG"]),
                Some(p) if p + 1 == line => rng.pick(&["CHECK-NEXT", "CHECK", "CHECK-LABEL"]),
                Some(_) => rng.pick(&["CHECK", "CHECK-DAG", "CHECK-LABEL", "CHECK-NEXT"]),
            };
            if rng.below(8) == 0 {
                checks.push_str(&format!("// CHECK-NOT: {}\n", rng.pick(&TOKENS)));
            }
            let pattern = match rng.below(12) {
                0 => rng.pick(&TOKENS).to_string(),
                1 => format!("{{{{.*}}}}{token}"),
                2 => format!("{{{{^}}}}{token}"),
                3 => format!("{token}{{{{$}}}}"),
                _ => token.to_string(),
            };
            checks.push_str(&format!("// {directive}: {pattern}\n"));
            previous = Some(line);
        }
    }
    if checks.is_empty() {
        checks.push_str("// CHECK-NOT: zzz\n");
    }
    checks
}

/// Arbitrary directives over the token vocabulary, variables included.
fn random_checks(rng: &mut Rng) -> String {
    let mut checks = String::new();
    let (mut vars, mut numbers) = (0, 0);
    for i in 0..1 + rng.below(6) {
        let directive = if i == 0 {
            rng.pick(&["CHECK", "CHECK", "CHECK", "CHECK-NEXT"])
        } else {
            rng.pick(&[
                "CHECK",
                "CHECK",
                "CHECK",
                "CHECK-NEXT",
                "CHECK-SAME",
                "CHECK-NOT",
                "CHECK-DAG",
                "CHECK-DAG",
                "CHECK-LABEL",
                "CHECK-EMPTY",
                "CHECK-COUNT-2",
            ])
        };
        let mut pattern = String::new();
        if directive != "CHECK-EMPTY" {
            for i in 0..1 + rng.below(2) {
                if i > 0 {
                    pattern.push(' ');
                }
                match rng.below(16) {
                    0 => pattern.push_str("{{[a-z]+}}"),
                    1 => pattern.push_str("{{.*}}"),
                    2 => pattern.push_str(rng.pick(&["{{^}}", "{{$}}", "{{a|b}}", "{{[^a]}}"])),
                    3 => {
                        pattern.push_str(&format!("[[V{vars}:[a-z0-9%]+]]"));
                        vars += 1;
                    }
                    4 | 5 if vars > 0 => pattern.push_str(&format!("[[V{}]]", rng.below(vars))),
                    6 => {
                        pattern.push_str(&format!("[[#N{numbers}:]]"));
                        numbers += 1;
                    }
                    7 if numbers > 0 => {
                        pattern.push_str(&format!("[[#N{}+{}]]", rng.below(numbers), rng.below(10)))
                    }
                    _ => pattern.push_str(rng.pick(&TOKENS)),
                }
            }
        }
        checks.push_str(&format!("// {directive}: {pattern}\n"));
    }
    checks
}

#[test]
fn agrees_with_llvm_filecheck() {
    let Some(filecheck) = oracle() else { return };
    let dir = std::env::temp_dir().join(format!("mica-filecheck-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let table = CASES.iter().map(|c| {
        (
            c.name.to_string(),
            c.args.to_vec(),
            c.checks.to_string(),
            c.input.to_string(),
            Some(c.expect),
        )
    });
    let random = (0..1000).map(|i| {
        let (args, checks, input) = random_case(&mut rng);
        (format!("random #{i}"), args, checks, input, None)
    });
    let mut differences = Vec::new();
    let mut total = 0;
    for (name, args, checks, input, expect) in table.chain(random) {
        total += 1;
        let llvm = run_llvm(&filecheck, &dir, &args, &checks, &input);
        if let Some(expect) = expect
            && !llvm_meets(&expect, &llvm)
        {
            differences.push(format!(
                "{name}: the case table expects {expect:?}, LLVM gives {llvm:?}\n"
            ));
        }
        let ours = run_ours(&args, &checks, &input);
        if llvm != ours {
            differences.push(format!(
                "{name} {args:?}\n--- checks\n{checks}--- input\n{input:?}\n--- LLVM: {} {:?}\n{}\n--- ours: {} {:?}\n{}\n",
                llvm.code, llvm.errors, llvm.text, ours.code, ours.errors, ours.text
            ));
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        differences.is_empty(),
        "{} of {total} runs differ from LLVM FileCheck:\n{}",
        differences.len(),
        differences.join("\n")
    );
}
