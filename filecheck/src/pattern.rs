//! Parsing one check pattern (the text after `CHECK...:`) into what is matched: a fixed
//! string, or a regex assembled from escaped literal text, `{{regex}}` pieces,
//! `[[VAR:regex]]` definitions, `[[VAR]]` uses and `[[#...]]` numeric blocks.

use std::collections::{BTreeMap, BTreeSet};

use crate::directive::{CheckKind, Directive};
use crate::numeric::{self, NumFormat, NumericBlock, Scope};
use crate::options::Options;
use crate::{engine, posix};

/// Which buffer a pattern's text lives in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PatternSource {
    /// The check file.
    CheckFile,
    /// The n-th `--implicit-check-not` argument.
    CommandLine(usize),
}

/// A numeric expression whose value is substituted at match time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NumericUse {
    pub expr: numeric::Expr,
    pub format: NumFormat,
    /// The block text, as shown in `with "..." equal to ...` notes.
    pub text: String,
    /// Offset of the block text in the pattern's source.
    pub offset: usize,
}

/// What a variable definition captures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum DefBody {
    /// A regex (string variables, numeric wildcards).
    Regex(String),
    /// The value of an expression (`[[#VAR:expr]]`).
    Numeric(NumericUse),
}

/// One piece of a regex pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Piece {
    /// Text matched literally.
    Literal(String),
    /// Ready-to-use regex text.
    Regex(String),
    /// A variable definition: capture group `group` around `body`.
    Def { group: usize, body: DefBody },
    /// `[[NAME]]` for a variable set by an earlier directive; offset of the name.
    StringUse { name: String, offset: usize },
    /// `[[NAME]]` for a variable defined earlier in this pattern.
    Backref { group: usize },
    /// `[[#expr]]`.
    Numeric(NumericUse),
}

/// The type of a variable defined by a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum VarKind {
    String,
    Numeric(NumFormat),
}

/// A variable definition and the capture group that sets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct VarDef {
    pub name: String,
    pub group: usize,
    pub kind: VarKind,
}

/// How a pattern matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Matcher {
    /// A plain substring search.
    Fixed(String),
    /// A regex search with substitutions; `template` is the regex as LLVM spells it
    /// before substitution, used for "possible intended match" hints.
    Regex {
        pieces: Vec<Piece>,
        defs: Vec<VarDef>,
        template: String,
    },
    /// CHECK-EMPTY: the newline ending the previous line followed by an empty line.
    Empty,
    /// The implicit end-of-input check.
    Eof,
}

/// A parsed pattern with the information needed for diagnostics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pattern {
    pub kind: CheckKind,
    pub source: PatternSource,
    /// Byte offset of the pattern text in its source.
    pub offset: usize,
    pub matcher: Matcher,
}

/// Variables known while reading a check file, in definition order.
#[derive(Debug, Default)]
pub(crate) struct ParseContext {
    /// Formats of numeric variables defined so far.
    pub numeric_formats: BTreeMap<String, NumFormat>,
    /// Names of string variables defined so far.
    pub string_vars: BTreeSet<String>,
}

/// A parse error at a byte offset in the pattern's source.
pub(crate) type ParseError = (usize, String);

impl Pattern {
    /// The implicit end-of-input pattern, located at `offset`.
    pub(crate) fn eof(offset: usize) -> Self {
        Pattern {
            kind: CheckKind::new(Directive::Eof),
            source: PatternSource::CheckFile,
            offset,
            matcher: Matcher::Eof,
        }
    }

    /// Whether the pattern defines or substitutes variables (not allowed in labels).
    pub(crate) fn has_variable(&self) -> bool {
        let Matcher::Regex { pieces, defs, .. } = &self.matcher else {
            return false;
        };
        defs.iter().any(|d| d.kind == VarKind::String)
            || pieces.iter().any(|p| {
                matches!(p, Piece::StringUse { .. } | Piece::Numeric(_))
                    || matches!(
                        p,
                        Piece::Def {
                            body: DefBody::Numeric(_),
                            ..
                        }
                    )
            })
    }

