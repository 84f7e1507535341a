//! Table tests from MLIR's own test files in the shared corpus (`MICA_CORPUS`, by default
//! `../shared/corpus`, read in place): every map and set defined in
//! `mlir/test/IR/affine-map.mlir` and `affine-set.mlir` must print as `mlir-opt` 22 printed it (the oracle output stored next to the corpus), and
//! every error case of `invalid-affinemap.mlir` must fail with the expected message on the
//! expected line. Skips with a message when the corpus is missing, and fails instead when
//! `MICA_REQUIRE_ORACLES=1`.

use std::collections::HashMap;
use std::path::PathBuf;

use mica_affine::{AffineParser, MapOrSet};

fn corpus_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("MICA_CORPUS") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    };
    if dir.join("chunks/llvm-project").is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var("MICA_REQUIRE_ORACLES").as_deref() != Ok("1"),
        "corpus not found at {} and MICA_REQUIRE_ORACLES=1",
        dir.display()
    );
    println!("skipping: corpus not found at {}", dir.display());
    None
}

/// Alias definitions `#name = affine_map<...>` / `affine_set<...>`: name and offset of the
/// text after `<`.
fn alias_definitions(text: &str) -> Vec<(&str, usize)> {
    let mut definitions = Vec::new();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        if let Some(rest) = line.strip_prefix('#')
            && let Some((name, value)) = rest.split_once(" = ")
        {
            let value_start = line.len() - value.len();
            for keyword in ["affine_map<", "affine_set<"] {
                if value.starts_with(keyword) {
                    definitions.push((name.trim(), line_start + value_start + keyword.len()));
                }
            }
        }
        line_start += line.len();
    }
    definitions
}

/// The operation lines (function declarations and generic operations) with the aliases they
/// reference, in order.
fn op_references(text: &str) -> Vec<(String, Vec<&str>)> {
    let mut ops = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if !(trimmed.starts_with("func.func") || trimmed.starts_with('"')) {
            continue;
        }
        let name: String = trimmed
            .split(['(', ' '])
            .take(3)
            .collect::<Vec<_>>()
            .join(" ");
        let mut references = Vec::new();
        let bytes = trimmed.as_bytes();
        for (index, _) in trimmed.match_indices('#') {
            let end = bytes[index + 1..]
                .iter()
                .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')))
                .map_or(bytes.len(), |length| index + 1 + length);
            references.push(&trimmed[index + 1..end]);
        }
        ops.push((name, references));
    }
    ops
}

/// Checks one corpus file against its oracle output; returns the number of definitions checked.
fn check_printed(source_name: &str) -> Option<usize> {
    let dir = corpus_dir()?;
    let source = std::fs::read_to_string(
        dir.join("chunks/llvm-project")
            .join(format!("{source_name}.0.mlir")),
    )
    .unwrap();
    let oracle = std::fs::read_to_string(
        dir.join("oracle/llvm-project")
            .join(format!("{source_name}.0.custom.mlir")),
    )
    .unwrap();

    // What each printed alias stands for.
    let printed: HashMap<&str, &str> = oracle
        .lines()
        .filter_map(|line| {
            let (name, value) = line.strip_prefix('#')?.split_once(" = ")?;
            let inner = value
                .strip_prefix("affine_map<")
                .or_else(|| value.strip_prefix("affine_set<"))?;
            Some((name, inner.strip_suffix('>')?))
        })
        .collect();

    // Pair each source alias with the printed alias used at the same place.
    let source_ops = op_references(&source);
    let printed_ops = op_references(&oracle);
    assert_eq!(
        source_ops.len(),
        printed_ops.len(),
        "operations of {source_name}"
    );
    let mut printed_for: HashMap<&str, &str> = HashMap::new();
    for ((source_op, source_refs), (printed_op, printed_refs)) in
        source_ops.iter().zip(&printed_ops)
    {
        assert_eq!(source_op, printed_op, "operations pair up in order");
        // An identity layout map is dropped from a memref type: nothing to pair then.
        if source_refs.len() == printed_refs.len() {
            for (source_ref, printed_ref) in source_refs.iter().zip(printed_refs) {
                printed_for.insert(source_ref, printed_ref);
            }
        }
    }

    let mut checked = 0;
    for (name, offset) in alias_definitions(&source) {
        let Some(printed_alias) = printed_for.get(name) else {
            continue;
        };
        let expected = printed[printed_alias];
        let (parsed, end) = AffineParser::new(&source, offset)
            .parse_map_or_set()
            .expect(name);
        assert_eq!(
            &source[end..end + 1],
            ">",
            "#{name} ends at its closing '>'"
        );
        let ours = match parsed {
            MapOrSet::Map(map) => map.to_string(),
            MapOrSet::Set(set) => set.to_string(),
        };
        assert_eq!(ours, expected, "#{name}");
        checked += 1;
    }
    Some(checked)
}

#[test]
fn affine_map_test_file_prints_as_mlir_opt() {
    if let Some(checked) = check_printed("mlir__test__IR__affine-map.mlir") {
        // Every alias used by an operation, less the identity layouts dropped from memref types.
        assert_eq!(checked, 72);
    }
}

#[test]
fn affine_set_test_file_prints_as_mlir_opt() {
    if let Some(checked) = check_printed("mlir__test__IR__affine-set.mlir") {
        assert_eq!(checked, 18);
    }
}

/// The `expected-error` annotations of a chunk: (1-based line, message).
fn expected_errors(text: &str) -> Vec<(usize, String)> {
    let mut expected = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let Some(at) = line.find("expected-error") else {
            continue;
        };
        let rest = &line[at + "expected-error".len()..];
        let (offset, rest) = match rest.trim_start().strip_prefix('@') {
            Some(relative) => {
                let end = relative
                    .find(|c: char| c.is_whitespace() || c == '{')
                    .unwrap_or(relative.len());
                (relative[..end].parse::<i64>().unwrap(), &relative[end..])
            }
            None => (0, rest),
        };
        let begin = rest.find("{{").unwrap() + 2;
        let end = rest.find("}}").unwrap();
        let target = index as i64 + 1 + offset;
        expected.push((target as usize, rest[begin..end].to_string()));
    }
    expected
}

#[test]
fn invalid_affine_maps_fail_with_mlir_messages() {
    let Some(dir) = corpus_dir() else { return };
    let mut checked = 0;
    for index in 1..=32 {
        let path = dir.join(format!(
            "chunks/llvm-project/mlir__test__IR__invalid-affinemap.mlir.{index}.mlir"
        ));
        let text = std::fs::read_to_string(&path).unwrap();
        let expected = expected_errors(&text);
        // Errors about attribute aliases come from the attribute parser, not from this crate.
        if expected.is_empty()
            || expected
                .iter()
                .any(|(_, message)| message.contains("attribute alias"))
        {
            continue;
        }
        let start = text.find("affine_map<").unwrap() + "affine_map<".len();
        let error = AffineParser::new(&text, start)
            .parse_map_or_set()
            .expect_err(&text);
        let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
        let mut ours = vec![(line_of(error.offset), error.message.clone())];
        ours.extend(
            error
                .also
                .iter()
                .map(|(offset, message)| (line_of(*offset), message.clone())),
        );
        assert_eq!(ours.len(), expected.len(), "{}: {ours:?}", path.display());
        for ((line, message), (expected_line, expected_message)) in ours.iter().zip(&expected) {
            assert_eq!(line, expected_line, "{}", path.display());
            assert!(
                message.contains(expected_message.as_str()),
                "{}: {message:?} vs {expected_message:?}",
                path.display()
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 30);
}
