//! Translation of the POSIX extended regular expressions that FileCheck patterns are
//! written in (`{{...}}`, `[[VAR:...]]`) into the syntax of the `regex-automata` engine,
//! and escaping of literal text.
//!
//! Differences that matter and are handled here: inside a bracket expression a
//! backslash is an ordinary character and `[:class:]` names a class, and a negated
//! bracket expression never matches a newline (FileCheck matches with `REG_NEWLINE`).
//! Letter escapes such as `\d`, `\s`, `\w`, `\b` keep their Perl meaning (a superset of
//! what LLVM accepts); escapes of other letters stand for the letter itself. A `{` starts a
//! repetition only when a digit follows it, otherwise it (and a `}` closing nothing) is an
//! ordinary character, as in LLVM's regex engine.

/// Translates one POSIX ERE into an equivalent pattern for the Rust engine.
pub(crate) fn translate(posix: &str) -> Result<String, String> {
    let chars: Vec<char> = posix.chars().collect();
    let mut out = String::with_capacity(posix.len() + 8);
    let mut i = 0;
    let mut in_repetition = false;
    while i < chars.len() {
        match chars[i] {
            '\\' => {
                let Some(&c) = chars.get(i + 1) else {
                    return Err("trailing backslash (\\)".to_string());
                };
                match c {
                    '1'..='9' => {
                        return Err(format!(
                            "back-reference \\{c} is not supported; use a [[VAR:...]] definition and [[VAR]]"
                        ));
                    }
                    'd' | 'D' | 's' | 'S' | 'w' | 'W' | 'b' | 'B' | 'A' | 'z' | 't' | 'n' | 'r'
                    | 'f' | 'v' | 'x' | 'u' | 'U' | 'p' | 'P' | '<' | '>' => {
                        out.push('\\');
                        out.push(c);
                    }
                    _ => push_literal(&mut out, c),
                }
                i += 2;
            }
            '[' => i = translate_bracket(&chars, i, &mut out)?,
            '{' if !chars.get(i + 1).is_some_and(char::is_ascii_digit) => {
                out.push_str("\\{");
                i += 1;
            }
            '{' => {
                in_repetition = true;
                out.push('{');
                i += 1;
            }
            '}' if !in_repetition => {
                out.push_str("\\}");
                i += 1;
            }
            '}' => {
                in_repetition = false;
                out.push('}');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(out)
}

/// Escapes `text` so that it matches itself literally.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    text.chars().for_each(|c| push_literal(&mut out, c));
    out
}

fn push_literal(out: &mut String, c: char) {
    if "\\.+*?()|[]{}^$#&-~".contains(c) {
        out.push('\\');
    }
    out.push(c);
}

const POSIX_CLASSES: [&str; 12] = [
    "alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space",
    "upper", "xdigit",
];

/// Translates the bracket expression starting at `chars[start] == '['`; returns the
/// index after its closing `]`.
fn translate_bracket(chars: &[char], start: usize, out: &mut String) -> Result<usize, String> {
    let unbalanced = || "brackets ([ ]) not balanced".to_string();
    let mut i = start + 1;
    out.push('[');
    if chars.get(i) == Some(&'^') {
        out.push_str("^\\n");
        i += 1;
    }
    let mut first = true;
    loop {
        let c = *chars.get(i).ok_or_else(unbalanced)?;
        if c == ']' && !first {
            out.push(']');
            return Ok(i + 1);
        }
        first = false;
        if c == '[' && matches!(chars.get(i + 1), Some(':' | '.' | '=')) {
            let delim = chars[i + 1];
            let body_start = i + 2;
            let end = (body_start..chars.len().saturating_sub(1))
                .find(|&k| chars[k] == delim && chars[k + 1] == ']')
                .ok_or_else(unbalanced)?;
            let body: String = chars[body_start..end].iter().collect();
            i = end + 2;
            if delim == ':' {
                if !POSIX_CLASSES.contains(&body.as_str()) {
                    return Err(format!("invalid character class '{body}'"));
                }
                out.push_str(&format!("[:{body}:]"));
                continue;
            }
            let mut it = body.chars();
            match (it.next(), it.next()) {
                (Some(single), None) => push_member(out, single),
                _ => return Err(format!("invalid collating element '{body}'")),
            }
            continue;
        }
        push_member(out, c);
        i += 1;
        // A range `a-z`; a '-' right before the closing ']' is literal.
        if chars.get(i) == Some(&'-') && chars.get(i + 1).is_some_and(|&n| n != ']') {
            let hi = chars[i + 1];
            if hi < c {
                return Err(format!("invalid character range '{c}-{hi}'"));
            }
            out.push('-');
            push_member(out, hi);
            i += 2;
        }
    }
}

fn push_member(out: &mut String, c: char) {
    if "\\[]-^&~".contains(c) {
        out.push('\\');
    }
    out.push(c);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translates_bracket_expressions() {
        let cases = [
            ("[a-z]+", "[a-z]+"),
            ("[^a]", "[^\\na]"),
            ("[]a]", "[\\]a]"),
            ("[^]a]", "[^\\n\\]a]"),
            ("[\\]", "[\\\\]"),
            ("[a-]", "[a\\-]"),
            ("[[:digit:]_]", "[[:digit:]_]"),
            ("[[.-.]x]", "[\\-x]"),
            ("[[]", "[\\[]"),
            ("[&~^]", "[\\&\\~\\^]"),
        ];
        for (posix, rust) in cases {
            assert_eq!(translate(posix).as_deref(), Ok(rust), "{posix}");
        }
    }

    #[test]
    fn translates_escapes() {
        assert_eq!(translate("\\d+\\.\\%").as_deref(), Ok("\\d+\\.%"));
        assert_eq!(translate("a\\qb").as_deref(), Ok("aqb"));
        assert_eq!(translate("(x|y)*$").as_deref(), Ok("(x|y)*$"));
    }

    #[test]
    fn braces_repeat_only_before_a_digit() {
        assert_eq!(translate("a{2,3}").as_deref(), Ok("a{2,3}"));
        assert_eq!(translate("{$").as_deref(), Ok("\\{$"));
        assert_eq!(translate("x{y}").as_deref(), Ok("x\\{y\\}"));
    }

    #[test]
    fn rejects_malformed_input() {
        assert!(translate("[abc").is_err());
        assert!(translate("a\\").is_err());
        assert!(translate("(a)\\1").is_err());
        assert!(translate("[[:nope:]]").is_err());
        assert!(translate("[z-a]").is_err());
    }

    #[test]
    fn escape_makes_text_literal() {
        assert_eq!(escape("a.b[c]{d}|e-f"), "a\\.b\\[c\\]\\{d\\}\\|e\\-f");
        assert_eq!(escape("%x = é"), "%x = é");
    }
}
