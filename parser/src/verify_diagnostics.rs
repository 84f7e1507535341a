//! `--verify-diagnostics`: checks the diagnostics a buffer produces against its
//! `expected-error`, `expected-warning`, `expected-note` and `expected-remark` annotations
//! (`@+N`, `@-N`, `@above`, `@below`, `{{regex}}` parts), as MLIR's
//! SourceMgrDiagnosticVerifierHandler does.

use crate::diagnostics::{Source, resolve};
use mica_ir::{Context, Diagnostic, Severity};
use regex::Regex;

/// One `expected-*` annotation.
#[derive(Debug, Clone)]
pub struct Expectation {
    /// Expected severity.
    pub severity: Severity,
    /// 1-based line the diagnostic must be reported on.
    pub line: usize,
    /// The text between `{{` and `}}` of the annotation (the whole message pattern).
    pub pattern: String,
    /// Line of the annotation itself.
    pub annotation_line: usize,
    matcher: Matcher,
    matched: bool,
}

#[derive(Debug, Clone)]
enum Matcher {
    Substring(String),
    Regex(Regex),
}

/// Reads the annotations of a buffer. An annotation that cannot be read is reported as an
/// error message with its line.
pub fn parse_expectations(src: &str) -> Result<Vec<Expectation>, (usize, String)> {
    let re = Regex::new(r"expected-(error|warning|note|remark)(-re)? *(@([+-][0-9]+|above|below))? *\{\{(.*)\}\}").expect("static regex");
    let lines: Vec<&str> = src.lines().collect();
    let mut out: Vec<Expectation> = Vec::new();
    let mut pending_below: Vec<usize> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let line = i + 1;
        let Some(c) = re.captures(l) else {
            if !pending_below.is_empty() && !l.trim().starts_with("//") && !l.trim().is_empty() {
                for idx in pending_below.drain(..) {
                    out[idx].line = line;
                }
            }
            continue;
        };
        let severity = match &c[1] {
            "error" => Severity::Error,
            "warning" => Severity::Warning,
            "note" => Severity::Note,
            _ => Severity::Remark,
        };
        let pattern = c[5].to_string();
        let target = match c.get(4).map(|m| m.as_str()) {
            None => line,
            Some("above") => {
                // The closest previous line that is not an annotation-only comment.
                (1..line).rev().find(|&k| !lines[k - 1].trim_start().starts_with("//")).unwrap_or(1)
            }
            Some("below") => 0,
            Some(off) => {
                let n: i64 = off.parse().map_err(|_| (line, format!("invalid offset '{off}'")))?;
                let t = line as i64 + n;
                if t < 1 {
                    return Err((line, "expected diagnostic line offset is out of range".into()));
                }
                t as usize
            }
        };
        let matcher = if c.get(2).is_some() || pattern.contains("{{") {
            Matcher::Regex(build_regex(&pattern, c.get(2).is_some()).map_err(|e| (line, e))?)
        } else {
            Matcher::Substring(pattern.clone())
        };
        out.push(Expectation { severity, line: target, pattern, annotation_line: line, matcher, matched: false });
        if target == 0 {
            pending_below.push(out.len() - 1);
        }
    }
    Ok(out)
}

/// Turns `text {{re}} text` into a regex: literal parts escaped, `{{...}}` parts verbatim.
fn build_regex(pattern: &str, whole_is_regex: bool) -> Result<Regex, String> {
    if whole_is_regex && !pattern.contains("{{") {
        return Regex::new(pattern).map_err(|e| e.to_string());
    }
    let mut re = String::new();
    let mut rest = pattern;
    while let Some(start) = rest.find("{{") {
        re.push_str(&regex::escape(&rest[..start]));
        let after = &rest[start + 2..];
        let end = after.find("}}").ok_or_else(|| "unterminated '{{' in expected diagnostic".to_string())?;
        re.push('(');
        re.push_str(&after[..end]);
        re.push(')');
        rest = &after[end + 2..];
    }
    re.push_str(&regex::escape(rest));
    Regex::new(&re).map_err(|e| e.to_string())
}

/// Checks `diags` (with their notes) against the annotations of `src`. Returns the error
/// messages mlir-opt would print (empty when everything matched).
pub fn verify(ctx: &Context, src: &Source<'_>, diags: &[Diagnostic]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut exp = match parse_expectations(src.text) {
        Ok(e) => e,
        Err((line, msg)) => return vec![format!("{}:{}: error: {}", src.name, line, msg)],
    };
    let mut all: Vec<&Diagnostic> = Vec::new();
    for d in diags {
        all.push(d);
        all.extend(d.notes.iter());
    }
    for d in all {
        let r = resolve(ctx, src, d.loc);
        let line = r.as_ref().filter(|r| r.in_source).map(|r| r.line);
        let found = exp.iter_mut().find(|e| {
            !e.matched
                && e.severity == d.severity
                && Some(e.line) == line
                && match &e.matcher {
                    Matcher::Substring(s) => d.message.contains(s.as_str()),
                    Matcher::Regex(r) => r.is_match(&d.message),
                }
        });
        match found {
            Some(e) => e.matched = true,
            None => {
                // Notes without expectations are accepted when their error was expected
                // (MLIR only checks notes that are annotated).
                if d.severity == Severity::Note {
                    continue;
                }
                let (file, l, c) = r.map_or(("<unknown>".to_string(), 0, 0), |r| (r.file, r.line, r.col));
                problems.push(format!("{file}:{l}:{c}: error: unexpected {}: {}", d.severity.as_str(), d.message));
            }
        }
    }
    for e in exp.iter().filter(|e| !e.matched) {
        problems.push(format!(
            "{}:{}:{}: error: expected {} \"{}\" was not produced",
            src.name,
            e.annotation_line,
            1,
            e.severity.as_str(),
            e.pattern
        ));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_annotation_forms() {
        let src = "// expected-error@+1 {{foo}}\nx\ny // expected-warning {{b {{[0-9]+}}}}\n// expected-note@below {{n}}\n\nz\n// expected-remark@above {{r}}\n";
        let e = parse_expectations(src).unwrap();
        assert_eq!(e.len(), 4);
        assert_eq!((e[0].severity, e[0].line), (Severity::Error, 2));
        assert_eq!((e[1].severity, e[1].line), (Severity::Warning, 3));
        assert!(matches!(&e[1].matcher, Matcher::Regex(r) if r.is_match("b 12") && !r.is_match("b x")));
        assert_eq!(e[2].line, 6);
        assert_eq!(e[3].line, 6);
    }
}
