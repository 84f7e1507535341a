//! The pass manager: a tree of passes, each list anchored on an op name, run over the IR with
//! verification after each pass (MLIR's `--verify-each`, on by default). Nested lists run on
//! the ops of their anchor name found directly inside the current op's regions; when those ops
//! are IsolatedFromAbove, on a pool of threads (see [`crate::parallel`]), with the same output
//! as a run on one thread.
//!
//! Instrumentation as mlir-opt's: IR dumps before and after selected passes
//! (`--mlir-print-ir-before=cse`, `--mlir-print-ir-after-all`…) of the op the pass ran on, and
//! a timer per pass and nested pipeline for `--mlir-timing`.

use crate::pipeline::{parse_pipeline, Element};
use crate::timing::Timer;
use mica_ir::{Body, Context, Diagnostic, Op, PrintOptions};
use std::time::Instant;

/// A pass.
pub trait Pass: Send + Sync {
    /// The name used in pipelines (`cse`).
    fn name(&self) -> &'static str;
    /// The name MLIR shows in IR dumps and timing reports (`CSE` for `cse`); the pipeline name
    /// unless the pass says otherwise.
    fn display_name(&self) -> &'static str {
        self.name()
    }
    /// Runs on `op` (an op of `body`) and everything inside it.
    fn run(&self, ctx: &Context, body: &mut Body, op: Op) -> Result<(), Diagnostic>;
    /// Runs as [`Pass::run`] does and says what the run did; by default, that it may have
    /// changed the IR.
    fn run_reported(&self, ctx: &Context, body: &mut Body, op: Op) -> Result<PassReport, Diagnostic> {
        self.run(ctx, body, op).map(|()| PassReport { changed: true, counters: Vec::new() })
    }
}

/// What a pass run did, besides failing or not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassReport {
    /// Whether the IR may have changed. When it did not, the manager does not verify it again
    /// (as MLIR skips the verifier after a pass that preserved all analyses).
    pub changed: bool,
    /// Counters for the timing report (CSE's e-graph sizes and stop reasons), added up over
    /// the pass's runs and shown under its row.
    pub counters: Vec<(&'static str, u64)>,
}

/// Creates a pass from its pipeline options; `Err` says what is wrong with them.
pub type PassFactory = fn(&[(String, String)]) -> Result<Box<dyn Pass>, String>;

/// One item of a pass list.
pub enum Item {
    /// A pass.
    Pass(Box<dyn Pass>),
    /// A list run on the nested ops named `anchor`.
    Nested { anchor: String, items: Vec<Item> },
}

/// Which passes get an IR dump.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum PassSelect {
    /// None.
    #[default]
    None,
    /// Every pass (`--mlir-print-ir-after-all`).
    All,
    /// The passes with these pipeline names (`--mlir-print-ir-after=cse,symbol-dce`).
    Named(Vec<String>),
}

impl PassSelect {
    fn selects(&self, pass: &str) -> bool {
        match self {
            PassSelect::None => false,
            PassSelect::All => true,
            PassSelect::Named(names) => names.iter().any(|n| n == pass),
        }
    }
}

/// Passes to run on a top-level op, with the driver's options.
pub struct PassManager {
    /// The passes (and nested lists).
    pub items: Vec<Item>,
    /// Verify the IR after each pass.
    pub verify_each: bool,
    /// Run nested lists over isolated ops on several threads (`--mlir-disable-threading`
    /// turns it off).
    pub threading: bool,
    /// Passes to dump the IR before.
    pub print_before: PassSelect,
    /// Passes to dump the IR after (when they succeed).
    pub print_after: PassSelect,
    /// How dumps print the IR (ops below the top level print with local scope, as in MLIR).
    pub print_options: PrintOptions,
}

/// What a run writes besides the IR: dumps and times.
#[derive(Default)]
pub struct RunLog {
    /// The IR dumps, in the order the passes ran (for nested lists, op by op).
    pub dumps: String,
}

/// A problem with a pipeline description: the message and, for textual pipelines, the byte
/// offset in the pipeline text.
#[derive(Debug, Clone)]
pub struct PipelineSetupError(pub String, pub Option<usize>);

/// What one run needs besides the IR: the manager's options and, for dumps of the top-level
/// op, the resources its text references (`(dialect, key, value)` as parsed).
pub(crate) struct Exec<'a> {
    pub(crate) ctx: &'a Context,
    pub(crate) pm: &'a PassManager,
    pub(crate) resources: &'a [(String, String, String)],
}

impl PassManager {
    /// An empty manager that verifies after each pass and uses threads.
    pub fn new() -> Self {
        Self {
            items: Vec::new(),
            verify_each: true,
            threading: true,
            print_before: PassSelect::None,
            print_after: PassSelect::None,
            print_options: PrintOptions::default(),
        }
    }

    /// Whether there is nothing to run.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Adds a pass by name (`cse`) with options, on the top-level op.
    pub fn add_pass(&mut self, name: &str, options: &[(String, String)]) -> Result<(), PipelineSetupError> {
        let pass = make_pass(name, options, None)?;
        self.items.push(Item::Pass(pass));
        Ok(())
    }

