//! `ir-opt`'s driver: options, per-chunk parse → verify → print, `--verify-diagnostics`.

use crate::output::{AtomicFile, write_atomically};
use std::io::Write;
use anyhow::{Context as _, Result};
use mica_ir::{Context, DiagLoc, Diagnostic, PrintOptions, Severity};
use mica_passes::timing::Timer;
use std::borrow::Cow;
use std::time::Instant;
use mica_parser::diagnostics::{Source, render};
use mica_parser::split;

/// The `--help` text.
pub const HELP: &str = "\
OVERVIEW: Mica's MLIR optimizer driver (mlir-opt compatible)

USAGE: ir-opt [options] <input file | ->

OPTIONS:
  -o <file>                                Output file (written whole or not at all; default: stdout)
  --allow-unregistered-dialect             Accept operations of dialects Mica does not register
  --split-input-file                       Process each '// -----' chunk separately
  --verify-diagnostics                     Check diagnostics against expected-* annotations
  --mlir-print-op-generic                  Print operations in the generic form
  --mlir-print-debuginfo                   Print locations
  --mlir-pretty-debuginfo                  Print locations in a readable form
  --mlir-print-local-scope                 Print attributes and types inline, without aliases
  --mlir-print-unique-ssa-ids              Number values uniquely across regions
  --mlir-elide-elementsattrs-if-larger=<n> Elide element attributes with more than n elements
  --mlir-print-op-on-diagnostic[=false]    Show the operation an error is about in a note (default:
                                           true; never with --verify-diagnostics)
  --pass-pipeline=<pipeline>               Run a textual pipeline, e.g. 'builtin.module(cse)'
  --verify-each[=false]                    Verify the IR after each pass (default: true)
  --mlir-print-ir-before=<pass,...>        Print the IR before each run of these passes (stderr)
  --mlir-print-ir-after=<pass,...>         Print the IR after each run of these passes (stderr)
  --mlir-print-ir-before-all               Print the IR before every pass
  --mlir-print-ir-after-all                Print the IR after every pass
  --mlir-timing                            Report the time taken by each pass (stderr)
  --mlir-disable-threading                 Run nested pass pipelines on one thread
  --help                                   Show this text