    /// Text resembling what the pattern matches, for "possible intended match" hints:
    /// the fixed string, or the regex as FileCheck builds it.
    pub(crate) fn example(&self) -> &str {
        match &self.matcher {
            Matcher::Fixed(text) => text,
            Matcher::Regex { template, .. } => template,
            // FileCheck's regex for CHECK-EMPTY.
            Matcher::Empty => "(\n$)",
            Matcher::Eof => "",
        }
    }

    /// Parses `text`, found at byte `offset` of `source`, for a directive of `kind`
    /// written with `prefix` on check-file line `line`.
    pub(crate) fn parse(
        text: &str,
        offset: usize,
        source: PatternSource,
        (kind, prefix): (CheckKind, &str),
        line: usize,
        opts: &Options,
        ctx: &mut ParseContext,
    ) -> Result<Pattern, ParseError> {
        let matcher = PatternParser {
            base: offset,
            line,
            opts,
            ctx,
            pieces: Vec::new(),
            defs: Vec::new(),
            template: String::new(),
        }
        .parse(text, kind, prefix)?;
        Ok(Pattern {
            kind,
            source,
            offset,
            matcher,
        })
    }
}

struct PatternParser<'a> {
    base: usize,
    line: usize,
    opts: &'a Options,
    ctx: &'a mut ParseContext,
    pieces: Vec<Piece>,
    defs: Vec<VarDef>,
    /// The pattern as LLVM's FileCheck spells its regex (POSIX, before substitution).
    template: String,
}

/// LLVM's escaping of literal text in its regex template.
fn llvm_escape(text: &str) -> String {
    text.chars().fold(String::new(), |mut out, c| {
        if "()^$|*+?.[]\\{}".contains(c) {
            out.push('\\');
        }
        out.push(c);
        out
    })
}

