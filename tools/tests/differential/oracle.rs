//! Running the reference `mlir-opt` on many programs at once: the programs become the chunks of
//! one `--split-input-file` buffer, and the output and diagnostics are cut back into one result
//! per program.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The marker line between chunks.
pub const SPLIT: &str = "// -----";

/// mlir-opt's verdict on one program.
#[derive(Clone, Debug)]
pub enum Verdict {
    /// Accepted; what it printed for that chunk.
    Printed(String),
    /// Rejected; its first diagnostic for that chunk.
    Rejected(String),
    /// The process died (a crash in mlir-opt) while handling the batch.
    Crashed(String),
}

/// A batch of programs laid out as one split input file.
pub struct Batch {
    /// The whole buffer.
    pub text: String,
    /// For each program, the 1-based line of the marker before it (0 for the first program).
    pub marker_lines: Vec<usize>,
}

impl Batch {
    /// Lays out `programs` (each ending with a newline, none containing the marker).
    pub fn new(programs: &[String]) -> Batch {
        let mut text = String::new();
        let mut marker_lines = Vec::new();
        let mut line = 1;
        for (i, p) in programs.iter().enumerate() {
            if i > 0 {
                text.push_str(SPLIT);
                text.push('\n');
                marker_lines.push(line);
                line += 1;
            } else {
                marker_lines.push(0);
            }
            text.push_str(p);
            line += p.matches('\n').count();
        }
        Batch { text, marker_lines }
    }

    /// The chunk `i` exactly as a split run sees it, as a buffer of its own that
    /// `--split-input-file` turns into the same chunk at the same line: an empty first chunk
    /// filling the lines above, the marker, then the program.
    pub fn isolated_chunk(&self, i: usize, program: &str) -> String {
        match self.marker_lines[i] {
            0 => program.to_string(),
            m => format!("{}{SPLIT}\n{program}", "\n".repeat(m - 1)),
        }
    }

    /// The program that line `line` (1-based) belongs to.
    fn chunk_of_line(&self, line: usize) -> usize {
        self.marker_lines
            .iter()
            .rposition(|m| *m < line)
            .unwrap_or(0)
    }
}

/// The mlir-opt executable.
pub struct MlirOpt {
    path: PathBuf,
}

impl MlirOpt {
    /// mlir-opt 22 from `MICA_MLIR_OPT` or its Debian location; the path tried if it is missing.
    pub fn find() -> Result<MlirOpt, PathBuf> {
        let path = std::env::var_os("MICA_MLIR_OPT").map_or_else(
            || PathBuf::from("/usr/lib/llvm-22/bin/mlir-opt"),
            PathBuf::from,
        );
        if path.is_file() {
            Ok(MlirOpt { path })
        } else {
            Err(path)
        }
    }

    /// Runs mlir-opt with `flags` on a batch and returns one verdict per program.
    pub fn run(&self, batch: &Batch, flags: &[&str]) -> Vec<Verdict> {
        let n = batch.marker_lines.len();
        let child = Command::new(&self.path)
            .args(["--allow-unregistered-dialect", "--split-input-file"])
            .args(flags)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn();
        let mut child = match child {
            Ok(c) => c,
            Err(e) => {
                return vec![
                    Verdict::Crashed(format!("cannot run {}: {e}", self.path.display()));
                    n
                ];
            }
        };
        let mut stdin = child.stdin.take().expect("piped stdin");
        let input = batch.text.clone();
        let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
        let output = child.wait_with_output();
        let _ = writer.join();
        let output = match output {
            Ok(o) => o,
            Err(e) => return vec![Verdict::Crashed(format!("mlir-opt failed: {e}")); n],
        };
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let pieces: Vec<&str> = stdout.split(&format!("{SPLIT}\n")).collect();
        if output.status.code().is_none() || pieces.len() != n {
            let why = format!(
                "mlir-opt exited with {} after {} of {n} chunks: {}",
                output.status,
                pieces.len(),
                stderr.lines().last().unwrap_or("")
            );
            return vec![Verdict::Crashed(why); n];
        }
        let mut errors: Vec<Option<String>> = vec![None; n];
        for line in stderr.lines() {
            let Some(rest) = line.strip_prefix("<stdin>:") else {
                continue;
            };
            let mut fields = rest.splitn(3, ':');
            let (Some(l), Some(_col), Some(msg)) = (fields.next(), fields.next(), fields.next())
            else {
                continue;
            };
            let (Ok(l), true) = (l.parse::<usize>(), msg.starts_with(" error:")) else {
                continue;
            };
            let slot = &mut errors[batch.chunk_of_line(l)];
            if slot.is_none() {
                *slot = Some(msg.trim().to_string());
            }
        }
        pieces
            .iter()
            .zip(errors)
            .map(|(out, err)| match err {
                None if !out.is_empty() => Verdict::Printed(out.to_string()),
                err => Verdict::Rejected(err.unwrap_or_else(|| "no output".into())),
            })
            .collect()
    }
}
