//! The `canonicalize` pass: the registered folds and canonicalization patterns applied by the
//! greedy driver, with mlir-opt's options (`top-down`, `region-simplify`, `max-iterations`,
//! `max-num-rewrites`, `test-convergence`, `disable-patterns`, `enable-patterns`).

use crate::greedy::{apply, Config, Outcome};
use crate::manager::{Pass, PassReport};
use crate::region_simplify::RegionSimplify;
use mica_ir::{Body, Context, Diagnostic, Op};

/// The pass with its options.
pub struct Canonicalize {
    config: Config,
    test_convergence: bool,
}

/// A boolean pass option's value, spelled as LLVM's command-line parser accepts it (an empty
/// value is `true`), with its message otherwise.
pub(crate) fn parse_bool(name: &str, v: &str) -> Result<bool, String> {
    match v {
        "" | "true" | "True" | "TRUE" | "1" => Ok(true),
        "false" | "False" | "FALSE" | "0" => Ok(false),
        _ => Err(format!("for the --{name} option: '{v}' is invalid value for boolean argument! Try 0 or 1")),
    }
}

pub(crate) fn parse_int(name: &str, v: &str) -> Result<i64, String> {
    v.parse().map_err(|_| format!("Invalid argument '{v}' for option '{name}'"))
}

fn parse_list(v: &str) -> Vec<String> {
    v.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()
}

impl Canonicalize {
    /// The pass configured by pipeline options.
    pub fn from_options(options: &[(String, String)]) -> Result<Self, String> {
        // mlir-opt's canonicalize seeds top-down unless told otherwise.
        let mut config = Config { top_down: true, ..Config::default() };
        let mut test_convergence = false;
        for (k, v) in options {
            match k.as_str() {
                "top-down" => config.top_down = parse_bool(k, v)?,
                "region-simplify" => {
                    config.region_simplify = match v.as_str() {
                        "disabled" => RegionSimplify::Disabled,
                        "normal" => RegionSimplify::Normal,
                        "aggressive" => RegionSimplify::Aggressive,
                        _ => return Err(format!("Cannot find option named '{v}'!")),
                    }
                }
                "max-iterations" => config.max_iterations = parse_int(k, v)?,
                "max-num-rewrites" => config.max_num_rewrites = parse_int(k, v)?,
                "test-convergence" => test_convergence = parse_bool(k, v)?,
                "disable-patterns" => config.disabled = parse_list(v),
                "enable-patterns" => config.enabled = parse_list(v),
                _ => return Err(format!("no such option '{k}' for pass 'canonicalize'")),
            }
        }
        Ok(Self { config, test_convergence })
    }
}

impl Pass for Canonicalize {
    fn name(&self) -> &'static str {
        "canonicalize"
    }

    fn run(&self, ctx: &Context, body: &mut Body, op: Op) -> Result<(), Diagnostic> {
        self.run_reported(ctx, body, op).map(|_| ())
    }

    fn run_reported(&self, ctx: &Context, body: &mut Body, op: Op) -> Result<PassReport, Diagnostic> {
        let name = body.op(op).name;
        let outcome = match body.nested_mut(op) {
            Some(nested) => apply(ctx, nested, Some(name), &self.config),
            None => Outcome { converged: true, changed: false },
        };
        if self.test_convergence && !outcome.converged {
            // mlir-opt fails the pass without a message.
            return Err(Diagnostic::error(body.op(op).loc, String::new()));
        }
        Ok(PassReport { changed: outcome.changed, counters: Vec::new() })
    }
}