PASSES (each also a flag: --<pass>[=\"option=value ...\"]):
  --canonicalize                           Fold ops and apply canonicalization patterns greedily
                                           (top-down, region-simplify=normal|aggressive|disabled,
                                           max-iterations, max-num-rewrites, test-convergence,
                                           disable-patterns, enable-patterns)
  --cse                                    Eliminate common subexpressions (on an e-graph)
  --symbol-dce                             Erase private symbols nothing live refers to
  --inline                                 Inline calls (options: default-pipeline, op-pipelines,
                                           max-iterations, inlining-threshold)
  --loop-invariant-code-motion             Move loop-invariant code out of loops
  --strip-debuginfo                        Replace every location with loc(unknown)
  --convert-scf-to-cf                      Lower scf region ops to blocks and cf branches
";

/// Parsed command-line options.
#[derive(Debug, Default, Clone)]
pub struct Options {
    /// Input path (`-` for stdin).
    pub input: String,
    /// Output path (`-` for stdout).
    pub output: String,
    /// `--allow-unregistered-dialect`
    pub allow_unregistered: bool,
    /// `--split-input-file`
    pub split: bool,
    /// `--verify-diagnostics`
    pub verify_diagnostics: bool,
    /// Printer flags.
    pub print: PrintOptions,
    /// `--mlir-print-op-on-diagnostic=false` turns the `see current operation` notes off.
    pub no_op_on_diagnostic: bool,
    /// `--help`
    pub help: bool,
    /// Skip freeing the IR after printing (a one-shot process exits right after).
    pub leak_ir: bool,
    /// Passes and pipelines in command-line order.
    pub passes: Vec<PassArg>,
    /// `--verify-each=false` turns verification between passes off.
    pub no_verify_each: bool,
    /// `--mlir-print-ir-before[-all]`
    pub print_ir_before: mica_passes::PassSelect,
    /// `--mlir-print-ir-after[-all]`
    pub print_ir_after: mica_passes::PassSelect,
    /// `--mlir-timing`
    pub timing: bool,
    /// `--mlir-disable-threading`
    pub no_threading: bool,
    /// How many threads parsing, verification and printing may use (default: the machine's;
    /// one with `--mlir-disable-threading`).
    pub threads: Option<usize>,
}

/// A pass or pipeline given on the command line.
#[derive(Debug, Clone)]
pub enum PassArg {
    /// `--<pass>[=options]`
    Pass(String, Vec<(String, String)>),
    /// `--pass-pipeline=<text>`
    Pipeline(String),
}

impl Options {
    /// Parses mlir-opt style arguments (`-flag` and `--flag` are the same).
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut o = Options { input: "-".into(), output: "-".into(), ..Default::default() };
        let mut input_set = false;
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            if a == "-" || !a.starts_with('-') {
                if input_set {
                    return Err(format!("too many positional arguments: '{a}'"));
                }
                o.input = a.clone();
                input_set = true;
                i += 1;
                continue;
            }
            let flag = a.trim_start_matches('-');
            let (name, value) = match flag.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (flag, None),
            };
            match name {
                "o" => {
                    let v = match value {
                        Some(v) => v,
                        None => {
                            i += 1;
                            args.get(i).cloned().ok_or("-o needs a file name")?
                        }
                    };
                    o.output = v;
                }
                "allow-unregistered-dialect" => o.allow_unregistered = true,
                "split-input-file" => o.split = true,
                "verify-diagnostics" => o.verify_diagnostics = true,
                "mlir-print-op-generic" => o.print.generic = true,
                "mlir-print-debuginfo" => o.print.debuginfo = true,
                "mlir-pretty-debuginfo" => o.print.pretty_debuginfo = true,
                "mlir-print-local-scope" => o.print.local_scope = true,
                "mlir-print-unique-ssa-ids" => o.print.unique_ssa_ids = true,
                "mlir-elide-elementsattrs-if-larger" => {
                    let v = value.ok_or("--mlir-elide-elementsattrs-if-larger needs =<n>")?;
                    o.print.elide_elements_larger = Some(v.parse().map_err(|_| format!("invalid number '{v}'"))?);
                }
                "help" | "h" => o.help = true,
                "pass-pipeline" | "p" => {
                    let v = match value {
                        Some(v) => v,
                        None => {
                            i += 1;
                            args.get(i).cloned().ok_or("--pass-pipeline needs a pipeline")?
                        }
                    };
                    o.passes.push(PassArg::Pipeline(v));
                }
                "verify-each" => o.no_verify_each = matches!(value.as_deref(), Some("false" | "0")),
                "mlir-print-op-on-diagnostic" => o.no_op_on_diagnostic = matches!(value.as_deref(), Some("false" | "0")),
                "mlir-print-ir-before-all" => o.print_ir_before = mica_passes::PassSelect::All,
                "mlir-print-ir-after-all" => o.print_ir_after = mica_passes::PassSelect::All,
                "mlir-print-ir-before" | "mlir-print-ir-after" => {
                    let v = value.ok_or_else(|| format!("--{name} needs =<pass>"))?;
                    let target = if name == "mlir-print-ir-before" { &mut o.print_ir_before } else { &mut o.print_ir_after };
                    for pass in v.split(',') {
                        if !mica_passes::registry().iter().any(|(n, _)| *n == pass) {
                            return Err(format!("for the --{name} option: Cannot find option named '{pass}'!"));
                        }
                        match &mut *target {
                            mica_passes::PassSelect::Named(names) => names.push(pass.to_string()),
                            mica_passes::PassSelect::All => {}
                            mica_passes::PassSelect::None => *target = mica_passes::PassSelect::Named(vec![pass.to_string()]),
                        }
                    }
                }
                "mlir-timing" => o.timing = true,
                "mlir-disable-threading" => o.no_threading = true,
                _ if mica_passes::registry().iter().any(|(n, _)| *n == name) => {
                    let options = match value.as_deref() {
                        Some(text) => mica_passes::pipeline::parse_options(text).map_err(|e| format!("invalid options for '--{name}': {}", e.message))?,
                        None => Vec::new(),
                    };
                    o.passes.push(PassArg::Pass(name.to_string(), options));
                }
                _ => return Err(format!("unknown option '{a}'")),
            }
            i += 1;
        }
        Ok(o)
    }
}

/// What a run produced.
pub struct Outcome {
    /// Everything to print on stderr (for [`run`], what is left to print after the output: the
    /// timing report).
    pub stderr: String,
    /// Whether the run succeeded (exit 0).
    pub success: bool,
}

/// A context with every dialect Mica implements.
pub fn new_context(allow_unregistered: bool) -> Context {
    let mut ctx = Context::new();
    mica_dialects::register_all(&mut ctx);
    ctx.allow_unregistered = allow_unregistered;
    ctx
}

