//! Differential tests against `mlir-opt` 22: thousands of random affine maps and integer sets
//! (random expression trees over dimensions, symbols and constants, written with random
//! spacing, comments and identifier names), plus random corruptions of them, are parsed and
//! printed by this crate and by `mlir-opt`, and the printed text or the reported errors
//! (line, column, message) must agree exactly.
//!
//! The cases go into one file per batch, one `// -----` chunk each, run with
//! `--split-input-file` so that a failing case does not hide the others. The test skips with
//! a message when `mlir-opt` is missing, and fails instead when `MICA_REQUIRE_ORACLES=1`.

use std::path::{Path, PathBuf};
use std::process::Command;

use mica_affine::{AffineParser, Delimiter, MapOrSet, SsaOperand};

/// Where the oracle lives (override with `MICA_MLIR_OPT`).
fn mlir_opt() -> Option<PathBuf> {
    let path = std::env::var_os("MICA_MLIR_OPT")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22/bin/mlir-opt"));
    if path.exists() {
        return Some(path);
    }
    assert!(
        std::env::var("MICA_REQUIRE_ORACLES").as_deref() != Ok("1"),
        "mlir-opt not found at {} and MICA_REQUIRE_ORACLES=1",
        path.display()
    );
    println!("skipping: mlir-opt not found at {}", path.display());
    None
}

/// A small deterministic PRNG (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// How tightly a generated piece of text binds, to know where parentheses are needed.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    Sum,
    Product,
    Atom,
}

/// Generates the text of random maps and sets as token lists.
struct Generator {
    rng: Rng,
    dims: Vec<String>,
    symbols: Vec<String>,
    /// Whether huge constants may appear; then divisors stay positive, because MLIR traps on
    /// `INT64_MIN % -1` while simplifying.
    big_constants: bool,
    /// Recently generated expressions, reused to build repeated subexpressions (which the
    /// simplifier merges: `e * 2 + e`, `e - (e floordiv 4) * 4`, ...): tokens, level, and
    /// whether they are free of dimensions.
    pool: Vec<(Vec<String>, Level, bool)>,
}

const NAME_POOL: &[&str] = &[
    "i", "j", "k", "x_1", "n", "M", "mod", "floordiv", "ceildiv", "i32", "index", "loc", "f32",
    "a.b", "t$",
];

