//! Running RUN-line tools: [`ToolOutput`], what a stage produced, and [`ToolRunner`], the
//! default executor that starts each tool as a child process from a name -> binary map.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// What a tool run produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolOutput {
    /// Exit code; `None` when the tool was killed by a signal (a crash).
    pub code: Option<i32>,
    /// Everything written to standard output.
    pub stdout: Vec<u8>,
    /// Everything written to standard error.
    pub stderr: Vec<u8>,
}

impl From<Output> for ToolOutput {
    fn from(out: Output) -> Self {
        ToolOutput {
            code: out.status.code(),
            stdout: out.stdout,
            stderr: out.stderr,
        }
    }
}

/// Runs tools as child processes, looking each tool name up in a map to a binary.
#[derive(Debug, Clone, Default)]
pub struct ToolRunner {
    tools: BTreeMap<String, PathBuf>,
}

impl ToolRunner {
    /// A runner that knows no tools.
    pub fn new() -> Self {
        ToolRunner::default()
    }

    /// Maps the RUN-line tool `name` (e.g. `mlir-opt`) to the binary `path`.
    pub fn with_tool(mut self, name: impl Into<String>, path: impl Into<PathBuf>) -> Self {
        self.tools.insert(name.into(), path.into());
        self
    }

    /// Runs `tool` with `args`, feeding it `stdin`; fails if the tool is not mapped or
    /// cannot be started.
    pub fn run(&self, tool: &str, args: &[String], stdin: &[u8]) -> io::Result<ToolOutput> {
        let binary = self.tools.get(tool).ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::NotFound,
                format!("no binary is configured for the tool '{tool}'"),
            )
        })?;
        let mut child = Command::new(binary)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| {
                io::Error::new(
                    e.kind(),
                    format!("cannot start '{}': {e}", binary.display()),
                )
            })?;
        let pipe = child.stdin.take();
        // Feed stdin from another thread so that a tool writing a lot before reading
        // cannot deadlock against us.
        std::thread::scope(|scope| {
            let writer = scope.spawn(move || match pipe.map(|mut p| p.write_all(stdin)) {
                Some(Err(e)) if e.kind() != io::ErrorKind::BrokenPipe => Err(e),
                _ => Ok(()),
            });
            let output = child.wait_with_output()?;
            writer
                .join()
                .map_err(|_| io::Error::other("the stdin writer thread panicked"))??;
            Ok(output.into())
        })
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn runs_mapped_tools_with_stdin() {
        let runner = ToolRunner::new()
            .with_tool("cat", "/bin/cat")
            .with_tool("sh", "/bin/sh");
        let out = runner.run("cat", &[], b"hello").unwrap();
        assert_eq!(
            (out.code, out.stdout.as_slice()),
            (Some(0), b"hello".as_slice())
        );
        let out = runner
            .run("sh", &["-c".into(), "echo err >&2; exit 3".into()], b"")
            .unwrap();
        assert_eq!(
            (out.code, out.stderr.as_slice()),
            (Some(3), b"err\n".as_slice())
        );
        let big = vec![b'x'; 1 << 20];
        assert_eq!(
            runner.run("cat", &[], &big).unwrap().stdout.len(),
            big.len()
        );
    }

    #[test]
    fn reports_unknown_tools_and_signals() {
        let runner = ToolRunner::new()
            .with_tool("sh", "/bin/sh")
            .with_tool("missing", "/nonexistent/tool");
        assert_eq!(
            runner.run("nope", &[], b"").unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
        assert!(runner.run("missing", &[], b"").is_err());
        let out = runner
            .run("sh", &["-c".into(), "kill -SEGV $$".into()], b"")
            .unwrap();
        assert_eq!(out.code, None);
    }
}
