//! Runs every case of the shared FileCheck case table through `check` and compares the
//! outcome with the expectation written in the table.

mod common;

use common::{CASES, Expect, options_for};
use mica_filecheck::{CheckFailure, check};

/// The first error of a failure as `line:col: message` (or the bare message).
fn first_error(failure: &CheckFailure) -> String {
    let d = failure
        .diagnostics
        .iter()
        .find(|d| d.severity == mica_filecheck::Severity::Error)
        .expect("an error");
    match &d.location {
        Some(l) => format!("{}:{}: {}", l.line, l.column, d.message),
        None => d.message.clone(),
    }
}

#[test]
fn case_table() {
    let mut mismatches = Vec::new();
    for case in CASES {
        let outcome = check(case.checks, case.input, &options_for(case.args));
        let ok = match (&case.expect, &outcome) {
            (Expect::Pass, Ok(())) => true,
            (Expect::Fail(want), Err(f)) => first_error(f) == *want,
            _ => false,
        };
        if !ok {
            let got = outcome.map_err(|f| format!("{}\n{f}", first_error(&f)));
            mismatches.push(format!(
                "{}: expected {:?}, got {:?}",
                case.name, case.expect, got
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {} cases differ:\n{}",
        mismatches.len(),
        CASES.len(),
        mismatches.join("\n")
    );
}
