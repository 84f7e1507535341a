//! The shell syntax lit's RUN lines use: words with quoting, `|` pipelines joined by
//! `&&`, the `not` (and `not --crash`) prefix, and the redirections `< file`, `> file`,
//! `>> file`, `2> file`, `2>> file` and `2>&1`.

/// Where a stage's standard error goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum StderrTo {
    /// Captured for the failure report.
    Captured,
    /// Into the stage's standard output (`2>&1`).
    Stdout,
    /// Into a file (`2>` / `2>>` with append).
    File { path: String, append: bool },
}

/// One command of a pipeline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Stage {
    /// Tool name and arguments.
    pub argv: Vec<String>,
    /// An odd number of `not` prefixes: success and failure swap.
    pub invert: bool,
    /// `not --crash`: the tool must crash (die by a signal).
    pub expect_crash: bool,
    /// `< file`.
    pub stdin: Option<String>,
    /// `> file` / `>> file` (with append).
    pub stdout: Option<(String, bool)>,
    pub stderr: StderrTo,
}

/// Pipelines to run one after another while they succeed (`&&`).
pub(crate) type Script = Vec<Vec<Stage>>;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Word(String),
    Pipe,
    And,
    /// A redirection: `<`, `>`, `>>`, `2>`, `2>>`, `2>&1`.
    Redirect(&'static str),
}

