//! `ir-translate`: translations out of MLIR. `--emit=abi` prints the ABI of every public
//! function; `--sip-decode=SIG` and `--sip-encode=JSON` convert `sip` signatures.

use mica_parser::diagnostics::{Source, render};
use mica_tools::output::write_atomically;
use std::process::ExitCode;

const HELP: &str = "\
USAGE: ir-translate --emit=abi [--allow-unregistered-dialect] [-o <file>] <input file | ->
       ir-translate --sip-decode=<signature>
       ir-translate --sip-encode=<json>

  --emit=abi        For each public func.func: reflection JSON, sip signature (when index paths
                    are present), flattened native signature and _mlir_ciface_ signature
  --sip-decode=SIG  Print a sip signature as Python-like text
  --sip-encode=JSON Mangle a sip signature from JSON ({\"inputs\": [...], \"results\": ...}
                    or {\"input_paths\": [...], \"result_paths\": [...]})
";

fn main() -> ExitCode {
    let mut input = "-".to_string();
    let mut output = "-".to_string();
    let mut emit = None;
    let mut allow_unregistered = false;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let flag = a.trim_start_matches('-');
        if let Some(sig) = flag.strip_prefix("sip-decode=") {
            return match mica_abi::sip::decode_to_text(sig) {
                Ok(t) => {
                    println!("{t}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("ir-translate: error: {e}");
                    ExitCode::FAILURE
                }
            };
        }
        if let Some(json) = flag.strip_prefix("sip-encode=") {
            return match mica_abi::sip::encode_from_json(json) {
                Ok(s) => {
                    println!("{s}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("ir-translate: error: {e}");
                    ExitCode::FAILURE
                }
            };
        }
        match flag {
            "help" | "h" => {
                print!("{HELP}");
                return ExitCode::SUCCESS;
            }
            "emit=abi" => emit = Some("abi"),
            "allow-unregistered-dialect" => allow_unregistered = true,
            "o" => {
                i += 1;
                match args.get(i) {
                    Some(o) => output = o.clone(),
                    None => {
                        eprintln!("ir-translate: -o needs a file name");
                        return ExitCode::from(2);
                    }
                }
            }
            _ if a == "-" || !a.starts_with('-') => input = a.to_string(),
            _ => {
                eprintln!("ir-translate: unknown option '{a}'\n{HELP}");
                return ExitCode::from(2);
            }
        }
        i += 1;
    }
    if emit.is_none() {
        eprintln!("ir-translate: choose a translation (--emit=abi)\n{HELP}");
        return ExitCode::from(2);
    }
    let (name, text) = if input == "-" {
        let mut s = String::new();
        if let Err(e) = std::io::Read::read_to_string(&mut std::io::stdin(), &mut s) {
            eprintln!("ir-translate: reading stdin: {e}");
            return ExitCode::FAILURE;
        }
        ("<stdin>".to_string(), s)
    } else {
        match std::fs::read_to_string(&input) {
            Ok(s) => (input.clone(), s),
            Err(e) => {
                eprintln!("ir-translate: could not open input file '{input}': {e}");
                return ExitCode::FAILURE;
            }
        }
    };
    let ctx = mica_tools::opt::new_context(allow_unregistered);
    let parsed = mica_parser::parse_source(&ctx, &name, &text).and_then(|m| {
        mica_ir::verify::verify(&ctx, &m.body, m.top)?;
        Ok(m)
    });
    let m = match parsed {
        Ok(m) => m,
        Err(d) => {
            eprint!("{}", render(&ctx, &Source::new(&name, &text), &d));
            return ExitCode::FAILURE;
        }
    };
    let report = mica_tools::translate::abi_report(&ctx, &m.body, m.top);
    if let Err(e) = write_atomically(&output, report.as_bytes()) {
        eprintln!("ir-translate: writing '{output}': {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
