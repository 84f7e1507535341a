//! Numeric substitution blocks `[[#...]]`: matching formats (`%u`, `%d`, `%x`, `%X`,
//! with `#` alternate form and `.N` precision), numeric variable definitions, and
//! expressions over variables, `@LINE` and literals with `+`, `-` and the functions
//! `add`, `sub`, `mul`, `div`, `min`, `max`. Values are `i128`; leaving that range is
//! reported as an overflow.

use std::collections::BTreeMap;

/// How a numeric value is written in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FormatKind {
    Unsigned,
    Signed,
    HexLower,
    HexUpper,
}

/// A matching format: kind, minimum number of digits, and `0x` prefix for hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NumFormat {
    pub kind: FormatKind,
    pub precision: usize,
    pub alternate: bool,
}

impl NumFormat {
    /// `%u` without precision: the format of `@LINE` and of unformatted definitions.
    pub(crate) const UNSIGNED: NumFormat = NumFormat {
        kind: FormatKind::Unsigned,
        precision: 0,
        alternate: false,
    };

    fn name(&self) -> &'static str {
        match self.kind {
            FormatKind::Unsigned => "%u",
            FormatKind::Signed => "%d",
            FormatKind::HexLower => "%x",
            FormatKind::HexUpper => "%X",
        }
    }

    /// The regex matching any value written in this format.
    pub(crate) fn wildcard_regex(&self) -> String {
        let prefix = if self.alternate { "0x" } else { "" };
        let (lead, digit) = match self.kind {
            FormatKind::Unsigned => ("", "[0-9]"),
            FormatKind::Signed => ("-?", "[0-9]"),
            FormatKind::HexLower => ("", "[0-9a-f]"),
            FormatKind::HexUpper => ("", "[0-9A-F]"),
        };
        if self.precision == 0 {
            return format!("{prefix}{lead}{digit}+");
        }
        let nonzero = match self.kind {
            FormatKind::Unsigned | FormatKind::Signed => "[1-9]",
            FormatKind::HexLower => "[1-9a-f]",
            FormatKind::HexUpper => "[1-9A-F]",
        };
        format!(
            "{prefix}{lead}(?:{nonzero}{digit}*)?{digit}{{{}}}",
            self.precision
        )
    }

    /// Writes `value` in this format.
    pub(crate) fn render(&self, value: i128) -> Result<String, EvalError> {
        if value < 0 && self.kind != FormatKind::Signed {
            return Err(EvalError::Overflow);
        }
        let abs = value.unsigned_abs();
        let digits = match self.kind {
            FormatKind::Unsigned | FormatKind::Signed => abs.to_string(),
            FormatKind::HexLower => format!("{abs:x}"),
            FormatKind::HexUpper => format!("{abs:X}"),
        };
        let sign = if value < 0 { "-" } else { "" };
        let prefix = if self.alternate { "0x" } else { "" };
        let zeros = "0".repeat(self.precision.saturating_sub(digits.len()));
        Ok(format!("{sign}{prefix}{zeros}{digits}"))
    }

    /// Reads a value that matched [`wildcard_regex`](Self::wildcard_regex).
    pub(crate) fn parse_value(&self, text: &str) -> Option<i128> {
        let (negative, rest) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let rest = if self.alternate {
            rest.strip_prefix("0x")?
        } else {
            rest
        };
        let radix = if matches!(self.kind, FormatKind::HexLower | FormatKind::HexUpper) {
            16
        } else {
            10
        };
        let magnitude = i128::from_str_radix(rest, radix).ok()?;
        Some(if negative { -magnitude } else { magnitude })
    }
}

/// Why an expression could not be evaluated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum EvalError {
    /// Variables without a value, with the byte offsets of their names in the block.
    Undefined(Vec<(String, usize)>),
    /// The value left the representable range, was negative for an unsigned format,
    /// or was divided by zero.
    Overflow,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Min,
    Max,
}