impl Generator {
    fn new(seed: u64) -> Self {
        Generator {
            rng: Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1),
            dims: Vec::new(),
            symbols: Vec::new(),
            big_constants: false,
            pool: Vec::new(),
        }
    }

    /// Picks fresh input names: usually `d<n>`/`s<n>`, sometimes from [`NAME_POOL`].
    fn pick_inputs(&mut self) {
        let num_dims = self.rng.below(4);
        let num_symbols = self.rng.below(3);
        let mut used: Vec<String> = Vec::new();
        let mut fresh = |rng: &mut Rng, default: String| {
            let mut name = if rng.chance(25) {
                rng.pick(NAME_POOL).to_string()
            } else {
                default
            };
            let mut suffix = 0;
            while used.contains(&name) {
                name = format!("v{suffix}");
                suffix += 1;
            }
            used.push(name.clone());
            name
        };
        self.dims = (0..num_dims)
            .map(|i| fresh(&mut self.rng, format!("d{i}")))
            .collect();
        self.symbols = (0..num_symbols)
            .map(|i| fresh(&mut self.rng, format!("s{i}")))
            .collect();
        self.big_constants = self.rng.chance(15);
        self.pool.clear();
    }

    fn constant(&mut self) -> String {
        if self.big_constants && self.rng.chance(20) {
            let value = self.rng.pick(&[
                "9223372036854775807",
                "4611686018427387904",
                "2147483648",
                "0x7fffffffffffffff",
            ]);
            return value.to_string();
        }
        match self.rng.below(10) {
            0 => format!("0x{:x}", self.rng.below(64)),
            1 => format!("0{}", self.rng.below(10)),
            2..=4 => self.rng.below(3).to_string(),
            _ => self.rng.below(130).to_string(),
        }
    }

    /// A divisor or modulus: mostly a small constant, sometimes symbolic.
    fn divisor(&mut self, out: &mut Vec<String>, depth: u32) -> Level {
        if !self.symbols.is_empty() && self.rng.chance(20) {
            return self.expr(out, depth, true);
        }
        let value = match self.rng.below(12) {
            0 if !self.big_constants => -(1 + self.rng.below(4) as i64),
            1 => 0,
            2 => 1,
            _ => 1 + self.rng.below(64) as i64,
        };
        if value < 0 {
            out.push("-".into());
        }
        out.push(value.unsigned_abs().to_string());
        Level::Atom
    }

    /// Appends a random expression to `out`; `symbolic` forbids dimensions.
    fn expr(&mut self, out: &mut Vec<String>, depth: u32, symbolic: bool) -> Level {
        let mut tokens = Vec::new();
        let level = self.fresh_expr(&mut tokens, depth, symbolic);
        if tokens.len() > 1 && self.pool.len() < 8 {
            self.pool.push((tokens.clone(), level, symbolic));
        }
        out.extend(tokens);
        level
    }

    /// An earlier expression allowed here (one free of dimensions when `symbolic`).
    fn pooled(&mut self, symbolic: bool) -> Option<(Vec<String>, Level)> {
        let candidates: Vec<usize> = (0..self.pool.len())
            .filter(|&i| self.pool[i].2 || !symbolic)
            .collect();
        if candidates.is_empty() {
            return None;
        }
        let (tokens, level, _) = &self.pool[candidates[self.rng.below(candidates.len())]];
        Some((tokens.clone(), *level))
    }

    fn fresh_expr(&mut self, out: &mut Vec<String>, depth: u32, symbolic: bool) -> Level {
        if depth == 0 || self.rng.chance(25) {
            return self.leaf(out, symbolic);
        }
        if self.rng.chance(15)
            && let Some((tokens, level)) = self.pooled(symbolic)
        {
            return self.repeat_pattern(out, tokens, level, depth, symbolic);
        }
        match self.rng.below(10) {
            0..=2 => {
                // lhs (+|-) rhs: rhs must bind tighter than a sum.
                self.expr(out, depth - 1, symbolic);
                out.push(self.rng.pick(&["+", "-"]).into());
                self.operand(out, depth - 1, symbolic, Level::Product);
                Level::Sum
            }
            3..=4 => {
                // lhs * rhs, one side free of dimensions.
                let symbolic_left = symbolic || self.rng.chance(50);
                self.operand(out, depth - 1, symbolic_left, Level::Product);
                out.push("*".into());
                self.operand(out, depth - 1, symbolic || !symbolic_left, Level::Atom);
                Level::Product
            }
            5..=7 => {
                self.operand(out, depth - 1, symbolic, Level::Product);
                out.push(self.rng.pick(&["floordiv", "ceildiv", "mod"]).into());
                let mut rhs = Vec::new();
                let level = self.divisor(&mut rhs, depth - 1);
                self.wrap(out, rhs, level, Level::Atom);
                Level::Product
            }
            8 => {
                out.push("-".into());
                self.operand(out, depth - 1, symbolic, Level::Atom);
                Level::Atom
            }
            _ => {
                out.push("(".into());
                self.expr(out, depth - 1, symbolic);
                out.push(")".into());
                Level::Atom
            }
        }
    }

    /// Uses an earlier expression `e` again: alone, or in a pattern the simplifier rewrites
    /// (`e - (e floordiv c) * c`, `e * c1 + e * c2`, `x + e - (e floordiv c) * c`, ...).
    fn repeat_pattern(
        &mut self,
        out: &mut Vec<String>,
        e: Vec<String>,
        level: Level,
        depth: u32,
        symbolic: bool,
    ) -> Level {
        let atom = |out: &mut Vec<String>| {
            if level < Level::Atom {
                out.push("(".into());
                out.extend(e.iter().cloned());
                out.push(")".into());
            } else {
                out.extend(e.iter().cloned());
            }
        };
        let c = (1 + self.rng.below(8)).to_string();
        match self.rng.below(5) {
            0 => {
                atom(out);
                Level::Atom
            }
            1 => {
                // [x +] e - (e floordiv c) * c
                if self.rng.chance(50) {
                    self.expr(out, depth - 1, symbolic);
                    out.push("+".into());
                }
                atom(out);
                out.push("-".into());
                out.push("(".into());
                atom(out);
                out.extend(["floordiv".to_string(), c.clone(), ")".into(), "*".into(), c]);
                Level::Sum
            }
            2 => {
                // e * c1 + e * c2 (either factor may be missing)
                atom(out);
                if self.rng.chance(70) {
                    out.extend(["*".to_string(), c]);
                }
                out.push(self.rng.pick(&["+", "-"]).into());
                atom(out);
                if self.rng.chance(70) {
                    out.extend(["*".to_string(), (self.rng.below(5)).to_string()]);
                }
                Level::Sum
            }
            3 => {
                // (e mod a) mod b, (e floordiv a) floordiv b, (e * a) div b
                out.push("(".into());
                atom(out);
                out.push(self.rng.pick(&["mod", "floordiv", "ceildiv", "*"]).into());
                out.push(((1 + self.rng.below(4)) * (1 + self.rng.below(4))).to_string());
                out.push(")".into());
                out.push(self.rng.pick(&["mod", "floordiv", "ceildiv"]).into());
                out.push((1 + self.rng.below(6)).to_string());
                Level::Product
            }
            _ => {
                // e - e, -e + e
                out.push("-".into());
                atom(out);
                out.push("+".into());
                atom(out);
                Level::Sum
            }
        }
    }

    /// Appends an expression that binds at least as tightly as `needed`.
    fn operand(&mut self, out: &mut Vec<String>, depth: u32, symbolic: bool, needed: Level) {
        let mut tokens = Vec::new();
        let level = self.expr(&mut tokens, depth, symbolic);
        self.wrap(out, tokens, level, needed);
    }

    fn wrap(&mut self, out: &mut Vec<String>, tokens: Vec<String>, level: Level, needed: Level) {
        if level < needed {
            out.push("(".into());
            out.extend(tokens);
            out.push(")".into());
        } else {
            out.extend(tokens);
        }
    }

    fn leaf(&mut self, out: &mut Vec<String>, symbolic: bool) -> Level {
        let choice = self.rng.below(10);
        if choice < 4 && !symbolic && !self.dims.is_empty() {
            out.push(self.dims[self.rng.below(self.dims.len())].clone());
        } else if choice < 7 && !self.symbols.is_empty() {
            out.push(self.symbols[self.rng.below(self.symbols.len())].clone());
        } else {
            out.push(self.constant());
        }
        Level::Atom
    }

    fn id_list(&mut self, out: &mut Vec<String>, names: &[String], open: &str, close: &str) {
        out.push(open.into());
        for (index, name) in names.iter().enumerate() {
            if index != 0 {
                out.push(",".into());
            }
            out.push(name.clone());
        }
        out.push(close.into());
    }

    /// The tokens of a random map or set (after `affine_map<` / `affine_set<`); returns
    /// whether it is a set.
    fn map_or_set(&mut self, out: &mut Vec<String>) -> bool {
        self.pick_inputs();
        let dims = self.dims.clone();
        let symbols = self.symbols.clone();
        self.id_list(out, &dims, "(", ")");
        if !symbols.is_empty() || self.rng.chance(10) {
            self.id_list(out, &symbols, "[", "]");
        }
        let is_set = self.rng.chance(30);
        out.push(if is_set { ":" } else { "->" }.into());
        out.push("(".into());
        let count = self.rng.below(4);
        for index in 0..count {
            if index != 0 {
                out.push(",".into());
            }
            let depth = 1 + self.rng.below(5) as u32;
            self.expr(out, depth, false);
            if is_set {
                out.push(
                    self.rng
                        .pick(&[">=", "<=", "==", ">=", "> =", "= ="])
                        .into(),
                );
                if self.rng.chance(40) {
                    out.push("0".into());
                } else {
                    self.expr(out, depth, false);
                }
            }
        }
        out.push(")".into());
        is_set
    }

    /// The tokens of random `affine.load` subscripts over SSA values (`[%i + symbol(%n), 3]`);
    /// returns their count.
    fn subscripts(&mut self, out: &mut Vec<String>) -> usize {
        self.dims = ["%i", "%j", "%k"].map(String::from).to_vec();
        self.symbols = ["symbol(%n)", "symbol(%m)", "symbol(%n)"]
            .map(String::from)
            .to_vec();
        if self.rng.chance(10) {
            // A value used as a dimension and later wrapped in `symbol(...)` stays a dimension.
            self.symbols.push("symbol(%i)".into());
        }
        self.big_constants = self.rng.chance(15);
        self.pool.clear();
        let count = 1 + self.rng.below(3);
        out.push("[".into());
        for index in 0..count {
            if index != 0 {
                out.push(",".into());
            }
            let depth = 1 + self.rng.below(4) as u32;
            self.expr(out, depth, false);
        }
        out.push("]".into());
        count
    }

    /// Joins tokens with random blanks, newlines and comments, keeping tokens apart where
    /// gluing them would change the lexing.
    fn join(&mut self, tokens: &[String]) -> String {
        let glues = |a: u8, b: u8| {
            let word = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.');
            (word(a) && word(b)) || (a == b'-' && b == b'>') || (a == b'/' && b == b'/')
        };
        let mut text = String::new();
        let mut previous: &str = "";
        for token in tokens {
            if let (Some(&last), Some(&first)) = (text.as_bytes().last(), token.as_bytes().first())
            {
                // An SSA name also continues with `-`.
                let continues_ssa_name =
                    previous.starts_with('%') && (glues(b'a', first) || first == b'-');
                let separator = match self.rng.below(20) {
                    0 => "\n  ",
                    1 => " // note\n  ",
                    2..=9 => " ",
                    _ if glues(last, first) || continues_ssa_name => " ",
                    _ => "",
                };
                text.push_str(separator);
            }
            text.push_str(token);
            previous = token;
        }
        text
    }

    /// Corrupts `text` with one to three random edits.
    fn corrupt(&mut self, text: &str) -> String {
        const INSERTS: &[&str] = &[
            "(",
            ")",
            ",",
            "+",
            "-",
            "*",
            " floordiv ",
            " mod ",
            " ceildiv ",
            "d0",
            " x ",
            "%x",
            "symbol",
            "symbol(",
            "5",
            "99999999999999999999",
            "->",
            ":",
            ">=",
            "==",
            "<=",
            "[",
            "]",
            "=",
            ">",
            "<",
            "#",
            "@",
            "$",
            "\"",
            ".",
            "1.5",
            "// c\n",
            "\n",
            " ",
            "0x",
            "?",
            "-(",
            "()",
            "9223372036854775808",
            "@a",
            "^",
            "!t",
            "&",
        ];
        let mut bytes: Vec<char> = text.chars().collect();
        for _ in 0..1 + self.rng.below(3) {
            let at = self.rng.below(bytes.len() + 1);
            match self.rng.below(3) {
                0 if at < bytes.len() => {
                    bytes.remove(at);
                }
                1 if at < bytes.len() => {
                    bytes.remove(at);
                    let insert = self.rng.pick(INSERTS);
                    bytes.splice(at..at, insert.chars());
                }
                _ => {
                    let insert = self.rng.pick(INSERTS);
                    bytes.splice(at..at, insert.chars());
                }
            }
        }
        bytes.into_iter().collect()
    }
}