/// The context for a run with these options: as mlir-opt, errors on operations show the
/// operation in a note (with the command line's debug-info flags), except when checking
/// expected diagnostics.
fn context_for(opts: &Options) -> Context {
    let mut ctx = new_context(opts.allow_unregistered);
    ctx.threads = if opts.no_threading { 1 } else { opts.threads.unwrap_or_else(mica_ir::parallel::available_threads) };
    if !opts.verify_diagnostics && !opts.no_op_on_diagnostic {
        ctx.print_op_on_diagnostic = Some(PrintOptions {
            debuginfo: opts.print.debuginfo,
            pretty_debuginfo: opts.print.pretty_debuginfo,
            ..Default::default()
        });
    }
    ctx
}

/// Runs ir-opt: reads the input, processes each chunk, writes the output.
pub fn run(opts: &Options) -> Result<Outcome> {
    let start = Instant::now();
    let name = if opts.input == "-" { "<stdin>".to_string() } else { opts.input.clone() };
    // Without split chunks, expected diagnostics or instrumentation, the module is printed
    // straight into the output.
    let instrumented = opts.timing || opts.print_ir_before != mica_passes::PassSelect::None || opts.print_ir_after != mica_passes::PassSelect::None;
    let streaming = !opts.split && !opts.verify_diagnostics && !instrumented;
    // The one context of a streamed run (every dialect registered: about a millisecond) is
    // made on another thread while a large input is read.
    let (text, ctx) = std::thread::scope(|s| {
        let ctx = (streaming && crate::input::is_large(&opts.input)).then(|| s.spawn(|| context_for(opts)));
        let text = crate::input::read_input(&opts.input);
        (text, ctx.map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))))
    });
    let text = text.with_context(|| {
        if opts.input == "-" { "reading stdin".to_string() } else { format!("could not open input file '{}'", opts.input) }
    })?;
    if streaming {
        let outcome = run_streaming(&name, &text, opts, ctx);
        if opts.leak_ir {
            std::mem::forget(text);
        }
        return outcome;
    }
    let mut timers = Timers::default();
    let (out, mut outcome) = process_buffer_timed(&name, &text, opts, &mut timers);
    // Diagnostics and IR dumps come before the output, as mlir-opt writes them while it works
    // and the output at the end.
    {
        let mut err = std::io::stderr().lock();
        err.write_all(outcome.stderr.as_bytes()).context("writing to stderr")?;
        err.flush().context("writing to stderr")?;
        outcome.stderr.clear();
    }
    // A failed run still shows the chunks that worked on stdout, like mlir-opt; an output file
    // is written only by a run that succeeded.
    if outcome.success || opts.output == "-" {
        let began = Instant::now();
        write_atomically(&opts.output, out.as_bytes()).with_context(|| format!("writing '{}'", opts.output))?;
        timers.output.add(began.elapsed());
    }
    if opts.timing {
        let mut rows = vec![timers.parser];
        rows.extend(timers.passes);
        rows.push(timers.output);
        outcome.stderr.push_str(&mica_passes::timing::report(&rows, start.elapsed()));
    }
    Ok(outcome)
}

/// The driver's timers for `--mlir-timing`: parsing (with the verification that follows it),
/// the passes (as the pass manager shapes them) and printing.
#[derive(Default)]
struct Timers {
    parser: Timer,
    passes: Vec<Timer>,
    output: Timer,
}

/// Processes a buffer that is one chunk, printing the module straight into the output (so the
/// whole output text is never held in memory). Nothing is written when it fails.
fn run_streaming(name: &str, text: &str, opts: &Options, ctx: Option<Context>) -> Result<Outcome> {
    let pm = if opts.passes.is_empty() {
        None
    } else {
        match build_pass_manager(opts, "builtin.module", name) {
            Ok(pm) => Some(pm),
            Err(msg) => return Ok(Outcome { stderr: msg + "\n", success: false }),
        }
    };
    let ctx = ctx.unwrap_or_else(|| context_for(opts));
    let unchecked = mica_parser::verify_diagnostics::unchecked_report(name, text);
    let m = match parse_and_run(&ctx, name, text, 0, pm.as_ref()) {
        Ok(m) => m,
        Err(d) => return Ok(Outcome { stderr: render(&ctx, &Source::new(name, text), &d) + &unchecked, success: false }),
    };
    // Like mlir-opt, everything for stderr comes before the output.
    if !unchecked.is_empty() {
        let mut err = std::io::stderr().lock();
        err.write_all(unchecked.as_bytes()).and_then(|_| err.flush()).context("writing to stderr")?;
    }
    let written = if opts.output == "-" {
        let mut out = std::io::stdout().lock();
        write_module(&ctx, &m, &opts.print, &mut out).and_then(|_| out.flush())
    } else {
        AtomicFile::create(&opts.output).and_then(|mut f| {
            write_module(&ctx, &m, &opts.print, &mut f)?;
            f.commit()
        })
    };
    written.with_context(|| format!("writing '{}'", opts.output))?;
    if opts.leak_ir {
        // Freeing hundreds of thousands of small allocations costs more than the parse; the
        // process is about to exit anyway.
        std::mem::forget(m);
        std::mem::forget(ctx);
    }
    Ok(Outcome { stderr: String::new(), success: true })
}