impl BinOp {
    fn apply(self, l: i128, r: i128) -> Result<i128, EvalError> {
        let v = match self {
            BinOp::Add => l.checked_add(r),
            BinOp::Sub => l.checked_sub(r),
            BinOp::Mul => l.checked_mul(r),
            BinOp::Div => l.checked_div(r),
            BinOp::Min => Some(l.min(r)),
            BinOp::Max => Some(l.max(r)),
        };
        v.ok_or(EvalError::Overflow)
    }
}

/// A parsed numeric expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Expr {
    Literal(i128),
    /// `@LINE`, already resolved to the directive's line number.
    Line(i128),
    /// A numeric variable, with the byte offset of its name in the block.
    Var {
        name: String,
        format: NumFormat,
        offset: usize,
    },
    Binary(BinOp, Box<Expr>, Box<Expr>),
}

impl Expr {
    /// Evaluates the expression with the current variable values.
    pub(crate) fn eval(&self, values: &BTreeMap<String, i128>) -> Result<i128, EvalError> {
        match self {
            Expr::Literal(v) | Expr::Line(v) => Ok(*v),
            Expr::Var { name, offset, .. } => values
                .get(name)
                .copied()
                .ok_or_else(|| EvalError::Undefined(vec![(name.clone(), *offset)])),
            Expr::Binary(op, l, r) => match (l.eval(values), r.eval(values)) {
                (Ok(l), Ok(r)) => op.apply(l, r),
                // Report every undefined variable, as FileCheck does.
                (Err(EvalError::Undefined(mut a)), Err(EvalError::Undefined(b))) => {
                    a.extend(b);
                    Err(EvalError::Undefined(a))
                }
                (Err(e), _) | (_, Err(e)) => Err(e),
            },
        }
    }

    /// The format implied by the operands, if any; an error on a conflict.
    fn implicit_format(&self) -> Result<Option<NumFormat>, String> {
        match self {
            Expr::Literal(_) => Ok(None),
            Expr::Line(_) => Ok(Some(NumFormat::UNSIGNED)),
            Expr::Var { format, .. } => Ok(Some(*format)),
            Expr::Binary(_, l, r) => match (l.implicit_format()?, r.implicit_format()?) {
                (Some(a), Some(b)) if a != b => Err(format!(
                    "implicit format conflict between operands ({} and {}), need an explicit format specifier",
                    a.name(),
                    b.name()
                )),
                (a, b) => Ok(a.or(b)),
            },
        }
    }
}

/// A parsed `[[#...]]` block (the text between `[[#` and `]]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NumericBlock {
    /// Format for matching the value (explicit, implied, or `%u`).
    pub format: NumFormat,
    /// The variable being defined, with the byte offset of its name.
    pub def: Option<(String, usize)>,
    /// The expression whose value must appear, if any.
    pub expr: Option<Expr>,
}

/// A parse error at a byte offset within the block.
pub(crate) type BlockError = (usize, String);

/// What the block parser needs to know about the variables defined so far.
pub(crate) struct Scope<'a> {
    /// Line number of the directive (the value of `@LINE`).
    pub line: usize,
    /// Formats of numeric variables defined by earlier directives (or `-D`).
    pub formats: &'a BTreeMap<String, NumFormat>,
    /// Numeric variables defined earlier in the same directive (cannot be used there).
    pub same_directive: &'a [String],
}