/// The syntactic home of a generated case.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// `affine_map<TEXT>` as an attribute value.
    Map,
    /// `affine_set<TEXT>` as an attribute value.
    Set,
    /// `affine.load %A TEXT : memref<...>`, TEXT being `[subscripts]` of the given count.
    Load(usize),
}

/// The SSA values the `affine.load` cases may use, in the order of the function's arguments.
const LOAD_ARGS: &[&str] = &["%A", "%i", "%j", "%k", "%n", "%m"];

/// One generated case: its form and the text placed in it.
struct Case {
    form: Form,
    text: String,
    /// The chunk ends right after the text (and a line break), so the parse meets the end of
    /// the buffer.
    truncated: bool,
}

impl Case {
    /// The chunk holding the case, and the offset of the case text in it.
    fn chunk(&self) -> (String, usize) {
        let (before, after) = match self.form {
            Form::Map => (
                "\"t.op\"() {m = affine_map<".to_string(),
                ">} : () -> ()\n".to_string(),
            ),
            Form::Set => (
                "\"t.op\"() {m = affine_set<".to_string(),
                ">} : () -> ()\n".to_string(),
            ),
            Form::Load(rank) => {
                let memref = format!("memref<{}f32>", "?x".repeat(rank));
                (
                    format!(
                        "func.func @f(%A: {memref}, %i: index, %j: index, %k: index, %n: index, %m: index) {{\n  %0 = affine.load %A"
                    ),
                    format!(" : {memref}\n  return\n}}\n"),
                )
            }
        };
        let after = if self.truncated {
            "\n".to_string()
        } else {
            after
        };
        // A blank after `%A` keeps corrupted text from gluing to the operand name.
        (format!("{before} {}{after}", self.text), before.len() + 1)
    }

