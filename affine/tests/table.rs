//! Table tests: hand-picked affine maps and sets (edge cases of folding, overflow, printing,
//! identifiers, and error messages and locations) in `tests/data/cases.txt`, each with what
//! `mlir-opt` 22 prints or reports for it.
//!
//! A case is one attribute, placed in the chunk `"t.op"() {m = <attribute>} : () -> ()`
//! (`\n` in a case stands for a line break; a case ending in `<EOF>` is cut there, the chunk
//! then ending with a line break). The expectations below it are `=> <printed attribute>` or
//! one `=> error <line>:<column>: <message>` per reported error, positions within the chunk.
//!
//! When `mlir-opt` is installed the table itself is checked against it too, and
//! `MICA_BLESS=1` rewrites the expectations from `mlir-opt`'s answers.

use std::path::PathBuf;
use std::process::Command;

use mica_affine::AffineParser;

struct Entry {
    /// The attribute text as written in the table (with `\n` escapes).
    case: String,
    expected: Vec<String>,
}

fn table_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/cases.txt")
}

fn read_table() -> (Vec<String>, Vec<Entry>) {
    let text = std::fs::read_to_string(table_path()).unwrap();
    let mut header = Vec::new();
    let mut entries: Vec<Entry> = Vec::new();
    for line in text.lines() {
        if let Some(expected) = line.strip_prefix("=> ") {
            entries
                .last_mut()
                .expect("an expectation follows a case")
                .expected
                .push(expected.to_string());
        } else if line.starts_with('#') || line.is_empty() {
            if entries.is_empty() {
                header.push(line.to_string());
            } else {
                // Comments between cases are kept with the following case.
                entries.push(Entry {
                    case: line.to_string(),
                    expected: Vec::new(),
                });
            }
        } else {
            entries.push(Entry {
                case: line.to_string(),
                expected: Vec::new(),
            });
        }
    }
    (header, entries)
}

fn is_case(entry: &Entry) -> bool {
    !(entry.case.starts_with('#') || entry.case.is_empty())
}

/// The chunk for a case and the offset of the text after the attribute's `<`.
fn chunk(case: &str) -> (String, usize) {
    let unescaped = case.replace("\\n", "\n");
    let (body, cut) = match unescaped.strip_suffix("<EOF>") {
        Some(body) => (body.to_string(), true),
        None => (unescaped, false),
    };
    let prefix = "\"t.op\"() {m = ";
    let suffix = if cut { "\n" } else { "} : () -> ()\n" };
    let start = prefix.len() + body.find('<').expect("an attribute with '<'") + 1;
    (format!("{prefix}{body}{suffix}"), start)
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |p| p + 1);
    (line, offset - line_start + 1)
}

/// What this crate says about a case, as expectation lines.
fn ours(case: &str) -> Vec<String> {
    let (chunk, start) = chunk(case);
    let parser = AffineParser::new(&chunk, start);
    let result = if case.starts_with("affine_map") {
        parser
            .parse_affine_map()
            .map(|(map, _)| format!("affine_map<{map}>"))
    } else {
        parser
            .parse_integer_set()
            .map(|(set, _)| format!("affine_set<{set}>"))
    };
    match result {
        Ok(printed) => vec![printed],
        Err(error) => std::iter::once((error.offset, error.message))
            .chain(error.also)
            .map(|(offset, message)| {
                let (line, column) = line_col(&chunk, offset);
                format!("error {line}:{column}: {message}")
            })
            .collect(),
    }
}

/// What `mlir-opt` says about each case, as expectation lines; `None` without `mlir-opt`.
fn oracle(cases: &[&str]) -> Option<Vec<Vec<String>>> {
    let path = std::env::var_os("MICA_MLIR_OPT")
        .map_or_else(|| PathBuf::from("/usr/lib/llvm-22/bin/mlir-opt"), PathBuf::from);
    if !path.exists() {
        assert!(
            std::env::var("MICA_REQUIRE_ORACLES").as_deref() != Ok("1"),
            "mlir-opt is required"
        );
        println!("mlir-opt not found: checking the table without it");
        return None;
    }
    let mut file = String::new();
    let mut first_lines = Vec::new();
    for (index, case) in cases.iter().enumerate() {
        if index != 0 {
            file.push_str("// -----\n");
        }
        first_lines.push(file.matches('\n').count() + 1);
        file.push_str(&chunk(case).0);
    }
    let input = std::env::temp_dir().join(format!("mica-affine-table-{}.mlir", std::process::id()));
    std::fs::write(&input, &file).unwrap();
    let output = Command::new(&path)
        .args([
            "--allow-unregistered-dialect",
            "--split-input-file",
            "--mlir-print-local-scope",
        ])
        .arg(&input)
        .output()
        .unwrap();
    std::fs::remove_file(&input).ok();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let mut answers: Vec<Vec<String>> = vec![Vec::new(); cases.len()];
    for (index, chunk) in stdout.split("// -----\n").enumerate() {
        if let Some(begin) = chunk.find("{m = ") {
            let rest = &chunk[begin + 5..];
            answers[index].push(rest[..rest.find("} : () -> ()").unwrap()].to_string());
        }
    }
    let prefix = format!("{}:", input.display());
    for line in stderr.lines() {
        let Some(rest) = line.strip_prefix(&prefix) else {
            continue;
        };
        let mut parts = rest.splitn(3, ':');
        let (Some(l), Some(c), Some(message)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        let Some(message) = message.strip_prefix(" error: ") else {
            continue;
        };
        let l: usize = l.parse().unwrap();
        let index = first_lines.iter().rposition(|&first| first <= l).unwrap();
        answers[index].push(format!(
            "error {}:{c}: {message}",
            l - first_lines[index] + 1
        ));
    }
    Some(answers)
}

#[test]
fn table_cases_match_mlir_opt() {
    let (header, mut entries) = read_table();
    let cases: Vec<&str> = entries
        .iter()
        .filter(|entry| is_case(entry))
        .map(|entry| entry.case.as_str())
        .collect();
    assert!(cases.len() >= 100, "the table has {} cases", cases.len());
    let answers = oracle(&cases);

    if std::env::var("MICA_BLESS").as_deref() == Ok("1") {
        let mut blessed = answers
            .clone()
            .expect("blessing needs mlir-opt")
            .into_iter();
        let mut text = header.join("\n");
        for entry in entries.iter_mut() {
            text.push('\n');
            text.push_str(&entry.case);
            if is_case(entry) {
                entry.expected = blessed.next().unwrap();
                for expected in &entry.expected {
                    text.push_str("\n=> ");
                    text.push_str(expected);
                }
            }
        }
        text.push('\n');
        std::fs::write(table_path(), text).unwrap();
    }

    let mut failures = Vec::new();
    let mut answers = answers.map(Vec::into_iter);
    for entry in entries.iter().filter(|entry| is_case(entry)) {
        let ours = ours(&entry.case);
        if ours != entry.expected {
            failures.push(format!(
                "{}\n  expected: {:?}\n  ours:     {:?}",
                entry.case, entry.expected, ours
            ));
        }
        if let Some(answer) = answers.as_mut().and_then(Iterator::next)
            && answer != entry.expected
        {
            failures.push(format!(
                "{}\n  expected: {:?}\n  mlir-opt: {:?}",
                entry.case, entry.expected, answer
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