/// Parses the body of a numeric block. `legacy` selects the `[[@LINE+N]]` form.
pub(crate) fn parse_block(
    text: &str,
    legacy: bool,
    scope: &Scope<'_>,
) -> Result<NumericBlock, BlockError> {
    let mut body_start = 0;
    let mut explicit = None;
    let mut precision = 0;
    if let Some(comma) = text.find(',')
        && text.find('(').is_none_or(|paren| comma < paren)
    {
        (explicit, precision) = parse_format_spec(&text[..comma])?;
        body_start = comma + 1;
    }
    let (def_text, expr_start) = match text[body_start..].find(':') {
        Some(colon) => (Some(body_start..body_start + colon), body_start + colon + 1),
        None => (None, body_start),
    };
    let mut p = Parser {
        text,
        pos: expr_start,
        legacy,
        scope,
    };
    p.skip_space();
    let constraint = p.eat("==");
    p.skip_space();
    let expr = if p.at_end() {
        if constraint {
            return Err((
                p.pos,
                "empty numeric expression should not have a constraint".into(),
            ));
        }
        None
    } else {
        let first = if legacy {
            Allowed::LineVar
        } else {
            Allowed::Any
        };
        let mut e = p.operand(first, !constraint)?;
        while !p.at_end_ignoring_space() {
            e = p.binop(e)?;
            if legacy && !p.at_end_ignoring_space() {
                let rest = text[p.pos..].trim_end();
                return Err((
                    p.pos,
                    format!("unexpected characters at end of expression '{rest}'"),
                ));
            }
        }
        Some(e)
    };
    let implicit = match &expr {
        Some(e) => e.implicit_format().map_err(|m| (expr_start, m))?,
        None => None,
    };
    let format = explicit.or(implicit).unwrap_or(NumFormat {
        precision,
        ..NumFormat::UNSIGNED
    });
    let def = match def_text {
        None => None,
        Some(range) => Some(parse_def(text, range)?),
    };
    Ok(NumericBlock { format, def, expr })
}

/// Parses `%[#][.N][k]` (already cut at the comma); returns the explicit format, if a
/// kind letter was given, and the precision.
fn parse_format_spec(spec: &str) -> Result<(Option<NumFormat>, usize), BlockError> {
    let lead = spec.len() - spec.trim_start().len();
    let s = spec.trim();
    let invalid = |at: usize| {
        (
            at,
            "invalid matching format specification in expression".to_string(),
        )
    };
    let Some(mut rest) = s.strip_prefix('%') else {
        return Err(invalid(lead));
    };
    let alternate = rest.starts_with('#');
    if alternate {
        rest = &rest[1..];
    }
    let mut precision = 0;
    if let Some(after_dot) = rest.strip_prefix('.') {
        let digits = after_dot.len()
            - after_dot
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .len();
        precision = after_dot[..digits]
            .parse()
            .map_err(|_| (lead, "invalid precision in format specifier".to_string()))?;
        rest = &after_dot[digits..];
    }
    let kind = match rest.chars().next() {
        None if alternate => {
            return Err((lead, "alternate form only supported for hex values".into()));
        }
        None => return Ok((None, precision)),
        Some('u') => FormatKind::Unsigned,
        Some('d') => FormatKind::Signed,
        Some('x') => FormatKind::HexLower,
        Some('X') => FormatKind::HexUpper,
        Some(_) => return Err((lead, "invalid format specifier in expression".into())),
    };
    if rest.len() > 1 {
        return Err(invalid(lead));
    }
    if alternate && !matches!(kind, FormatKind::HexLower | FormatKind::HexUpper) {
        return Err((lead, "alternate form only supported for hex values".into()));
    }
    Ok((
        Some(NumFormat {
            kind,
            precision,
            alternate,
        }),
        precision,
    ))
}

fn parse_def(text: &str, range: std::ops::Range<usize>) -> Result<(String, usize), BlockError> {
    let def = &text[range.clone()];
    let start = range.start + (def.len() - def.trim_start().len());
    let var = parse_variable(text, start)?;
    if var.pseudo {
        return Err((
            start,
            "definition of pseudo numeric variable unsupported".into(),
        ));
    }
    let after = start + var.name.len();
    if !text[after..range.end].trim().is_empty() {
        return Err((
            after,
            "unexpected characters after numeric variable name".into(),
        ));
    }
    Ok((var.name, start))
}