    /// The printed text of the case in `mlir-opt`'s output for its chunk.
    fn extract(&self, output: &str) -> Option<String> {
        let (open, close) = match self.form {
            Form::Map | Form::Set => ("{m = ", "} : () -> ()"),
            Form::Load(_) => ("affine.load %arg0", " : memref"),
        };
        let begin = output.find(open)? + open.len();
        let end = output[begin..].find(close)?;
        Some(output[begin..begin + end].to_string())
    }
}

/// What this crate makes of a case: the printed text, the offset past the affine text and the
/// offsets of the SSA operands it found; or the errors as byte offsets into the chunk.
type Outcome = Result<(String, usize, Vec<usize>), Vec<(usize, String)>>;

fn our_outcome(case: &Case, chunk: &str, start: usize) -> Outcome {
    let parser = AffineParser::new(chunk, start);
    let parsed = match case.form {
        Form::Map => parser
            .parse_affine_map()
            .map(|(map, end)| (format!("affine_map<{map}>"), end, Vec::new())),
        Form::Set => parser
            .parse_integer_set()
            .map(|(set, end)| (format!("affine_set<{set}>"), end, Vec::new())),
        Form::Load(_) => {
            let mut operands: Vec<SsaOperand<'_>> = Vec::new();
            parser
                .parse_map_of_ssa_ids(Delimiter::Square, &mut |operand| operands.push(*operand))
                .map(|(map, end)| {
                    let mut names =
                        |out: &mut dyn std::fmt::Write, position: u32, is_symbol: bool| {
                            let operand = operands
                                .iter()
                                .find(|operand| {
                                    operand.is_symbol == is_symbol && operand.position == position
                                })
                                .expect("every position was reported");
                            let index = LOAD_ARGS
                                .iter()
                                .position(|name| *name == operand.name)
                                .unwrap_or(usize::MAX);
                            if is_symbol {
                                write!(out, "symbol(%arg{index})")
                            } else {
                                write!(out, "%arg{index}")
                            }
                        };
                    let mut text = String::from("[");
                    for (index, result) in map.results.iter().enumerate() {
                        if index != 0 {
                            text.push_str(", ");
                        }
                        result.write_with_names(&mut text, &mut names).unwrap();
                    }
                    text.push(']');
                    (
                        text,
                        end,
                        operands.iter().map(|operand| operand.offset).collect(),
                    )
                })
        }
    };
    parsed.map_err(|error| {
        let mut errors = vec![(error.offset, error.message)];
        errors.extend(error.also);
        errors
    })
}

