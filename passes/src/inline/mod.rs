//! `inline`: MLIR 22's inliner. It runs on a symbol table, visits the call graph's SCCs
//! bottom-up (callees first), and in each SCC repeats, up to `max-iterations` times: simplify
//! the SCC's callables with the `default-pipeline` (run by name through the pass manager, or
//! one of `op-pipelines` for their op name), then inline every direct call of the SCC whose
//! callee allows it, including calls that earlier inlining brought in (an inline history stops
//! a callee from being inlined into its own expansion). A call is not inlined when its callee
//! calls itself or calls the caller back, when a multi-block callee would land in a single-block
//! region, when the callee is too big for `inlining-threshold` (percent of the caller's ops), or
//! when a dialect forbids it. The last call of a private callee takes the callee's body, and
//! private callables left without uses are erased at the end, as MLIR does.

mod inline_call;
mod uses;

use crate::manager::{Pass, PassManager};
use crate::pipeline::{parse_pipeline, Element};
use crate::call_graph::{body_at, body_at_mut, is_call, CallGraph, NodeId, UNKNOWN};
use inline_call::{inline_call, Callee};
use mica_ir::{AttrKind, Block, Body, Context, Diagnostic, Op, Traits};
use rustc_hash::FxHashSet;
use uses::UseList;

/// The pass, with its options.
pub struct Inline {
    /// The pipeline run on callables without a pipeline of their own (`None`: nothing).
    default_pipeline: Option<PassManager>,
    /// Pipelines by callable op name.
    op_pipelines: Vec<(String, PassManager)>,
    max_iterations: u32,
    threshold: u32,
}

fn parse_u32(key: &str, v: &str) -> Result<u32, String> {
    v.parse().map_err(|_| format!("invalid argument '{v}' to option '{key}'"))
}

fn pipeline_error(e: crate::PipelineSetupError) -> String {
    e.0
}

impl Inline {
    /// The pass configured by pipeline options (`default-pipeline`, `op-pipelines`,
    /// `max-iterations`, `inlining-threshold`).
    pub fn from_options(options: &[(String, String)]) -> Result<Self, String> {
        let mut default_text = Some("canonicalize".to_string());
        let mut op_pipelines = Vec::new();
        let mut max_iterations = 4;
        let mut threshold = u32::MAX;
        for (k, v) in options {
            match k.as_str() {
                "default-pipeline" => default_text = (!v.is_empty()).then(|| v.clone()),
                "op-pipelines" => {
                    for e in parse_pipeline(v).map_err(|e| e.message)? {
                        let Element::Nested { anchor, elements } = e else { return Err(format!("expected an op-anchored pipeline in '{v}'")) };
                        let mut pm = PassManager::new();
                        pm.add_elements(&elements).map_err(pipeline_error)?;
                        if !pm.is_empty() {
                            op_pipelines.push((anchor, pm));
                        }
                    }
                }
                "max-iterations" => max_iterations = parse_u32(k, v)?,
                "inlining-threshold" => threshold = parse_u32(k, v)?,
                _ => return Err(format!("no such option '{k}' for pass 'inline'")),
            }
        }
        let default_pipeline = match default_text {
            Some(text) => {
                let mut pm = PassManager::new();
                pm.add_list(&text).map_err(pipeline_error)?;
                Some(pm)
            }
            None => None,
        };
        Ok(Inline { default_pipeline, op_pipelines, max_iterations, threshold })
    }
}

impl Pass for Inline {
    fn name(&self) -> &'static str {
        "inline"
    }

    fn display_name(&self) -> &'static str {
        "Inliner"
    }

    fn run(&self, ctx: &Context, body: &mut Body, op: Op) -> Result<(), Diagnostic> {
        let d = body.op(op);
        if !ctx.registry().traits(d.name).contains(Traits::SYMBOL_TABLE) {
            return Err(Diagnostic::on_op(body, op, format!("'{}' op  was scheduled to run under the inliner, but does not define a symbol table", ctx.str(d.name))));
        }
        // All uses of the symbols are visible when the table is the top-level op.
        let all_visible = body.op_block(op).is_none();
        let Some(root) = body.nested_mut(op) else { return Ok(()) };
        let cg = CallGraph::build(ctx, root, all_visible);
        let uses = UseList::new(ctx, &cg, root);
        let mut driver = Driver { ctx, pass: self, cg: &cg, uses, gone: FxHashSet::default(), deleted: FxHashSet::default() };
        for mut scc in cg.sccs() {
            driver.inline_scc(root, &mut scc)?;
        }
        let mut deleted: Vec<NodeId> = driver.deleted.into_iter().collect();
        deleted.sort_unstable();
        for node in deleted {
            let Some(place) = cg.place(node) else { continue };
            if let Some(table) = body_at_mut(root, &place.path) {
                table.erase_op(place.op);
            }
        }
        Ok(())
    }
}

