//! Reading a check file into the sequence FileCheck executes: each positive directive
//! (CHECK, -NEXT, -SAME, -EMPTY, -LABEL, -COUNT) becomes a [`CheckString`] carrying the
//! CHECK-DAG/CHECK-NOT patterns written before it (and the `--implicit-check-not`
//! patterns); trailing DAG/NOTs go to an implicit end-of-input check. Also validates
//! prefixes and applies `-D` definitions.

use std::collections::BTreeSet;

use crate::diagnostic::Diagnostic;
use crate::directive::{CheckKind, Directive, Found, Scanner};
use crate::numeric::{self, Scope};
use crate::options::Options;
use crate::pattern::{ParseContext, Pattern, PatternSource};
use crate::source::SourceText;
use crate::variables::Variables;

/// A CHECK-DAG or CHECK-NOT pattern with the prefix it was written with.
#[derive(Debug, Clone)]
pub(crate) struct DagNot {
    pub pattern: Pattern,
    pub prefix: String,
}

/// One positive directive and the DAG/NOT patterns that precede it.
#[derive(Debug, Clone)]
pub(crate) struct CheckString {
    pub pattern: Pattern,
    pub prefix: String,
    pub dag_nots: Vec<DagNot>,
}

/// A check file ready to run.
#[derive(Debug)]
pub(crate) struct CheckProgram {
    pub strings: Vec<CheckString>,
    /// Variables defined with `-D`.
    pub initial_vars: Variables,
    /// One `-implicit-check-not='...'` buffer per implicit pattern, for diagnostics.
    pub command_lines: Vec<SourceText>,
}

fn validate_prefixes(
    kind: &str,
    prefixes: &[String],
    seen: &mut BTreeSet<String>,
) -> Result<(), String> {
    for prefix in prefixes {
        if prefix.is_empty() {
            return Err(format!(
                "supplied {kind} prefix must not be the empty string"
            ));
        }
        if !prefix
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        {
            return Err(format!(
                "supplied {kind} prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: '{prefix}'"
            ));
        }
        if !seen.insert(prefix.clone()) {
            return Err(format!(
                "supplied {kind} prefix must be unique among check and comment prefixes: '{prefix}'"
            ));
        }
    }
    Ok(())
}

/// Applies `-D` definitions.
fn define_globals(
    opts: &Options,
    ctx: &mut ParseContext,
    vars: &mut Variables,
) -> Result<(), String> {
    for def in &opts.defines {
        let Some(eq) = def.find('=') else {
            return Err(format!("missing equal sign in global definition '{def}'"));
        };
        if let Some(numeric_def) = def.strip_prefix('#') {
            let block = format!("{}:{}", &numeric_def[..eq - 1], &numeric_def[eq..]);
            let scope = Scope {
                line: 0,
                formats: &ctx.numeric_formats,
                same_directive: &[],
            };
            let parsed = numeric::parse_block(&block, false, &scope)
                .map_err(|(_, m)| format!("in global definition '{def}': {m}"))?;
            let (Some((name, _)), Some(expr)) = (parsed.def, parsed.expr) else {
                return Err(format!(
                    "global definition '{def}' needs a variable name and a value"
                ));
            };
            if ctx.string_vars.contains(&name) {
                return Err(format!("string variable with name '{name}' already exists"));
            }
            let value = expr
                .eval(vars.numbers())
                .map_err(|_| format!("cannot evaluate global definition '{def}'"))?;
            ctx.numeric_formats.insert(name.clone(), parsed.format);
            vars.set_number(&name, value);
        } else {
            let (name, value) = (&def[..eq], &def[eq + 1..]);
            let valid = numeric::parse_variable(name, 0)
                .is_ok_and(|v| !v.pseudo && v.name.len() == name.len());
            if !valid {
                return Err(format!(
                    "invalid name in string variable definition '{name}'"
                ));
            }
            if ctx.numeric_formats.contains_key(name) {
                return Err(format!(
                    "numeric variable with name '{name}' already exists"
                ));
            }
            ctx.string_vars.insert(name.to_string());
            vars.set_string(name, value);
        }
    }
    Ok(())
}

