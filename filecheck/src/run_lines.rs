//! Extracting lit's `RUN:` commands from a test file: the text after `RUN:` on any line
//! (whatever comment leader precedes it), with lines ending in `\` continued by the next
//! `RUN:` line, and `%(line)`, `%(line+N)`, `%(line-N)` replaced by line numbers.

/// One command from a test file's `RUN:` lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunLine {
    /// 1-based line of the first `RUN:` line of the command.
    pub line: usize,
    /// The command, joined over `\` continuations and trimmed.
    pub command: String,
}

/// The text after the `RUN:` keyword of `line`, if it has one that starts a word.
fn run_text(line: &str) -> Option<&str> {
    let mut from = 0;
    while let Some(at) = line[from..].find("RUN:").map(|i| i + from) {
        let starts_word = line[..at]
            .bytes()
            .next_back()
            .is_none_or(|b| !(b.is_ascii_alphanumeric() || b == b'_' || b == b'-'));
        if starts_word {
            return Some(&line[at + 4..]);
        }
        from = at + 4;
    }
    None
}

/// Replaces lit's `%(line)`, `%(line+N)` and `%(line-N)` with line numbers.
fn substitute_line_numbers(text: &str, line: usize) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("%(line") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 6..];
        let close = after.find(')');
        let offset = close.and_then(|c| {
            let expr = after[..c].trim();
            if expr.is_empty() {
                return Some(0i64);
            }
            let (sign, digits) = expr.split_at(1);
            let n: i64 = digits.trim().parse().ok()?;
            match sign {
                "+" => Some(n),
                "-" => Some(-n),
                _ => None,
            }
        });
        match (
            close,
            offset.and_then(|delta| (line as i64).checked_add(delta)),
        ) {
            (Some(c), Some(number)) => {
                out.push_str(&number.to_string());
                rest = &after[c + 1..];
            }
            _ => {
                out.push_str("%(line");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// All `RUN:` commands of a test file, in order.
pub fn run_lines(test_source: &str) -> Vec<RunLine> {
    let mut commands: Vec<RunLine> = Vec::new();
    let mut continuing = false;
    for (index, line) in test_source.lines().enumerate() {
        let Some(text) = run_text(line) else { continue };
        let text = substitute_line_numbers(text.trim_end(), index + 1);
        match commands.last_mut() {
            Some(last) if continuing => {
                last.command.pop(); // the `\`
                last.command.push_str(&text);
            }
            _ => commands.push(RunLine {
                line: index + 1,
                command: text,
            }),
        }
        continuing = commands.last().is_some_and(|c| c.command.ends_with('\\'));
    }
    for c in &mut commands {
        c.command = c.command.trim().to_string();
    }
    commands
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_run_lines_after_any_comment_leader() {
        let src = "// RUN: mlir-opt %s | FileCheck %s\n# RUN: true\nfunc @f()\n// CHECK-RUN: no\n//RUN:x\n";
        let lines = run_lines(src);
        let got: Vec<(usize, &str)> = lines.iter().map(|l| (l.line, l.command.as_str())).collect();
        assert_eq!(
            got,
            [(1, "mlir-opt %s | FileCheck %s"), (2, "true"), (5, "x")]
        );
    }

    #[test]
    fn joins_continuations() {
        let src =
            "// RUN: mlir-opt %s \\\n// RUN:   --pass \\\n// RUN: | FileCheck %s\n// RUN: second\n";
        let lines = run_lines(src);
        assert_eq!(lines.len(), 2);
        assert_eq!(
            lines[0],
            RunLine {
                line: 1,
                command: "mlir-opt %s    --pass  | FileCheck %s".into()
            }
        );
        assert_eq!(lines[1].line, 4);
    }

    #[test]
    fn substitutes_line_numbers() {
        let lines = run_lines("\n\n// RUN: tool -l=%(line) -n=%(line+2) -p=%(line - 1) %(lineX)\n");
        assert_eq!(lines[0].command, "tool -l=3 -n=5 -p=2 %(lineX)");
    }

    #[test]
    fn keeps_a_dangling_continuation_for_the_runner_to_reject() {
        assert_eq!(run_lines("// RUN: a \\\n")[0].command, "a \\");
    }
}