/// A call to consider: the op (in the body of callable `source`) and its callee.
#[derive(Clone, Copy)]
struct ResolvedCall {
    call: Op,
    source: NodeId,
    target: NodeId,
}

/// The state of one run.
struct Driver<'a> {
    ctx: &'a Context,
    pass: &'a Inline,
    cg: &'a CallGraph,
    uses: UseList,
    /// Callables whose body went into their last caller (their region is empty in MLIR).
    gone: FxHashSet<NodeId>,
    /// Callables to erase at the end.
    deleted: FxHashSet<NodeId>,
}

/// The body of callable `node`.
fn callable_body<'b>(root: &'b Body, cg: &CallGraph, node: NodeId) -> Option<&'b Body> {
    let place = cg.place(node)?;
    body_at(root, &place.path)?.nested(place.op)
}

/// The number of ops in `regions` of `body`, nested ones included.
fn count_ops(body: &Body, regions: &[mica_ir::Region]) -> u32 {
    let mut n = 0u32;
    for &r in regions {
        for &b in body.region_blocks(r) {
            for op in body.block_ops(b) {
                let (rb, inner) = body.op_regions(op);
                n = n.wrapping_add(1).wrapping_add(count_ops(rb, inner));
            }
        }
    }
    n
}

/// The direct calls in `blocks` of `body` (the body of callable `source`, in the table at
/// `table`), in MLIR's order: blocks from a stack, so the last block and the regions met last
/// come first. Calls through nested references are left alone, as MLIR does.
fn collect_calls(ctx: &Context, cg: &CallGraph, root: &Body, table: &[Op], body: &Body, blocks: &[Block], source: NodeId, out: &mut Vec<ResolvedCall>) {
    let mut worklist: Vec<Block> = blocks.to_vec();
    while let Some(b) = worklist.pop() {
        for op in body.block_ops(b) {
            if is_call(ctx, body.op(op).name) {
                let nested = ctx.op_attr(body, op, "callee").is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::SymbolRef { nested, .. } if !nested.is_empty()));
                if !nested && let Some(target) = cg.resolve_call(ctx, root, table, body, op) {
                    out.push(ResolvedCall { call: op, source, target });
                }
                continue;
            }
            for &r in body.local_regions(op) {
                worklist.extend(body.region_blocks(r).iter().copied());
            }
        }
    }
}

/// Whether inline history entry `id` (and the entries it came from) inlined `node`.
fn history_includes(node: NodeId, mut id: Option<usize>, history: &[(NodeId, Option<usize>)]) -> bool {
    while let Some(i) = id {
        let Some(&(n, parent)) = history.get(i) else { return false };
        if n == node {
            return true;
        }
        id = parent;
    }
    false
}