/// Processes a whole buffer (all chunks); returns stdout text and the outcome.
pub fn process_buffer(name: &str, text: &str, opts: &Options) -> (String, Outcome) {
    process_buffer_timed(name, text, opts, &mut Timers::default())
}

fn process_buffer_timed(name: &str, text: &str, opts: &Options, timers: &mut Timers) -> (String, Outcome) {
    timers.parser = Timer::new("Parser");
    timers.output = Timer::new("Output");
    let pm = if opts.passes.is_empty() {
        None
    } else {
        match build_pass_manager(opts, "builtin.module", name) {
            Ok(pm) => Some(pm),
            Err(msg) => return (String::new(), Outcome { stderr: msg + "\n", success: false }),
        }
    };
    timers.passes = pm.as_ref().map(|pm| pm.timers()).unwrap_or_default();
    let mut stderr = String::new();
    let chunks = if opts.split {
        let s = split::split(text);
        if !s.near_misses.is_empty() {
            let (ctx, src) = (Context::new(), Source::new(name, text));
            for &at in &s.near_misses {
                let d = Diagnostic { severity: Severity::Warning, loc: DiagLoc::Offset(at), message: "near miss with file split marker".into(), notes: Vec::new(), op: None };
                stderr.push_str(&render(&ctx, &src, &d));
            }
        }
        s.chunks
    } else {
        vec![split::Chunk { text, start: 0 }]
    };
    // Every chunk has an output (empty when it failed); mlir-opt puts a marker between them.
    let mut outputs = Vec::new();
    let mut success = true;
    // With --verify-diagnostics, the annotations nothing matched are reported at the end, as
    // mlir-opt checks the whole file once.
    let mut unmet = String::new();
    for chunk in &chunks {
        // Blank out what comes before the chunk, so that positions match the original file.
        let padded: Cow<'_, str> = if chunk.start == 0 { Cow::Borrowed(chunk.text) } else { Cow::Owned(split::padded(text, chunk)) };
        let (out, err, ok) = process_chunk(name, &padded, chunk.start, text, opts, pm.as_ref(), timers, &mut unmet);
        stderr.push_str(&err);
        success &= ok;
        outputs.push(out.unwrap_or_default());
    }
    stderr.push_str(&unmet);
    if !opts.verify_diagnostics {
        stderr.push_str(&mica_parser::verify_diagnostics::unchecked_report(name, text));
    }
    (outputs.join("// -----\n"), Outcome { stderr, success })
}

/// Builds the pass manager of the command line for a top-level op named `top`. Errors come
/// rendered as mlir-opt renders them (`file` names the input).
pub fn build_pass_manager(opts: &Options, top: &str, file: &str) -> Result<mica_passes::PassManager, String> {
    let mut pm = mica_passes::PassManager::new();
    pm.verify_each = !opts.no_verify_each;
    pm.threading = !opts.no_threading;
    pm.print_before = opts.print_ir_before.clone();
    pm.print_after = opts.print_ir_after.clone();
    pm.print_options = opts.print.clone();
    for p in &opts.passes {
        let (r, text) = match p {
            PassArg::Pass(name, options) => (pm.add_pass(name, options), None),
            PassArg::Pipeline(text) => (pm.add_pipeline(text, top), Some(text)),
        };
        let Err(e) = r else { continue };
        return Err(match (e.1, text) {
            (Some(at), Some(text)) => {
                let col = text[..at.min(text.len())].chars().count();
                format!("<unknown>:0: error: MLIR Textual PassPipeline Parser:1:{}: error: {}\n{text}\n{}^", col + 1, e.0, " ".repeat(col))
            }
            (None, Some(_)) => format!("{file}:0:0: error: {}", e.0),
            _ => format!("<unknown>:0: error: {}", e.0),
        });
    }
    Ok(pm)
}