    /// Adds a textual pipeline. A pipeline anchored on an op (`builtin.module(...)`) must name
    /// the top-level op `top`.
    pub fn add_pipeline(&mut self, text: &str, top: &str) -> Result<(), PipelineSetupError> {
        let elements = parse_pipeline(text).map_err(|e| PipelineSetupError(e.message, Some(e.offset)))?;
        for e in elements {
            match e {
                Element::Nested { anchor, elements } if anchor == top || anchor == "any" => {
                    let items = build_items(&elements)?;
                    self.items.extend(items);
                }
                Element::Nested { anchor, .. } => {
                    return Err(PipelineSetupError(format!("can't run '{anchor}' pass manager on '{top}' op"), None));
                }
                Element::Pass { name, options, offset } => self.items.push(Item::Pass(make_pass(&name, &options, Some(offset))?)),
            }
        }
        Ok(())
    }

    /// Adds a textual list of passes and nested pipelines (`cse,func.func(cse)`) run on
    /// whatever op the manager runs on.
    pub fn add_list(&mut self, text: &str) -> Result<(), PipelineSetupError> {
        let elements = parse_pipeline(text).map_err(|e| PipelineSetupError(e.message, Some(e.offset)))?;
        self.add_elements(&elements)
    }

    /// Adds parsed pipeline elements, run on whatever op the manager runs on.
    pub fn add_elements(&mut self, elements: &[Element]) -> Result<(), PipelineSetupError> {
        self.items.extend(build_items(elements)?);
        Ok(())
    }

    /// The timers of this manager's passes and nested pipelines, at zero, shaped like its
    /// items: the rows a timing report shows for them.
    pub fn timers(&self) -> Vec<Timer> {
        timers_of(&self.items)
    }

    /// Runs every pass on `top` (an op of `body`).
    pub fn run(&self, ctx: &Context, body: &mut Body, top: Op) -> Result<(), Diagnostic> {
        let mut timers = self.timers();
        self.run_logged(ctx, body, top, &[], &mut timers, &mut RunLog::default())
    }

    /// Runs every pass on `top` (an op of `body`), adding the times to `timers` (from
    /// [`PassManager::timers`]) and the IR dumps to `log`; `resources` are those the top-level
    /// op's text may reference, printed after it in its dumps.
    pub fn run_logged(
        &self,
        ctx: &Context,
        body: &mut Body,
        top: Op,
        resources: &[(String, String, String)],
        timers: &mut [Timer],
        log: &mut RunLog,
    ) -> Result<(), Diagnostic> {
        // An error emitted on an operation shows it in a note, as the verifier's do.
        Exec { ctx, pm: self, resources }.run_items(&self.items, timers, body, top, &mut log.dumps).map_err(|mut d| {
            d.attach_current_op(ctx, body, top);
            d
        })
    }
}

impl Default for PassManager {
    fn default() -> Self {
        Self::new()
    }
}

fn timers_of(items: &[Item]) -> Vec<Timer> {
    items
        .iter()
        .map(|i| match i {
            Item::Pass(p) => Timer::new(p.display_name()),
            Item::Nested { anchor, items } => Timer { children: timers_of(items), ..Timer::new(format!("'{anchor}' Pipeline")) },
        })
        .collect()
}

fn build_items(elements: &[Element]) -> Result<Vec<Item>, PipelineSetupError> {
    elements
        .iter()
        .map(|e| match e {
            Element::Pass { name, options, offset } => make_pass(name, options, Some(*offset)).map(Item::Pass),
            Element::Nested { anchor, elements } => Ok(Item::Nested { anchor: anchor.clone(), items: build_items(elements)? }),
        })
        .collect()
}

fn make_pass(name: &str, options: &[(String, String)], offset: Option<usize>) -> Result<Box<dyn Pass>, PipelineSetupError> {
    let factory = crate::registry()
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, f)| *f)
        .ok_or_else(|| PipelineSetupError(format!("'{name}' does not refer to a registered pass or pass pipeline"), offset))?;
    factory(options).map_err(|m| PipelineSetupError(m, offset))
}