/// Finds the `]]` closing a substitution block, skipping brackets of regex classes.
/// `Err` carries the offset of an unbalanced `]`; `Ok(None)` means no `]]` at all.
fn find_block_end(s: &str) -> Result<Option<usize>, usize> {
    let b = s.as_bytes();
    let (mut i, mut depth) = (0, 0usize);
    while i < b.len() {
        if depth == 0 && b[i..].starts_with(b"]]") {
            return Ok(Some(i));
        }
        match b[i] {
            b'\\' => i += 1,
            b'[' => depth += 1,
            b']' if depth == 0 => return Err(i),
            b']' => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    Ok(None)
}

impl PatternParser<'_> {
    fn parse(mut self, text: &str, kind: CheckKind, prefix: &str) -> Result<Matcher, ParseError> {
        let opts = self.opts;
        let full_lines = opts.match_full_lines && kind.directive != Directive::Not;
        let text = if opts.strict_whitespace && opts.match_full_lines {
            text
        } else {
            text.trim_end_matches([' ', '\t'])
        };
        let is_empty_check = kind.directive == Directive::Empty;
        if text.is_empty() && !is_empty_check {
            return Err((
                self.base,
                format!("found empty check string with prefix '{prefix}:'"),
            ));
        }
        if !text.is_empty() && is_empty_check {
            return Err((
                self.base,
                format!("found non-empty check string for empty check with prefix '{prefix}:'"),
            ));
        }
        if is_empty_check {
            return Ok(Matcher::Empty);
        }
        if kind.literal
            || (!full_lines && (text.len() < 2 || (!text.contains("{{") && !text.contains("[["))))
        {
            return Ok(Matcher::Fixed(text.to_string()));
        }
        let spaces = if opts.strict_whitespace { "" } else { " *" };
        if full_lines {
            self.pieces.push(Piece::Regex(format!("^{spaces}")));
            self.template.push_str(&format!("^{spaces}"));
        }
        let mut pos = 0;
        while pos < text.len() {
            let rest = &text[pos..];
            if rest.starts_with("{{") {
                let end = rest.find("}}").ok_or_else(|| {
                    (
                        self.base + pos,
                        "found start of regex string with no end '}}'".to_string(),
                    )
                })?;
                let re = self.regex(&rest[2..end], pos + 2)?;
                self.pieces.push(Piece::Regex(format!("(?:{re})")));
                let user = &rest[2..end];
                let grouped = if rest.contains('|') {
                    format!("({user})")
                } else {
                    user.to_string()
                };
                self.template.push_str(&grouped);
                pos += end + 2;
            } else if rest.starts_with("[[") && !rest.starts_with("[[[") {
                pos = self.substitution_block(text, pos)?;
            } else {
                let first = rest.chars().next().map_or(1, char::len_utf8);
                let end = [rest[first..].find("{{"), rest[first..].find("[[")]
                    .into_iter()
                    .flatten()
                    .min()
                    .map_or(rest.len(), |e| e + first);
                self.pieces.push(Piece::Literal(rest[..end].to_string()));
                self.template.push_str(&llvm_escape(&rest[..end]));
                pos += end;
            }
        }
        if full_lines {
            self.pieces.push(Piece::Regex(format!("{spaces}$")));
            self.template.push_str(&format!("{spaces}$"));
        }
        Ok(Matcher::Regex {
            pieces: self.pieces,
            defs: self.defs,
            template: self.template,
        })
    }

    /// Translates and validates a user regex found at `pos` of the pattern text.
    fn regex(&self, posix: &str, pos: usize) -> Result<String, ParseError> {
        let at = self.base + pos;
        let re = posix::translate(posix).map_err(|e| (at, format!("invalid regex: {e}")))?;
        engine::validate(&re).map_err(|e| (at, format!("invalid regex: {e}")))?;
        Ok(re)
    }

    /// Parses the block starting with `[[` at `pos`; returns the offset after its `]]`.
    fn substitution_block(&mut self, text: &str, pos: usize) -> Result<usize, ParseError> {
        let inner = pos + 2;
        let end = match find_block_end(&text[inner..]) {
            Ok(Some(end)) => inner + end,
            Ok(None) => {
                return Err((
                    self.base + pos,
                    "Invalid substitution block, no ]] found".into(),
                ));
            }
            Err(at) => {
                return Err((
                    self.base + inner + at,
                    "missing closing \"]\" for regex variable".into(),
                ));
            }
        };
        let block = &text[inner..end];
        if let Some(numeric) = block.strip_prefix('#') {
            self.numeric_block(numeric, inner + 1, false)?;
        } else {
            self.string_block(block, inner)?;
        }
        Ok(end + 2)
    }

    fn string_block(&mut self, block: &str, at: usize) -> Result<(), ParseError> {
        let colon = block.find(':');
        let name_part = &block[..colon.unwrap_or(block.len())];
        if let Some(space) = name_part.find([' ', '\t']) {
            return Err((self.base + at + space, "unexpected whitespace".into()));
        }
        let var = numeric::parse_variable(block, 0).map_err(|(o, m)| (self.base + at + o, m))?;
        let name_at = self.base + at;
        let after = &block[var.name.len()..];
        if colon.is_none() {
            if var.pseudo {
                return self.numeric_block(block, at, true);
            }
            if !after.is_empty() {
                return Err((name_at, "invalid name in string variable use".into()));
            }
            let earlier = self
                .defs
                .iter()
                .rev()
                .find(|d| d.name == var.name && d.kind == VarKind::String);
            self.pieces.push(match earlier {
                Some(def) => {
                    self.template.push_str(&format!("\\{}", def.group + 1));
                    Piece::Backref { group: def.group }
                }
                None => Piece::StringUse {
                    name: var.name,
                    offset: name_at,
                },
            });
            return Ok(());
        }
        let Some(regex) = after.strip_prefix(':').filter(|_| !var.pseudo) else {
            return Err((name_at, "invalid name in string variable definition".into()));
        };
        if self.ctx.numeric_formats.contains_key(&var.name) {
            return Err((
                name_at,
                format!("numeric variable with name '{}' already exists", var.name),
            ));
        }
        let body = self.regex(regex, at + var.name.len() + 1)?;
        self.template.push_str(&format!("({regex})"));
        self.define(var.name.clone(), VarKind::String, DefBody::Regex(body));
        self.ctx.string_vars.insert(var.name);
        Ok(())
    }

    fn numeric_block(&mut self, block: &str, at: usize, legacy: bool) -> Result<(), ParseError> {
        let same_directive: Vec<String> = self
            .defs
            .iter()
            .filter(|d| matches!(d.kind, VarKind::Numeric(_)))
            .map(|d| d.name.clone())
            .collect();
        let scope = Scope {
            line: self.line,
            formats: &self.ctx.numeric_formats,
            same_directive: &same_directive,
        };
        let NumericBlock { format, def, expr } = numeric::parse_block(block, legacy, &scope)
            .map_err(|(o, m)| (self.base + at + o, m))?;
        let body = match expr {
            Some(expr) => DefBody::Numeric(NumericUse {
                expr,
                format,
                text: block.to_string(),
                offset: self.base + at,
            }),
            None => DefBody::Regex(format.wildcard_regex()),
        };
        let wildcard = match &body {
            DefBody::Regex(re) => re.as_str(),
            DefBody::Numeric(_) => "",
        };
        self.template.push_str(&if def.is_some() {
            format!("({wildcard})")
        } else {
            wildcard.to_string()
        });
        let Some((name, name_at)) = def else {
            self.pieces.push(match body {
                DefBody::Regex(re) => Piece::Regex(re),
                DefBody::Numeric(u) => Piece::Numeric(u),
            });
            return Ok(());
        };
        let err_at = self.base + at + name_at;
        if self.ctx.string_vars.contains(&name) {
            return Err((
                err_at,
                format!("string variable with name '{name}' already exists"),
            ));
        }
        if self
            .ctx
            .numeric_formats
            .get(&name)
            .is_some_and(|f| *f != format)
        {
            return Err((
                err_at,
                "format different from previous variable definition".into(),
            ));
        }
        self.ctx.numeric_formats.insert(name.clone(), format);
        self.define(name, VarKind::Numeric(format), body);
        Ok(())
    }

    fn define(&mut self, name: String, kind: VarKind, body: DefBody) {
        let group = self.defs.len();
        self.defs.push(VarDef { name, group, kind });
        self.pieces.push(Piece::Def { group, body });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_with(text: &str, directive: Directive, opts: &Options) -> Result<Matcher, ParseError> {
        let mut ctx = ParseContext::default();
        Pattern::parse(
            text,
            0,
            PatternSource::CheckFile,
            (CheckKind::new(directive), "CHECK"),
            1,
            opts,
            &mut ctx,
        )
        .map(|p| p.matcher)
    }

    fn parse(text: &str) -> Result<Matcher, ParseError> {
        parse_with(text, Directive::Plain, &Options::default())
    }

    fn regex_text(m: &Matcher) -> String {
        let Matcher::Regex { pieces, .. } = m else {
            panic!("not a regex: {m:?}")
        };
        pieces
            .iter()
            .map(|p| match p {
                Piece::Regex(r) => r.clone(),
                Piece::Literal(t) => posix::escape(t),
                Piece::Def { group, body } => format!("<{group}:{body:?}>"),
                other => format!("<{other:?}>"),
            })
            .collect()
    }

    #[test]
    fn fixed_strings_stay_fixed() {
        assert_eq!(parse("foo.bar  "), Ok(Matcher::Fixed("foo.bar".into())));
        assert_eq!(parse("{"), Ok(Matcher::Fixed("{".into())));
        let literal = CheckKind {
            literal: true,
            ..CheckKind::new(Directive::Plain)
        };
        let mut ctx = ParseContext::default();
        let p = Pattern::parse(
            "{{x}}",
            0,
            PatternSource::CheckFile,
            (literal, "CHECK"),
            1,
            &Options::default(),
            &mut ctx,
        );
        assert_eq!(p.map(|p| p.matcher), Ok(Matcher::Fixed("{{x}}".into())));
    }

    #[test]
    fn builds_regex_pieces() {
        assert_eq!(regex_text(&parse("a.{{b|c}}d").unwrap()), "a\\.(?:b|c)d");
        assert_eq!(
            regex_text(&parse("[[[x]]").unwrap()),
            "\\[<StringUse { name: \"x\", offset: 3 }>"
        );
        assert_eq!(regex_text(&parse("{{[}]}}x").unwrap()), "(?:[}])x");
        let m = parse("[[X:[a-z]+]] [[X]] [[Y]]").unwrap();
        assert_eq!(
            regex_text(&m),
            "<0:Regex(\"[a-z]+\")> <Backref { group: 0 }> <StringUse { name: \"Y\", offset: 21 }>"
        );
    }

    #[test]
    fn full_lines_anchor_the_pattern() {
        let opts = Options {
            match_full_lines: true,
            ..Options::default()
        };
        assert_eq!(
            regex_text(&parse_with("a b", Directive::Plain, &opts).unwrap()),
            "^ *a b *$"
        );
        assert_eq!(
            parse_with("a b", Directive::Not, &opts),
            Ok(Matcher::Fixed("a b".into()))
        );
        let strict = Options {
            strict_whitespace: true,
            ..opts
        };
        assert_eq!(
            regex_text(&parse_with(" a ", Directive::Plain, &strict).unwrap()),
            "^ a $"
        );
    }

    #[test]
    fn reports_malformed_patterns() {
        let cases = [
            ("", "found empty check string with prefix 'CHECK:'"),
            ("x{{a", "found start of regex string with no end '}}'"),
            ("x{{a{2}}}", "invalid regex: unclosed counted repetition"),
            ("[[X", "Invalid substitution block, no ]] found"),
            ("[[X:a]b]]", "missing closing \"]\" for regex variable"),
            ("[[X Y]]", "unexpected whitespace"),
            ("[[1X]]", "invalid variable name"),
            ("[[X-1]]", "invalid name in string variable use"),
            ("[[@LINE:x]]", "invalid name in string variable definition"),
            (
                "[[#X:]] [[X:y]]",
                "numeric variable with name 'X' already exists",
            ),
            (
                "[[X:y]] [[#X:]]",
                "string variable with name 'X' already exists",
            ),
            (
                "[[#X:]] [[#X+1]]",
                "numeric variable 'X' defined earlier in the same CHECK directive",
            ),
        ];
        for (text, msg) in cases {
            assert_eq!(
                parse(text).map_err(|e| e.1).err().as_deref(),
                Some(msg),
                "{text}"
            );
        }
        assert!(parse_with("x", Directive::Empty, &Options::default()).is_err());
        assert_eq!(
            parse_with("", Directive::Empty, &Options::default()),
            Ok(Matcher::Empty)
        );
    }

    #[test]
    fn knows_which_patterns_use_variables() {
        let mut ctx = ParseContext::default();
        let mut has_var = |text: &str| {
            Pattern::parse(
                text,
                0,
                PatternSource::CheckFile,
                (CheckKind::new(Directive::Label), "CHECK"),
                1,
                &Options::default(),
                &mut ctx,
            )
            .unwrap()
            .has_variable()
        };
        assert!(!has_var("plain"));
        assert!(!has_var("{{re}}"));
        assert!(has_var("[[A:x]]"));
        assert!(has_var("[[A]]"));
        assert!(has_var("[[#N+1]]"));
    }
}
