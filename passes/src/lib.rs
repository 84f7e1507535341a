//! Mica's passes: the pass manager with MLIR's pipeline syntax, and the transformations
//! (`canonicalize` with the greedy pattern driver, `cse` on an e-graph, `symbol-dce`, `inline`,
//! `loop-invariant-code-motion`, `sccp`, `remove-dead-values`,
//! `strip-debuginfo`) with mlir-opt's semantics, and the dialect conversion driver with the
//! lowerings built on it (`convert-scf-to-cf`).

mod block_merge;
mod bodies;
mod call_graph;
mod canonicalize;
pub mod conversion;
pub mod cse;
pub mod effects;
pub mod greedy;
mod greedy_ops;
mod inline;
mod licm;
pub mod manager;
mod parallel;
pub mod pipeline;
pub mod region_simplify;
mod remove_dead_values;
mod sccp;
mod strip_debuginfo;
mod symbol_dce;
pub mod timing;

pub use manager::{Item, Pass, PassFactory, PassReport, PassManager, PassSelect, PipelineSetupError, RunLog};

use mica_ir::{Body, Context, Diagnostic, Op};

/// `cse`; with `egraph=true`, first the bounded rewriting of [`cse::run_rewriting`].
struct Cse {
    rewrite: Option<cse::Bounds>,
}

impl Cse {
    fn from_options(options: &[(String, String)]) -> Result<Self, String> {
        let mut on = false;
        let mut bounds = cse::Bounds::default();
        let positive = |k: &str, v: &str| {
            canonicalize::parse_int(k, v).and_then(|n| usize::try_from(n).ok().filter(|n| *n > 0).ok_or_else(|| format!("Invalid argument '{v}' for option '{k}'")))
        };
        for (k, v) in options {
            match k.as_str() {
                "egraph" => on = canonicalize::parse_bool(k, v)?,
                "egraph-max-nodes" => bounds.nodes = positive(k, v)?,
                "egraph-max-iterations" => bounds.iterations = positive(k, v)?,
                "egraph-timeout-ms" => bounds.time = std::time::Duration::from_millis(positive(k, v)? as u64),
                _ => return Err(format!("no such option '{k}' for pass 'cse'")),
            }
        }
        Ok(Self { rewrite: on.then_some(bounds) })
    }
}

impl Pass for Cse {
    fn name(&self) -> &'static str {
        "cse"
    }

    fn display_name(&self) -> &'static str {
        "CSE"
    }

    fn run(&self, ctx: &Context, body: &mut Body, op: Op) -> Result<(), Diagnostic> {
        self.run_reported(ctx, body, op).map(|_| ())
    }

    fn run_reported(&self, ctx: &Context, body: &mut Body, op: Op) -> Result<PassReport, Diagnostic> {
        let r = match self.rewrite {
            Some(bounds) => cse::run_rewriting(ctx, body, op, cse::Limits::default(), bounds),
            None => cse::run(ctx, body, op, cse::Limits::default()),
        };
        let mut counters = vec![
            ("e-graphs", r.egraphs),
            ("e-nodes", r.enodes),
            ("ops merged", r.merged),
            ("ops erased", r.erased),
            ("saturated", r.saturated),
            ("stopped at the node limit", r.node_limit),
        ];
        if self.rewrite.is_some() {
            counters.extend([
                ("rewrite runs", r.rewrite_runs),
                ("rewrites saturated", r.rewrite_saturated),
                ("rewrites stopped at the node limit", r.rewrite_node_limit),
                ("rewrites stopped at the iteration limit", r.rewrite_iteration_limit),
                ("rewrites stopped at the time limit", r.rewrite_time_limit),
            ]);
        }
        Ok(PassReport { changed: r.changed(), counters })
    }
}

fn no_options(name: &str, options: &[(String, String)]) -> Result<(), String> {
    match options.first() {
        Some((k, _)) => Err(format!("no such option '{k}' for pass '{name}'")),
        None => Ok(()),
    }
}

/// Every registered pass: its pipeline name and factory.
pub fn registry() -> &'static [(&'static str, PassFactory)] {
    &[
        ("canonicalize", |o| canonicalize::Canonicalize::from_options(o).map(|p| Box::new(p) as Box<dyn Pass>)),
        ("cse", |o| Cse::from_options(o).map(|p| Box::new(p) as Box<dyn Pass>)),
        ("symbol-dce", |o| no_options("symbol-dce", o).map(|_| Box::new(symbol_dce::SymbolDce) as Box<dyn Pass>)),
        ("inline", |o| inline::Inline::from_options(o).map(|p| Box::new(p) as Box<dyn Pass>)),
        ("loop-invariant-code-motion", |o| no_options("loop-invariant-code-motion", o).map(|_| Box::new(licm::Licm) as Box<dyn Pass>)),
        ("sccp", |o| no_options("sccp", o).map(|_| Box::new(sccp::Sccp) as Box<dyn Pass>)),
        ("remove-dead-values", |o| remove_dead_values::RemoveDeadValues::from_options(o).map(|p| Box::new(p) as Box<dyn Pass>)),
        ("convert-scf-to-cf", |o| conversion::scf_to_cf::ScfToCf::from_options(o).map(|p| Box::new(p) as Box<dyn Pass>)),
        ("strip-debuginfo", |o| no_options("strip-debuginfo", o).map(|_| Box::new(strip_debuginfo::StripDebugInfo) as Box<dyn Pass>)),
    ]
}