impl Exec<'_> {
    /// Runs `items` on `op`; `timers` is shaped like `items`.
    pub(crate) fn run_items(&self, items: &[Item], timers: &mut [Timer], body: &mut Body, op: Op, dumps: &mut String) -> Result<(), Diagnostic> {
        for (item, timer) in items.iter().zip(timers.iter_mut()) {
            match item {
                Item::Pass(p) => {
                    let start = Instant::now();
                    let result = self.run_pass(p.as_ref(), body, op, dumps);
                    timer.add(start.elapsed());
                    timer.count(&result?);
                }
                Item::Nested { anchor, items } => self.run_nested(anchor, items, timer, body, op, dumps)?,
            }
        }
        Ok(())
    }

    fn run_pass(&self, p: &dyn Pass, body: &mut Body, op: Op, dumps: &mut String) -> Result<Vec<(&'static str, u64)>, Diagnostic> {
        if self.pm.print_before.selects(p.name()) {
            self.dump("Before", p, body, op, dumps);
        }
        let report = p.run_reported(self.ctx, body, op)?;
        if self.pm.verify_each && report.changed {
            mica_ir::verify::verify(self.ctx, body, op)?;
        }
        if self.pm.print_after.selects(p.name()) {
            self.dump("After", p, body, op, dumps);
        }
        Ok(report.counters)
    }

    /// Writes `// -----// IR Dump After CSE (cse) //----- //` and the op the pass runs on: with
    /// local scope when it is nested, else as the driver prints the whole IR.
    fn dump(&self, when: &str, p: &dyn Pass, body: &Body, op: Op, dumps: &mut String) {
        dumps.push_str(&format!("// -----// IR Dump {when} {} ({}) //----- //\n", p.display_name(), p.name()));
        if body.op_block(op).is_some() {
            let opts = PrintOptions { local_scope: true, ..self.pm.print_options.clone() };
            dumps.push_str(&mica_ir::print_op_to_string(self.ctx, body, op, &opts));
            dumps.push('\n');
        } else {
            dumps.push_str(&mica_ir::print_op_to_string(self.ctx, body, op, &self.pm.print_options));
            if !self.pm.print_options.local_scope {
                dumps.push_str(&mica_ir::printer::print_resources(self.ctx, body, op, self.resources));
            }
            dumps.push('\n');
        }
        dumps.push('\n');
    }

    /// Runs `items` on each op named `anchor` directly inside `op`'s regions; `timer` is the
    /// nested pipeline's.
    fn run_nested(&self, anchor: &str, items: &[Item], timer: &mut Timer, body: &mut Body, op: Op, dumps: &mut String) -> Result<(), Diagnostic> {
        let name = self.ctx.ident(anchor);
        let isolated = body.nested(op).is_some();
        let parent: &mut Body = if isolated {
            match body.nested_mut(op) {
                Some(nested) => nested,
                None => return Ok(()),
            }
        } else {
            body
        };
        let regions = if isolated { parent.roots.to_vec() } else { parent.local_regions(op).to_vec() };
        let children: Vec<Op> = regions
            .iter()
            .flat_map(|r| parent.region_blocks(*r).iter().flat_map(|b| parent.block_ops(*b)))
            .filter(|o| parent.op(*o).name == name)
            .collect();
        if self.pm.threading && crate::parallel::can_run_apart(parent, &children) {
            return crate::parallel::run_children(self, items, timer, parent, &children, dumps);
        }
        let start = Instant::now();
        let mut result = Ok(());
        for child in children {
            result = self.run_items(items, &mut timer.children, parent, child, dumps);
            if result.is_err() {
                break;
            }
        }
        timer.add(start.elapsed());
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Erases the terminators of the functions of a module (invalid IR) and says whether it
    /// changed anything as told.
    struct BreakTerminators {
        report_change: bool,
    }

    impl Pass for BreakTerminators {
        fn name(&self) -> &'static str {
            "break"
        }

        fn run(&self, _: &Context, _: &mut Body, _: Op) -> Result<(), Diagnostic> {
            unreachable!("the manager calls run_reported")
        }

        fn run_reported(&self, _: &Context, body: &mut Body, op: Op) -> Result<PassReport, Diagnostic> {
            let module = body.nested_mut(op).expect("a module");
            for f in crate::parallel::isolated_ops(module) {
                let func = module.nested_mut(f).expect("a function");
                let entry = func.region_blocks(func.roots[0])[0];
                if let Some(ret) = func.block_last_op(entry) {
                    func.erase_op(ret);
                }
            }
            Ok(PassReport { changed: self.report_change, counters: vec![("runs", 1)] })
        }
    }

    fn run(report_change: bool) -> (Result<(), Diagnostic>, Vec<Timer>) {
        let mut ctx = Context::new();
        mica_dialects::register_all(&mut ctx);
        let mut m = mica_parser::parse_source(&ctx, "t.mlir", "func.func @f() {\n  return\n}\n").expect("parses");
        let mut pm = PassManager::new();
        pm.items.push(Item::Pass(Box::new(BreakTerminators { report_change })));
        let mut timers = pm.timers();
        let result = pm.run_logged(&ctx, &mut m.body, m.top, &[], &mut timers, &mut RunLog::default());
        (result, timers)
    }

    #[test]
    fn unchanged_ir_is_not_verified_again() {
        let (changed, timers) = run(true);
        assert!(changed.is_err(), "a changed IR is verified");
        assert!(timers[0].counters.is_empty(), "a failed pass counts nothing");
        let (unchanged, timers) = run(false);
        assert!(unchanged.is_ok(), "an IR the pass says it did not change is not verified again");
        assert_eq!(timers[0].counters, vec![("runs", 1)]);
    }
}
