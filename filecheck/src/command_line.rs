//! The `FileCheck` command line as written in RUN lines: the check file, `--input-file`,
//! and the options that map onto [`Options`]. Display-only options (`--dump-input`,
//! `-v`, `--color`, ...) are accepted and ignored.

use std::path::PathBuf;

use crate::options::Options;

/// A parsed `FileCheck` invocation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileCheckCommand {
    /// The check file (the one positional argument).
    pub check_file: PathBuf,
    /// `--input-file`; `None` means standard input.
    pub input_file: Option<PathBuf>,
    /// Everything else, with the buffer names set to the check file and input.
    pub options: Options,
}

const VALUE_FLAGS: [&str; 8] = [
    "check-prefix",
    "check-prefixes",
    "comment-prefixes",
    "implicit-check-not",
    "input-file",
    "dump-input",
    "dump-input-context",
    "dump-input-filter",
];

fn parse_bool(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value {
        None | Some("true" | "1") => Ok(true),
        Some("false" | "0") => Ok(false),
        Some(v) => Err(format!(
            "invalid value '{v}' for FileCheck option '--{name}'"
        )),
    }
}

impl FileCheckCommand {
    /// Parses the arguments that follow `FileCheck`.
    pub fn parse(args: &[String]) -> Result<Self, String> {
        let mut options = Options::default();
        let mut check_file = None;
        let mut input_file = None;
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let Some(flag) = arg
                .strip_prefix("--")
                .or_else(|| arg.strip_prefix('-'))
                .filter(|f| !f.is_empty())
            else {
                if check_file.replace(PathBuf::from(arg)).is_some() {
                    return Err(format!(
                        "FileCheck takes one check file, got another: '{arg}'"
                    ));
                }
                continue;
            };
            if let Some(define) = flag.strip_prefix('D') {
                let define = if define.is_empty() {
                    it.next()
                        .ok_or("FileCheck option '-D' needs a value")?
                        .as_str()
                } else {
                    define
                };
                options.defines.push(define.to_string());
                continue;
            }
            let (name, inline) = match flag.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (flag, None),
            };
            if VALUE_FLAGS.contains(&name) {
                let value = match inline {
                    Some(v) => v.to_string(),
                    None => it
                        .next()
                        .ok_or_else(|| format!("FileCheck option '--{name}' needs a value"))?
                        .clone(),
                };
                let list = || value.split(',').map(str::to_string);
                match name {
                    "check-prefix" => options.check_prefixes.push(value.clone()),
                    "check-prefixes" => options.check_prefixes.extend(list()),
                    "comment-prefixes" => options.comment_prefixes.extend(list()),
                    "implicit-check-not" => options.implicit_check_not.push(value.clone()),
                    "input-file" => input_file = Some(PathBuf::from(&value)),
                    _ => {} // --dump-input and friends only change what is displayed.
                }
                continue;
            }
            let on = parse_bool(name, inline)?;
            match name {
                "strict-whitespace" => options.strict_whitespace = on,
                "match-full-lines" => options.match_full_lines = on,
                "allow-empty" => options.allow_empty = on,
                "enable-var-scope" => options.enable_var_scope = on,
                "ignore-case" => options.ignore_case = on,
                "allow-unused-prefixes" => options.allow_unused_prefixes = on,
                "allow-deprecated-dag-overlap" => options.allow_deprecated_dag_overlap = on,
                "v" | "vv" | "color" => {}
                _ => return Err(format!("unknown FileCheck option '{arg}'")),
            }
        }
        let check_file = check_file.ok_or("FileCheck needs a check file")?;
        options.check_file_name = check_file.display().to_string();
        if let Some(input) = &input_file {
            options.input_file_name = input.display().to_string();
        }
        Ok(FileCheckCommand {
            check_file,
            input_file,
            options,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<FileCheckCommand, String> {
        FileCheckCommand::parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn parses_the_usual_spellings() {
        let c = parse(&[
            "t.mlir",
            "-check-prefix",
            "GENERIC",
            "--check-prefixes=A,B",
            "--strict-whitespace",
            "--dump-input=fail",
        ])
        .unwrap();
        assert_eq!(c.check_file, PathBuf::from("t.mlir"));
        assert_eq!(c.options.check_prefixes, ["GENERIC", "A", "B"]);
        assert!(c.options.strict_whitespace);
        assert_eq!(c.options.check_file_name, "t.mlir");
        assert_eq!(c.options.input_file_name, "<stdin>");
        let c = parse(&[
            "--implicit-check-not=foo",
            "-DVAR=1",
            "-D",
            "#N=2",
            "--input-file",
            "in.txt",
            "c",
            "--match-full-lines=false",
            "--allow-empty",
        ])
        .unwrap();
        assert_eq!(c.options.implicit_check_not, ["foo"]);
        assert_eq!(c.options.defines, ["VAR=1", "#N=2"]);
        assert_eq!(c.input_file, Some(PathBuf::from("in.txt")));
        assert_eq!(c.options.input_file_name, "in.txt");
        assert!(!c.options.match_full_lines && c.options.allow_empty);
    }

    #[test]
    fn rejects_bad_command_lines() {
        assert!(parse(&[]).is_err());
        assert!(parse(&["a", "b"]).is_err());
        assert!(parse(&["a", "--bogus"]).is_err());
        assert!(parse(&["a", "--check-prefix"]).is_err());
        assert!(parse(&["a", "--allow-empty=maybe"]).is_err());
    }
}
