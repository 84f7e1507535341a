//! The pass manager: a tree of passes, each list anchored on an op name, run over the IR with
//! verification after each pass (MLIR's `--verify-each`, on by default). Nested lists run on
//! the ops of their anchor name found directly inside the current op's regions.

use crate::pipeline::{parse_pipeline, Element};
use mica_ir::{Body, Context, Diagnostic, Op};

/// A pass.
pub trait Pass: Send + Sync {
    /// The name used in pipelines (`cse`).
    fn name(&self) -> &'static str;
    /// Runs on `op` (an op of `body`) and everything inside it.
    fn run(&self, ctx: &Context, body: &mut Body, op: Op) -> Result<(), Diagnostic>;
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

/// Passes to run on a top-level op, with the driver's options.
pub struct PassManager {
    /// The passes (and nested lists).
    pub items: Vec<Item>,
    /// Verify the IR after each pass.
    pub verify_each: bool,
}

/// A problem with a pipeline description: the message and, for textual pipelines, the byte
/// offset in the pipeline text.
#[derive(Debug, Clone)]
pub struct PipelineSetupError(pub String, pub Option<usize>);

impl PassManager {
    /// An empty manager that verifies after each pass.
    pub fn new() -> Self {
        Self { items: Vec::new(), verify_each: true }
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

    /// Runs every pass on `top` (an op of `body`).
    pub fn run(&self, ctx: &Context, body: &mut Body, top: Op) -> Result<(), Diagnostic> {
        run_items(&self.items, ctx, body, top, self.verify_each)
    }
}

impl Default for PassManager {
    fn default() -> Self {
        Self::new()
    }
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

fn run_items(items: &[Item], ctx: &Context, body: &mut Body, op: Op, verify_each: bool) -> Result<(), Diagnostic> {
    for item in items {
        match item {
            Item::Pass(p) => {
                p.run(ctx, body, op)?;
                if verify_each {
                    mica_ir::verify::verify(ctx, body, op)?;
                }
            }
            Item::Nested { anchor, items } => {
                let name = ctx.ident(anchor);
                if let Some(nested) = body.nested_mut(op) {
                    for r in nested.roots.clone() {
                        for child in children_named(nested, r, name) {
                            run_items(items, ctx, nested, child, verify_each)?;
                        }
                    }
                } else {
                    for r in body.local_regions(op).to_vec() {
                        for child in children_named(body, r, name) {
                            run_items(items, ctx, body, child, verify_each)?;
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

fn children_named(body: &Body, region: mica_ir::Region, name: mica_ir::Ident) -> Vec<Op> {
    body.region_blocks(region).iter().flat_map(|b| body.block_ops(*b)).filter(|o| body.op(*o).name == name).collect()
}