/// A variable name as FileCheck spells it: `[$|@]?[A-Za-z_][A-Za-z0-9_]*`.
pub(crate) struct VarName {
    pub name: String,
    pub pseudo: bool,
}

/// Parses a variable name at byte `start` of `text`.
pub(crate) fn parse_variable(text: &str, start: usize) -> Result<VarName, BlockError> {
    let bytes = text.as_bytes();
    let mut i = start;
    if i >= bytes.len() {
        return Err((start, "empty variable name".into()));
    }
    let pseudo = bytes[i] == b'@';
    if pseudo || bytes[i] == b'$' {
        i += 1;
        if i >= bytes.len() {
            let what = if pseudo { "pseudo" } else { "global" };
            return Err((i, format!("empty {what} variable name")));
        }
    }
    if !(bytes[i] == b'_' || bytes[i].is_ascii_alphabetic()) {
        return Err((start, "invalid variable name".into()));
    }
    while i < bytes.len() && (bytes[i] == b'_' || bytes[i].is_ascii_alphanumeric()) {
        i += 1;
    }
    Ok(VarName {
        name: text[start..i].to_string(),
        pseudo,
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Allowed {
    LineVar,
    LegacyLiteral,
    Any,
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    legacy: bool,
    scope: &'a Scope<'a>,
}

impl Parser<'_> {
    fn rest(&self) -> &str {
        &self.text[self.pos..]
    }

    fn skip_space(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start_matches([' ', '\t']).len();
    }

    fn eat(&mut self, token: &str) -> bool {
        let found = self.rest().starts_with(token);
        if found {
            self.pos += token.len();
        }
        found
    }

    fn at_end(&self) -> bool {
        self.pos >= self.text.len()
    }

    fn at_end_ignoring_space(&self) -> bool {
        self.rest().trim_matches([' ', '\t']).is_empty()
    }

    fn operand(&mut self, allowed: Allowed, maybe_constraint: bool) -> Result<Expr, BlockError> {
        if self.rest().starts_with('(') {
            if allowed != Allowed::Any {
                return Err((
                    self.pos,
                    "parenthesized expression not permitted here".into(),
                ));
            }
            return self.paren();
        }
        if allowed != Allowed::LegacyLiteral {
            match parse_variable(self.text, self.pos) {
                Ok(var) => {
                    let at = self.pos;
                    self.pos += var.name.len();
                    let mut look = Parser {
                        pos: self.pos,
                        ..*self
                    };
                    look.skip_space();
                    if look.rest().starts_with('(') {
                        if allowed != Allowed::Any {
                            return Err((at, "unexpected function call".into()));
                        }
                        self.pos = look.pos;
                        return self.call(&var.name, at);
                    }
                    return self.var_use(var, at);
                }
                Err(e) if allowed == Allowed::LineVar => return Err(e),
                Err(_) => {}
            }
        }
        let at = self.pos;
        let negative = self.eat("-");
        let rest = self.rest();
        let (radix, digits_at) = if allowed != Allowed::LegacyLiteral
            && (rest.starts_with("0x") || rest.starts_with("0X"))
        {
            (16, 2)
        } else {
            (10, 0)
        };
        let digits = rest[digits_at..].len()
            - rest[digits_at..]
                .trim_start_matches(|c: char| c.is_digit(radix))
                .len();
        let invalid = || {
            let what = if maybe_constraint {
                "invalid matching constraint or operand format"
            } else {
                "invalid operand format"
            };
            (at, what.to_string())
        };
        if digits == 0 {
            return Err(invalid());
        }
        let magnitude = i128::from_str_radix(&rest[digits_at..digits_at + digits], radix)
            .map_err(|_| invalid())?;
        self.pos += digits_at + digits;
        Ok(Expr::Literal(if negative { -magnitude } else { magnitude }))
    }

    fn var_use(&self, var: VarName, at: usize) -> Result<Expr, BlockError> {
        if var.pseudo {
            if var.name != "@LINE" {
                return Err((
                    at,
                    format!("invalid pseudo numeric variable '{}'", var.name),
                ));
            }
            return Ok(Expr::Line(self.scope.line as i128));
        }
        if self.scope.same_directive.contains(&var.name) {
            return Err((
                at,
                format!(
                    "numeric variable '{}' defined earlier in the same CHECK directive",
                    var.name
                ),
            ));
        }
        let format = self
            .scope
            .formats
            .get(&var.name)
            .copied()
            .unwrap_or(NumFormat::UNSIGNED);
        Ok(Expr::Var {
            name: var.name,
            format,
            offset: at,
        })
    }

    fn binop(&mut self, lhs: Expr) -> Result<Expr, BlockError> {
        self.skip_space();
        let at = self.pos;
        let op = match self.rest().chars().next() {
            Some('+') => BinOp::Add,
            Some('-') => BinOp::Sub,
            Some(c) => return Err((at, format!("unsupported operation '{c}'"))),
            None => return Ok(lhs),
        };
        self.pos += 1;
        self.skip_space();
        if self.at_end() {
            return Err((self.pos, "missing operand in expression".into()));
        }
        let allowed = if self.legacy {
            Allowed::LegacyLiteral
        } else {
            Allowed::Any
        };
        let rhs = self.operand(allowed, false)?;
        Ok(Expr::Binary(op, Box::new(lhs), Box::new(rhs)))
    }

    fn paren(&mut self) -> Result<Expr, BlockError> {
        self.pos += 1;
        self.skip_space();
        if self.at_end() {
            return Err((self.pos, "missing operand in expression".into()));
        }
        let mut e = self.operand(Allowed::Any, false)?;
        self.skip_space();
        while !self.at_end() && !self.rest().starts_with(')') {
            e = self.binop(e)?;
            self.skip_space();
        }
        if !self.eat(")") {
            return Err((self.pos, "missing ')' at end of nested expression".into()));
        }
        Ok(e)
    }

    fn call(&mut self, name: &str, at: usize) -> Result<Expr, BlockError> {
        let op = match name {
            "add" => BinOp::Add,
            "sub" => BinOp::Sub,
            "mul" => BinOp::Mul,
            "div" => BinOp::Div,
            "min" => BinOp::Min,
            "max" => BinOp::Max,
            _ => return Err((at, format!("call to undefined function '{name}'"))),
        };
        self.pos += 1; // '('
        self.skip_space();
        let mut args = Vec::new();
        while !self.at_end() && !self.rest().starts_with(')') {
            if self.rest().starts_with(',') {
                return Err((self.pos, "missing argument".into()));
            }
            let mut arg = self.operand(Allowed::Any, false)?;
            loop {
                self.skip_space();
                if self.at_end() || self.rest().starts_with(',') || self.rest().starts_with(')') {
                    break;
                }
                arg = self.binop(arg)?;
            }
            args.push(arg);
            if !self.eat(",") {
                break;
            }
            self.skip_space();
            if self.rest().starts_with(')') {
                return Err((self.pos, "missing argument".into()));
            }
        }
        if !self.eat(")") {
            return Err((self.pos, "missing ')' at end of call expression".into()));
        }
        let n = args.len();
        let mut args = args.into_iter();
        match (args.next(), args.next(), args.next()) {
            (Some(l), Some(r), None) => Ok(Expr::Binary(op, Box::new(l), Box::new(r))),
            _ => Err((
                at,
                format!("function '{name}' takes 2 arguments but {n} given"),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<NumericBlock, BlockError> {
        let formats = BTreeMap::from([("X".to_string(), NumFormat::UNSIGNED)]);
        parse_block(
            text,
            false,
            &Scope {
                line: 7,
                formats: &formats,
                same_directive: &[],
            },
        )
    }

    fn eval(text: &str, x: i128) -> Result<i128, EvalError> {
        let values = BTreeMap::from([("X".to_string(), x)]);
        parse(text)
            .expect("parses")
            .expr
            .expect("has expression")
            .eval(&values)
    }

    #[test]
    fn evaluates_expressions() {
        let cases = [
            ("X", 5),
            ("X+1", 6),
            ("X - 2 + 10", 13),
            ("@LINE+1", 8),
            ("mul(X, 3)", 15),
            ("max(X, 9) - min(1, X)", 8),
            ("div(X, 2)", 2),
            ("(X+1)-(2)", 4),
            ("0x10 + X", 21),
            ("==X", 5),
        ];
        for (text, want) in cases {
            assert_eq!(eval(text, 5), Ok(want), "{text}");
        }
        assert_eq!(eval("div(X, 0)", 5), Err(EvalError::Overflow));
    }

    #[test]
    fn parses_definitions_and_formats() {
        let b = parse("%x,V:").unwrap();
        assert_eq!(b.def.as_ref().map(|d| d.0.as_str()), Some("V"));
        assert_eq!(b.format.kind, FormatKind::HexLower);
        assert!(b.expr.is_none());
        let b = parse("%.3d, V : X+1").unwrap();
        assert_eq!((b.format.kind, b.format.precision), (FormatKind::Signed, 3));
        assert_eq!(b.def.as_ref().map(|d| d.0.as_str()), Some("V"));
        assert!(b.expr.is_some());
        let b = parse("%#X,V:").unwrap();
        assert!(b.format.alternate);
    }

    #[test]
    fn reports_parse_errors() {
        let cases = [
            ("%q,V:", "invalid format specifier in expression"),
            ("%#u,V:", "alternate form only supported for hex values"),
            ("X *2", "unsupported operation '*'"),
            ("X+", "missing operand in expression"),
            ("foo(X, 1)", "call to undefined function 'foo'"),
            ("add(X)", "function 'add' takes 2 arguments but 1 given"),
            ("(X+1", "missing ')' at end of nested expression"),
            ("@FOO", "invalid pseudo numeric variable '@FOO'"),
            (
                "@LINE:",
                "definition of pseudo numeric variable unsupported",
            ),
            (
                "==",
                "empty numeric expression should not have a constraint",
            ),
            ("V W:", "unexpected characters after numeric variable name"),
            ("!", "invalid matching constraint or operand format"),
        ];
        for (text, msg) in cases {
            assert_eq!(
                parse(text).map(|_| ()).map_err(|e| e.1),
                Err(msg.to_string()),
                "{text}"
            );
        }
    }

    #[test]
    fn legacy_line_expressions_allow_one_literal_operand() {
        let formats = BTreeMap::new();
        let scope = Scope {
            line: 10,
            formats: &formats,
            same_directive: &[],
        };
        let b = parse_block("@LINE-3", true, &scope).unwrap();
        assert_eq!(b.expr.unwrap().eval(&BTreeMap::new()), Ok(7));
        assert!(parse_block("@LINE+1+1", true, &scope).is_err());
        assert!(parse_block("@LINE+X", true, &scope).is_err());
    }

    #[test]
    fn formats_render_and_parse_back() {
        let hex = NumFormat {
            kind: FormatKind::HexUpper,
            precision: 4,
            alternate: true,
        };
        assert_eq!(hex.render(255).unwrap(), "0x00FF");
        assert_eq!(hex.parse_value("0x00FF"), Some(255));
        let signed = NumFormat {
            kind: FormatKind::Signed,
            precision: 0,
            alternate: false,
        };
        assert_eq!(signed.render(-12).unwrap(), "-12");
        assert_eq!(NumFormat::UNSIGNED.render(-1), Err(EvalError::Overflow));
        assert_eq!(hex.wildcard_regex(), "0x(?:[1-9A-F][0-9A-F]*)?[0-9A-F]{4}");
        assert_eq!(signed.wildcard_regex(), "-?[0-9]+");
    }
}