fn tokenize(command: &str) -> Result<Vec<Token>, String> {
    let chars: Vec<char> = command.chars().collect();
    let mut tokens = Vec::new();
    let mut word: Option<String> = None;
    let mut i = 0;
    let finish = |word: &mut Option<String>, tokens: &mut Vec<Token>| {
        if let Some(w) = word.take() {
            tokens.push(Token::Word(w));
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let rest: String = chars[i..chars.len().min(i + 4)].iter().collect();
        match c {
            ' ' | '\t' => finish(&mut word, &mut tokens),
            '\'' => {
                let end = chars[i + 1..]
                    .iter()
                    .position(|&q| q == '\'')
                    .ok_or("unterminated single quote")?;
                word.get_or_insert_with(String::new)
                    .extend(&chars[i + 1..i + 1 + end]);
                i += end + 1;
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                i += 1;
                loop {
                    match chars.get(i) {
                        None => return Err("unterminated double quote".into()),
                        Some('"') => break,
                        Some('\\') if matches!(chars.get(i + 1), Some('"' | '\\' | '$' | '`')) => {
                            w.push(chars[i + 1]);
                            i += 1;
                        }
                        Some(&ch) => w.push(ch),
                    }
                    i += 1;
                }
            }
            '\\' => {
                let next = *chars
                    .get(i + 1)
                    .ok_or("unterminated RUN line (ends with '\\')")?;
                word.get_or_insert_with(String::new).push(next);
                i += 1;
            }
            '|' | '&' | ';' | '<' | '>' => {
                finish(&mut word, &mut tokens);
                let (token, len) = if rest.starts_with("||") {
                    return Err("'||' is not supported in RUN lines".into());
                } else if rest.starts_with("&&") {
                    (Token::And, 2)
                } else if c == '|' {
                    (Token::Pipe, 1)
                } else if rest.starts_with(">>") {
                    (Token::Redirect(">>"), 2)
                } else if c == '>' {
                    (Token::Redirect(">"), 1)
                } else if c == '<' {
                    (Token::Redirect("<"), 1)
                } else {
                    return Err(format!("'{c}' is not supported in RUN lines"));
                };
                tokens.push(token);
                i += len - 1;
            }
            '2' if word.is_none() && rest.starts_with("2>") => {
                let (op, len) = if rest.starts_with("2>&1") {
                    ("2>&1", 4)
                } else if rest.starts_with("2>>") {
                    ("2>>", 3)
                } else {
                    ("2>", 2)
                };
                tokens.push(Token::Redirect(op));
                i += len - 1;
            }
            _ => word.get_or_insert_with(String::new).push(c),
        }
        i += 1;
    }
    finish(&mut word, &mut tokens);
    Ok(tokens)
}

fn parse_stage(tokens: &[Token]) -> Result<Stage, String> {
    let mut stage = Stage {
        argv: Vec::new(),
        invert: false,
        expect_crash: false,
        stdin: None,
        stdout: None,
        stderr: StderrTo::Captured,
    };
    let mut it = tokens.iter();
    while let Some(token) = it.next() {
        match token {
            Token::Word(w) => stage.argv.push(w.clone()),
            Token::Redirect("2>&1") => stage.stderr = StderrTo::Stdout,
            Token::Redirect(op) => {
                let Some(Token::Word(target)) = it.next() else {
                    return Err(format!("'{op}' needs a file name"));
                };
                let target = target.clone();
                match *op {
                    "<" => stage.stdin = Some(target),
                    ">" => stage.stdout = Some((target, false)),
                    ">>" => stage.stdout = Some((target, true)),
                    "2>" => {
                        stage.stderr = StderrTo::File {
                            path: target,
                            append: false,
                        }
                    }
                    _ => {
                        stage.stderr = StderrTo::File {
                            path: target,
                            append: true,
                        }
                    }
                }
            }
            Token::Pipe | Token::And => return Err("empty command".into()),
        }
    }
    let nots = stage.argv.iter().take_while(|w| *w == "not").count();
    stage.argv.drain(..nots);
    stage.invert = nots % 2 == 1;
    if nots > 0 && stage.argv.first().is_some_and(|w| w == "--crash") {
        stage.argv.remove(0);
        stage.expect_crash = true;
        stage.invert = false;
    }
    if stage.argv.is_empty() {
        return Err("empty command".into());
    }
    Ok(stage)
}

/// Parses a RUN command (after `%` substitutions).
pub(crate) fn parse(command: &str) -> Result<Script, String> {
    let tokens = tokenize(command)?;
    tokens
        .split(|t| *t == Token::And)
        .map(|pipeline| {
            pipeline
                .split(|t| *t == Token::Pipe)
                .map(parse_stage)
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argvs(command: &str) -> Vec<Vec<Vec<String>>> {
        parse(command)
            .unwrap()
            .into_iter()
            .map(|p| p.into_iter().map(|s| s.argv).collect())
            .collect()
    }

    #[test]
    fn splits_pipelines_and_words() {
        assert_eq!(
            argvs(
                "mlir-opt /t.mlir --pass-pipeline='builtin.module(cse)' | FileCheck \"/t 1.mlir\" && true"
            ),
            [
                vec![
                    vec!["mlir-opt", "/t.mlir", "--pass-pipeline=builtin.module(cse)"],
                    vec!["FileCheck", "/t 1.mlir"]
                ],
                vec![vec!["true"]]
            ]
        );
        assert_eq!(
            argvs(r#"a b\ c "x\"y" 'p"q'"#),
            [vec![vec!["a", "b c", "x\"y", "p\"q"]]]
        );
        assert_eq!(argvs("echo a2>b"), [vec![vec!["echo", "a2"]]]);
    }

    #[test]
    fn parses_not_and_redirections() {
        let script = parse("not mlir-opt t 2>&1 | not not FileCheck t < in > out 2>> log").unwrap();
        let (first, second) = (&script[0][0], &script[0][1]);
        assert!(first.invert && !first.expect_crash);
        assert_eq!(first.stderr, StderrTo::Stdout);
        assert_eq!(second.argv, ["FileCheck", "t"]);
        assert!(!second.invert);
        assert_eq!(second.stdin.as_deref(), Some("in"));
        assert_eq!(second.stdout, Some(("out".to_string(), false)));
        assert_eq!(
            second.stderr,
            StderrTo::File {
                path: "log".into(),
                append: true
            }
        );
        let crash = parse("not --crash tool").unwrap();
        assert!(crash[0][0].expect_crash && !crash[0][0].invert);
    }

    #[test]
    fn rejects_what_it_cannot_run() {
        for bad in [
            "a |",
            "| a",
            "a && && b",
            "a || b",
            "a ; b",
            "a &",
            "a >",
            "'open",
            "\"open",
            "a \\",
            "not",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