/// Reads the (canonicalized) check file `check`.
pub(crate) fn read_check_file(
    check: &SourceText,
    opts: &Options,
) -> Result<CheckProgram, Vec<Diagnostic>> {
    let located =
        |offset: usize, msg: String| vec![Diagnostic::error(msg, Some(check.location(offset, 0)))];
    let check_prefixes = opts.effective_check_prefixes();
    let comment_prefixes = opts.effective_comment_prefixes();
    // Defaults take part in the uniqueness check, so that e.g. a check prefix `RUN`
    // collides with the default comment prefix.
    let mut seen = BTreeSet::new();
    if opts.check_prefixes.is_empty() {
        seen.extend(check_prefixes.iter().cloned());
    }
    if opts.comment_prefixes.is_empty() {
        seen.extend(comment_prefixes.iter().cloned());
    }
    validate_prefixes("check", &opts.check_prefixes, &mut seen)
        .and_then(|()| validate_prefixes("comment", &opts.comment_prefixes, &mut seen))
        .map_err(|m| vec![Diagnostic::error(m, None)])?;

    let mut ctx = ParseContext::default();
    let mut initial_vars = Variables::default();
    define_globals(opts, &mut ctx, &mut initial_vars)
        .map_err(|m| vec![Diagnostic::error(m, None)])?;

    let mut command_lines = Vec::new();
    let mut implicit = Vec::new();
    for (i, text) in opts.implicit_check_not.iter().enumerate() {
        const LEAD: &str = "-implicit-check-not='";
        let buffer = SourceText::new("command line", format!("{LEAD}{text}'"));
        let kind = (CheckKind::new(Directive::Not), "IMPLICIT-CHECK");
        let pattern = Pattern::parse(
            text,
            LEAD.len(),
            PatternSource::CommandLine(i),
            kind,
            1,
            opts,
            &mut ctx,
        )
        .map_err(|(at, m)| vec![Diagnostic::error(m, Some(buffer.location(at, 0)))])?;
        implicit.push(DagNot {
            pattern,
            prefix: "IMPLICIT-CHECK".to_string(),
        });
        command_lines.push(buffer);
    }

    let text = check.text();
    let mut scanner = Scanner::new(text, &check_prefixes, &comment_prefixes);
    let mut unused: BTreeSet<String> = check_prefixes.iter().cloned().collect();
    let distinct_prefixes = unused.len();
    let mut strings: Vec<CheckString> = Vec::new();
    let mut dag_nots = implicit.clone();
    while let Some(occurrence) = scanner.next_occurrence() {
        let prefix = occurrence.prefix;
        let kind = match occurrence.found {
            Found::Comment => None,
            Found::Check(kind) => Some(kind),
            Found::Misspelled => {
                let directive = &text[occurrence.start..occurrence.after];
                return Err(located(
                    occurrence.start,
                    format!("misspelled directive '{directive}'"),
                ));
            }
            Found::BadNot => {
                let at = occurrence.start + prefix.len() + 1;
                return Err(located(
                    at,
                    format!("unsupported -NOT combo on prefix '{prefix}'"),
                ));
            }
            Found::BadCount => {
                return Err(located(
                    occurrence.after,
                    format!("invalid count in -COUNT specification on prefix '{prefix}'"),
                ));
            }
        };
        let mut start = occurrence.after;
        if !(opts.strict_whitespace && opts.match_full_lines) {
            start += text[start..].len() - text[start..].trim_start_matches([' ', '\t']).len();
        }
        let eol = text[start..]
            .find(['\n', '\r'])
            .map_or(text.len(), |e| start + e);
        scanner.resume_at(eol);
        let Some(kind) = kind else { continue };
        unused.remove(&prefix);

        let line = check.line_col(occurrence.start).0;
        let pattern = Pattern::parse(
            &text[start..eol],
            start,
            PatternSource::CheckFile,
            (kind, &prefix),
            line,
            opts,
            &mut ctx,
        )
        .map_err(|(at, m)| located(at, m))?;
        if kind.directive == Directive::Label && pattern.has_variable() {
            return Err(located(
                occurrence.start,
                format!("found '{prefix}-LABEL:' with variable definition or use"),
            ));
        }
        let needs_previous = match kind.directive {
            Directive::Next => Some("NEXT"),
            Directive::Same => Some("SAME"),
            Directive::Empty => Some("EMPTY"),
            _ => None,
        };
        if let Some(name) = needs_previous
            && strings.is_empty()
        {
            return Err(located(
                occurrence.start,
                format!("found '{prefix}-{name}' without previous '{prefix}: line"),
            ));
        }
        if matches!(kind.directive, Directive::Dag | Directive::Not) {
            dag_nots.push(DagNot { pattern, prefix });
            continue;
        }
        strings.push(CheckString {
            pattern,
            prefix,
            dag_nots: std::mem::replace(&mut dag_nots, implicit.clone()),
        });
    }

    let none_found = unused.len() == distinct_prefixes;
    let some_unused = !opts.allow_unused_prefixes && !unused.is_empty();
    if (none_found || some_unused) && (implicit.is_empty() || !opts.check_prefixes.is_empty()) {
        let list: Vec<String> = unused.iter().map(|p| format!("'{p}:'")).collect();
        let plural = if unused.len() > 1 { "es" } else { "" };
        let msg = format!(
            "no check strings found with prefix{plural} {}",
            list.join(", ")
        );
        return Err(vec![Diagnostic::error(msg, None)]);
    }
    if !dag_nots.is_empty() {
        strings.push(CheckString {
            pattern: Pattern::eof(text.len()),
            prefix: check_prefixes[0].clone(),
            dag_nots,
        });
    }
    Ok(CheckProgram {
        strings,
        initial_vars,
        command_lines,
    })
}