/// `(line, column)` (1-based) of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..offset.min(text.len())];
    let line = before.iter().filter(|&&c| c == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |p| p + 1);
    (line, offset - line_start + 1)
}

/// Tallies of one run.
#[derive(Default)]
struct Tally {
    passed: usize,
    /// Cases `mlir-opt` printed successfully.
    printed: usize,
    failures: Vec<String>,
}

/// Runs the cases through `mlir-opt` and this crate. Each case is one chunk of the file;
/// `mlir-opt` parses each chunk as its own buffer (the text between separator lines), so this
/// crate parses each chunk on its own too.
fn run_batch(oracle: &Path, cases: &[Case], dir: &Path, batch: usize, tally: &mut Tally) {
    let mut file = String::new();
    let mut chunks = Vec::new();
    for (index, case) in cases.iter().enumerate() {
        if index != 0 {
            file.push_str("// -----\n");
        }
        let first_line = file.matches('\n').count() + 1;
        let (chunk, start) = case.chunk();
        file.push_str(&chunk);
        let last_line = file.matches('\n').count();
        chunks.push((chunk, start, first_line, last_line));
    }
    let path = dir.join(format!("batch{batch}.mlir"));
    std::fs::write(&path, &file).unwrap();
    let output = Command::new(oracle)
        .args([
            "--allow-unregistered-dialect",
            "--split-input-file",
            "--mlir-print-local-scope",
        ])
        .arg(&path)
        .output()
        .expect("mlir-opt runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.code().is_some(),
        "mlir-opt crashed on {}",
        path.display()
    );

    let outputs: Vec<&str> = stdout.split("// -----\n").collect();
    let mut errors: Vec<Vec<(usize, usize, String)>> = vec![Vec::new(); cases.len()];
    let prefix = format!("{}:", path.display());
    for line in stderr.lines() {
        let Some(rest) = line.strip_prefix(&prefix) else {
            continue;
        };
        let mut parts = rest.splitn(3, ':');
        let (Some(l), Some(c), Some(message)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        let Some(message) = message.strip_prefix(" error: ") else {
            continue;
        };
        let (l, c): (usize, usize) = (l.parse().unwrap(), c.parse().unwrap());
        if let Some(index) = chunks
            .iter()
            .position(|&(_, _, first, last)| first <= l && l <= last)
        {
            errors[index].push((l, c, message.to_string()));
        }
    }

    for (index, case) in cases.iter().enumerate() {
        let (chunk, start, first_line, _) = &chunks[index];
        let position = |offset: usize| {
            let (line, column) = line_col(chunk, offset);
            (line + first_line - 1, column)
        };
        let printed = outputs.get(index).and_then(|output| case.extract(output));
        tally.printed += usize::from(printed.is_some());
        let ours = our_outcome(case, chunk, *start);
        let theirs = &errors[index];
        let verdict = match (&ours, &printed) {
            (Ok((text, _, _)), Some(printed)) => text == printed,
            // Our part parsed: mlir-opt may only fail after it, at an SSA operand we reported
            // (unknown value), or at the operation (verifier).
            (Ok((_, end, operands)), None) => {
                let end = position(*end);
                let start = position(*start);
                let operands: Vec<_> = operands.iter().map(|&offset| position(offset)).collect();
                !theirs.is_empty()
                    && theirs.iter().all(|(l, c, _)| {
                        (*l, *c) >= end
                            || operands.contains(&(*l, *c))
                            || (case.form != Form::Map
                                && case.form != Form::Set
                                && (*l, *c) < start)
                    })
            }
            (Err(ours), None) => {
                let ours: Vec<(usize, usize, String)> = ours
                    .iter()
                    .map(|(offset, message)| {
                        let (l, c) = position(*offset);
                        (l, c, message.clone())
                    })
                    .collect();
                ours == *theirs
            }
            (Err(_), Some(_)) => false,
        };
        if verdict {
            tally.passed += 1;
        } else {
            tally.failures.push(format!(
                "{}\n  ours:     {:?}\n  mlir-opt: {:?} {:?}",
                case.text, ours, printed, theirs
            ));
        }
    }
}

/// The generator seed and case count: fixed by default, overridable with `MICA_DIFF_SEED` and
/// `MICA_DIFF_CASES` to explore further.
fn seed_and_count(default_seed: u64, default_count: usize) -> (u64, usize) {
    let read = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|value| value.parse::<u64>().ok())
    };
    let seed = read("MICA_DIFF_SEED").map_or(default_seed, |seed| seed.wrapping_add(default_seed));
    let count = read("MICA_DIFF_CASES").map_or(default_count, |count| count as usize);
    (seed, count)
}