impl Driver<'_> {
    /// Simplifies and inlines within one SCC until nothing is inlined or the iterations run out.
    fn inline_scc(&mut self, root: &mut Body, scc: &mut Vec<NodeId>) -> Result<(), Diagnostic> {
        let mut iterations = 0;
        loop {
            self.optimize_scc(root, scc)?;
            if !self.inline_calls_in_scc(root, scc) {
                break;
            }
            iterations += 1;
            if iterations >= self.pass.max_iterations {
                break;
            }
        }
        Ok(())
    }

    /// Runs the simplification pipeline on each callable of the SCC, then recounts their uses.
    fn optimize_scc(&mut self, root: &mut Body, scc: &[NodeId]) -> Result<(), Diagnostic> {
        let nodes: Vec<NodeId> = scc.iter().copied().filter(|n| *n > UNKNOWN && !self.gone.contains(n)).collect();
        if nodes.is_empty() {
            return Ok(());
        }
        for &node in &nodes {
            let Some(place) = self.cg.place(node) else { continue };
            let Some(table) = body_at_mut(root, &place.path) else { continue };
            let op_name = self.ctx.str(table.op(place.op).name);
            let pipeline = self.pass.op_pipelines.iter().find(|(anchor, _)| anchor == op_name).map(|(_, pm)| pm).or(self.pass.default_pipeline.as_ref());
            if let Some(pm) = pipeline {
                pm.run(self.ctx, table, place.op)?;
            }
        }
        for node in nodes {
            self.uses.recompute(self.ctx, self.cg, root, node);
        }
        Ok(())
    }

    /// Inlines the calls of the SCC that should be; returns whether any was.
    fn inline_calls_in_scc(&mut self, root: &mut Body, scc: &mut Vec<NodeId>) -> bool {
        let (ctx, cg) = (self.ctx, self.cg);
        let mut dead: FxHashSet<NodeId> = FxHashSet::default();
        let mut calls: Vec<ResolvedCall> = Vec::new();
        for &node in scc.iter() {
            if node <= UNKNOWN {
                continue;
            }
            if self.uses.is_dead(node) {
                dead.insert(node);
            } else if let (Some(place), Some(body)) = (cg.place(node), callable_body(root, cg, node)) {
                let blocks: Vec<Block> = body.roots.iter().flat_map(|r| body.region_blocks(*r).iter().copied()).collect();
                collect_calls(ctx, cg, root, &place.path, body, &blocks, node, &mut calls);
            }
        }
        let mut history: Vec<(NodeId, Option<usize>)> = Vec::new();
        let mut call_history: Vec<Option<usize>> = vec![None; calls.len()];
        let mut inlined_any = false;
        let mut i = 0;
        while i < calls.len() {
            let c = calls[i];
            let history_id = call_history[i];
            i += 1;
            if dead.contains(&c.source) {
                continue;
            }
            if history_includes(c.target, history_id, &history) || !self.should_inline(root, &c) {
                continue;
            }
            let before = calls.len();
            let in_place = self.uses.has_one_use_and_discardable(c.target);
            if !self.inline(root, &c, &mut calls) {
                continue;
            }
            inlined_any = true;
            let new_id = history.len();
            history.push((c.target, history_id));
            while call_history.len() < calls.len().max(before) {
                call_history.push(Some(new_id));
            }
            let (Some(src), Some(table)) = (cg.place(c.source), cg.place(c.source).and_then(|p| body_at(root, &p.path))) else { continue };
            if let Some(body) = table.nested(src.op) {
                self.uses.drop_call(ctx, cg, root, &src.path, body, c.call, c.source);
            }
            self.uses.merge_inlined(c.target, c.source);
            if let Some(body) = body_at_mut(root, &src.path).and_then(|t| t.nested_mut(src.op)) {
                body.erase_op(c.call);
            }
            if in_place {
                self.uses.erase(c.target);
                self.gone.insert(c.target);
                dead.insert(c.target);
            }
        }
        scc.retain(|n| !dead.contains(n));
        self.deleted.extend(dead);
        inlined_any
    }

    /// MLIR's `shouldInline`.
    fn should_inline(&self, root: &Body, c: &ResolvedCall) -> bool {
        let (ctx, cg) = (self.ctx, self.cg);
        let (Some(caller), Some(callee)) = (callable_body(root, cg, c.source), callable_body(root, cg, c.target)) else { return false };
        if ctx.registry().traits(caller.op(c.call).name).contains(Traits::TERMINATOR) {
            return false;
        }
        // Recursive callees (calling themselves or the caller) stay calls.
        if c.source == c.target || cg.graph.neighbors(c.target).any(|t| t == c.target || t == c.source) {
            return false;
        }
        // A multi-block callee needs a region that may hold several blocks.
        let callee_blocks = callee.roots.first().map_or(0, |r| callee.region_blocks(*r).len());
        if callee_blocks >= 2
            && let Some(parent) = caller.parent_op(c.call)
        {
            let name = caller.op(parent).name;
            let single_block = ctx.registry().get(name).is_none_or(|d| d.traits.contains(Traits::SINGLE_BLOCK));
            if ctx.str(name) != "func.func" && single_block {
                return false;
            }
        }
        self.profitable(caller, callee)
    }

    /// Whether the callee's size is within `inlining-threshold` percent of the caller's.
    fn profitable(&self, caller: &Body, callee: &Body) -> bool {
        match self.pass.threshold {
            0 => false,
            u32::MAX => true,
            threshold => {
                let caller_ops = count_ops(caller, &caller.roots);
                caller_ops == 0 || count_ops(callee, &callee.roots).wrapping_mul(100) / caller_ops <= threshold
            }
        }
    }

    /// Inlines one call; calls brought in by the callee's body join `calls`.
    fn inline(&mut self, root: &mut Body, c: &ResolvedCall, calls: &mut Vec<ResolvedCall>) -> bool {
        let (ctx, cg) = (self.ctx, self.cg);
        if self.gone.contains(&c.target) {
            return false;
        }
        let (Some(src), Some(tgt)) = (cg.place(c.source), cg.place(c.target)) else { return false };
        let Some(caller_table) = body_at_mut(root, &src.path) else { return false };
        let caller_op = caller_table.op(src.op).name;
        let Some(mut caller) = caller_table.take_nested(src.op) else { return false };
        let done = {
            let root: &Body = root;
            match body_at(root, &tgt.path).and_then(|t| Some((t, t.nested(tgt.op)?))) {
                Some((table, body)) => {
                    let callee = Callee { table, op: tgt.op, body };
                    inline_call(ctx, &mut caller, c.call, caller_op, &callee, &mut |b, blocks| {
                        collect_calls(ctx, cg, root, &src.path, b, blocks, c.source, calls);
                    })
                }
                None => false,
            }
        };
        if let Some(t) = body_at_mut(root, &src.path) {
            t.set_nested(src.op, caller);
        }
        done
    }
}