/// The text ir-opt writes for a module: the operation, the resources it references, a newline.
fn print_module(ctx: &Context, m: &mica_parser::ParsedModule, print: &PrintOptions) -> String {
    let mut out = mica_ir::print_op_to_string(ctx, &m.body, m.top, print);
    // A local-scope print is of the operation alone, without the resources.
    if !print.local_scope {
        out.push_str(&mica_ir::printer::print_resources(ctx, &m.body, m.top, &m.resources));
    }
    out.push('\n');
    out
}

/// [`print_module`] into a writer.
fn write_module(ctx: &Context, m: &mica_parser::ParsedModule, print: &PrintOptions, out: &mut dyn Write) -> std::io::Result<()> {
    mica_ir::print_op_to_writer(ctx, &m.body, m.top, print, out)?;
    if !print.local_scope {
        out.write_all(mica_ir::printer::print_resources(ctx, &m.body, m.top, &m.resources).as_bytes())?;
    }
    out.write_all(b"\n")
}

/// Parses and verifies one chunk and runs the passes on it. `text` is the buffer up to the
/// chunk's end with what comes before `start` blanked out.
fn parse_and_run(ctx: &Context, name: &str, text: &str, start: usize, pm: Option<&mica_passes::PassManager>) -> Result<mica_parser::ParsedModule, Diagnostic> {
    let mut m = mica_parser::parse_source_chunk(ctx, name, text, start)?;
    mica_ir::verify::verify_parsed(ctx, &m.body, m.top)?;
    if let Some(pm) = pm {
        pm.run(ctx, &mut m.body, m.top)?;
    }
    Ok(m)
}

/// Parses, verifies and prints one chunk: `text` is the buffer up to the chunk's end with what
/// comes before `start` blanked out; diagnostics quote the lines of `original`, the whole buffer.
fn process_chunk(
    name: &str,
    text: &str,
    start: usize,
    original: &str,
    opts: &Options,
    pm: Option<&mica_passes::PassManager>,
    timers: &mut Timers,
    unmet: &mut String,
) -> (Option<String>, String, bool) {
    let ctx = context_for(opts);
    let mut log = mica_passes::RunLog::default();
    let began = Instant::now();
    let parsed = mica_parser::parse_source_chunk(&ctx, name, text, start).and_then(|m| {
        mica_ir::verify::verify_parsed(&ctx, &m.body, m.top)?;
        Ok(m)
    });
    timers.parser.add(began.elapsed());
    let result = parsed.and_then(|mut m| {
        if let Some(pm) = pm {
            pm.run_logged(&ctx, &mut m.body, m.top, &m.resources, &mut timers.passes, &mut log)?;
        }
        Ok(m)
    });
    let (out, err, ok) = finish_chunk(&ctx, name, text, original, opts, result, timers, unmet);
    if opts.leak_ir {
        std::mem::forget(ctx);
    }
    (out, log.dumps + &err, ok)
}

/// Prints a chunk's result, or renders its error. With `--verify-diagnostics` the error is
/// checked against the chunk's annotations instead: complaints about it come now, unmet
/// annotations go to `unmet`, and a chunk that ran prints its output either way.
#[allow(clippy::too_many_arguments)]
fn finish_chunk(
    ctx: &Context,
    name: &str,
    text: &str,
    original: &str,
    opts: &Options,
    result: Result<mica_parser::ParsedModule, Diagnostic>,
    timers: &mut Timers,
    unmet: &mut String,
) -> (Option<String>, String, bool) {
    let began = Instant::now();
    let outcome = if opts.verify_diagnostics {
        let src = Source::new(name, text);
        let mut v = mica_parser::verify_diagnostics::Verifier::new(&src);
        let diags = match &result {
            Ok(_) => Vec::new(),
            Err(d) => vec![d.clone()],
        };
        let mut problems = std::mem::take(&mut v.setup_errors);
        problems.extend(v.check(ctx, &src, &diags));
        let ok = problems.is_empty() && v.all_met();
        unmet.extend(v.unmet(&src));
        (result.ok().map(|m| print_module(ctx, &m, &opts.print)), problems, ok)
    } else {
        match result {
            Ok(m) => {
                let out = print_module(ctx, &m, &opts.print);
                if opts.leak_ir {
                    // Freeing hundreds of thousands of small allocations costs more than the
                    // parse; the process is about to exit anyway.
                    std::mem::forget(m);
                }
                (Some(out), String::new(), true)
            }
            // A pass failure without a message (MLIR's bare `signalPassFailure`) prints nothing.
            Err(d) if d.message.is_empty() => (None, String::new(), false),
            // The line index for quoting source lines is built only when there is something to quote.
            Err(d) => (None, render(ctx, &Source::new(name, original), &d), false),
        }
    };
    timers.output.add(began.elapsed());
    outcome
}