/// Runs all cases, prints the agreement rate, and fails on any disagreement. Returns the
/// number of cases `mlir-opt` printed successfully.
fn run_cases(name: &str, cases: Vec<Case>) -> Option<usize> {
    let oracle = mlir_opt()?;
    let dir = std::env::temp_dir().join(format!("mica-affine-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut tally = Tally::default();
    for (batch, chunk) in cases.chunks(400).enumerate() {
        run_batch(&oracle, chunk, &dir, batch, &mut tally);
    }
    std::fs::remove_dir_all(&dir).ok();
    let total = cases.len();
    println!(
        "{name}: {}/{total} cases agree with mlir-opt ({:.2} %); mlir-opt accepted {}",
        tally.passed,
        100.0 * tally.passed as f64 / total as f64,
        tally.printed
    );
    for failure in tally.failures.iter().take(15) {
        println!("{failure}");
    }
    assert!(
        tally.failures.is_empty(),
        "{} of {total} cases disagree with mlir-opt",
        tally.failures.len()
    );
    Some(tally.printed)
}

fn attribute_case(generator: &mut Generator, corrupt: bool) -> Case {
    let mut tokens = Vec::new();
    let is_set = generator.map_or_set(&mut tokens);
    let text = generator.join(&tokens);
    if !corrupt {
        return Case {
            form: if is_set { Form::Set } else { Form::Map },
            text,
            truncated: false,
        };
    }
    // Sometimes ask for the other kind, to exercise the map/set mismatch errors, and sometimes
    // cut the text short to exercise the errors at the end of the buffer.
    let flip = generator.rng.chance(5);
    let form = if is_set != flip { Form::Set } else { Form::Map };
    if generator.rng.chance(10) {
        let cut: String = text
            .chars()
            .take(generator.rng.below(text.chars().count()))
            .collect();
        return Case {
            form,
            text: cut,
            truncated: true,
        };
    }
    Case {
        form,
        text: generator.corrupt(&text),
        truncated: false,
    }
}

fn load_case(generator: &mut Generator, corrupt: bool) -> Case {
    let mut tokens = Vec::new();
    let rank = generator.subscripts(&mut tokens);
    let text = generator.join(&tokens);
    let mut text = text;
    if corrupt {
        // A corruption starting with `#` would read as a result number of `%A`, outside the
        // subscripts; corrupt again until it does not.
        let original = text;
        text = generator.corrupt(&original);
        while text.trim_start().starts_with('#') {
            text = generator.corrupt(&original);
        }
    }
    Case {
        form: Form::Load(rank),
        text,
        truncated: false,
    }
}

#[test]
fn random_maps_and_sets_print_as_mlir_opt_prints_them() {
    let (seed, count) = seed_and_count(1, 4000);
    let mut generator = Generator::new(seed);
    let cases = (0..count)
        .map(|_| attribute_case(&mut generator, false))
        .collect();
    if let Some(printed) = run_cases("valid", cases) {
        assert_eq!(printed, count, "the generator should produce valid text");
    }
}

#[test]
fn corrupted_maps_and_sets_fail_as_mlir_opt_fails() {
    let (seed, count) = seed_and_count(2, 3000);
    let mut generator = Generator::new(seed);
    let cases = (0..count)
        .map(|_| attribute_case(&mut generator, true))
        .collect();
    run_cases("corrupted", cases);
}

#[test]
fn random_affine_load_subscripts_print_as_mlir_opt_prints_them() {
    let (seed, count) = seed_and_count(3, 2000);
    let mut generator = Generator::new(seed);
    let cases = (0..count)
        .map(|_| load_case(&mut generator, false))
        .collect();
    if let Some(printed) = run_cases("load", cases) {
        assert!(
            printed * 100 >= count * 90,
            "the generator should produce valid text: {printed} of {count}"
        );
    }
}

#[test]
fn corrupted_affine_load_subscripts_fail_as_mlir_opt_fails() {
    let (seed, count) = seed_and_count(4, 2000);
    let mut generator = Generator::new(seed);
    let cases = (0..count)
        .map(|_| load_case(&mut generator, true))
        .collect();
    run_cases("corrupted-load", cases);
}

#[test]
fn generated_text_is_consumed_exactly() {
    // The generated text parses (with `parse_map_or_set`) to the kind it was generated as,
    // and the parse stops exactly at its end.
    let mut generator = Generator::new(5);
    for _ in 0..200 {
        let mut tokens = Vec::new();
        let is_set = generator.map_or_set(&mut tokens);
        let text = generator.join(&tokens);
        let (parsed, end) = mica_affine::parse_map_or_set(&text).expect("generated text is valid");
        assert_eq!(matches!(parsed, MapOrSet::Set(_)), is_set, "{text}");
        assert_eq!(end, text.len(), "{text}");
    }
}
