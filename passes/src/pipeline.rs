//! MLIR's textual pass-pipeline syntax: `builtin.module(func.func(cse,canonicalize{max-iterations=10}))`.
//! An element is either a pass (`name` with optional `{key=value ...}` options) or a nested
//! pipeline (`op-name(elements)`) that runs on the ops of that name directly inside the
//! current op's regions.

/// One element of a pipeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Element {
    /// A pass with its options in written order, and the byte offset of its name.
    Pass { name: String, options: Vec<(String, String)>, offset: usize },
    /// A pipeline anchored on an op name.
    Nested { anchor: String, elements: Vec<Element> },
}

/// A pipeline-syntax error with the byte offset where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    /// Byte offset in the pipeline text.
    pub offset: usize,
    /// What went wrong.
    pub message: String,
}

struct Reader<'a> {
    src: &'a str,
    pos: usize,
}

impl Reader<'_> {
    fn skip_ws(&mut self) {
        while self.src[self.pos..].starts_with(char::is_whitespace) {
            self.pos += self.src[self.pos..].chars().next().map_or(1, char::len_utf8);
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.src[self.pos..].chars().next()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn err<T>(&self, message: impl Into<String>) -> Result<T, PipelineError> {
        Err(PipelineError { offset: self.pos, message: message.into() })
    }

    fn name(&mut self) -> Result<String, PipelineError> {
        self.skip_ws();
        let start = self.pos;
        while let Some(c) = self.src[self.pos..].chars().next() {
            if c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '$') {
                self.pos += 1;
            } else {
                break;
            }
        }
        if start == self.pos {
            return self.err("expected pass or pipeline name");
        }
        Ok(self.src[start..self.pos].to_string())
    }

    /// `key=value key2=value2` up to the closing `}` (or, unless `closed`, the end of the
    /// text); values may be nested `{...}` or quoted.
    fn options(&mut self, closed: bool) -> Result<Vec<(String, String)>, PipelineError> {
        let mut out = Vec::new();
        loop {
            if closed && self.eat('}') {
                return Ok(out);
            }
            if self.peek().is_none() {
                return if closed { self.err("missing '}' to end pass options") } else { Ok(out) };
            }
            let key = self.name()?;
            let value = if self.eat('=') { self.option_value()? } else { "true".to_string() };
            out.push((key, value));
        }
    }

    /// The value after `key=`, up to the next space at nesting depth zero: `key= other=1` gives
    /// `key` an empty value, as MLIR reads it.
    fn option_value(&mut self) -> Result<String, PipelineError> {
        let start = self.pos;
        let mut depth = 0usize;
        let mut quote = None;
        while let Some(c) = self.src[self.pos..].chars().next() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quote = Some(c),
                (None, '{' | '(' | '[') => depth += 1,
                (None, '}' | ')' | ']') if depth > 0 => depth -= 1,
                (None, '}') => break,
                (None, c) if c.is_whitespace() && depth == 0 => break,
                _ => {}
            }
            self.pos += c.len_utf8();
        }
        let v = &self.src[start..self.pos];
        Ok(v.trim_matches(|c| c == '"' || c == '\'').to_string())
    }

    fn elements(&mut self, close: Option<char>) -> Result<Vec<Element>, PipelineError> {
        let mut out = Vec::new();
        if close.is_some_and(|c| self.eat(c)) {
            return Ok(out);
        }
        loop {
            self.skip_ws();
            let offset = self.pos;
            let name = self.name()?;
            if self.eat('(') {
                let elements = self.elements(Some(')'))?;
                out.push(Element::Nested { anchor: name, elements });
            } else {
                let options = if self.eat('{') { self.options(true)? } else { Vec::new() };
                out.push(Element::Pass { name, options, offset });
            }
            if self.eat(',') {
                continue;
            }
            match close {
                Some(c) if self.eat(c) => return Ok(out),
                Some(c) => return self.err(format!("expected ',' or '{c}'")),
                None if self.peek().is_none() => return Ok(out),
                None => return self.err("expected ','"),
            }
        }
    }
}

/// Parses a pipeline (`op(elements)` or a bare list of elements).
pub fn parse_pipeline(src: &str) -> Result<Vec<Element>, PipelineError> {
    let mut r = Reader { src, pos: 0 };
    if r.peek().is_none() {
        return Ok(Vec::new());
    }
    r.elements(None)
}

/// Parses pass options written without braces (`max-iterations=10 test-convergence`), as
/// `--<pass>=<options>` gives them.
pub fn parse_options(src: &str) -> Result<Vec<(String, String)>, PipelineError> {
    Reader { src, pos: 0 }.options(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_pipelines_and_options() {
        let p = parse_pipeline("builtin.module(func.func(cse, canonicalize{max-iterations=10 test-convergence}), symbol-dce)").unwrap();
        let Element::Nested { anchor, elements } = &p[0] else { panic!("not nested") };
        assert_eq!(anchor, "builtin.module");
        assert_eq!(elements.len(), 2);
        let Element::Nested { elements: inner, .. } = &elements[0] else { panic!("not nested") };
        assert_eq!(inner[1], Element::Pass {
            name: "canonicalize".into(),
            options: vec![("max-iterations".into(), "10".into()), ("test-convergence".into(), "true".into())],
            offset: 30,
        });
    }

    #[test]
    fn errors_have_offsets() {
        let e = parse_pipeline("builtin.module(cse").unwrap_err();
        assert_eq!(e.offset, 18);
        assert!(parse_pipeline("a(b{x=1").is_err());
        assert!(parse_pipeline("(").is_err());
    }

    #[test]
    fn flag_options() {
        let o = parse_options("default-pipeline= max-iterations=10 region-simplify='normal' x={a b}").unwrap();
        assert_eq!(o, vec![("default-pipeline".into(), String::new()), ("max-iterations".into(), "10".into()), ("region-simplify".into(), "normal".into()), ("x".into(), "{a b}".into())]);
        assert!(parse_options("=1").is_err());
    }
}
