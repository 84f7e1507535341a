//! `ir-opt`: Mica's mlir-opt. Reads MLIR text (a file or stdin), parses and verifies it, and
//! prints it back; accepts mlir-opt's flags and writes `-o` files whole or not at all.

use mica_tools::opt::{Options, run};
use std::process::ExitCode;

/// mimalloc (see [`mica_tools::allocator`]).
#[global_allocator]
static ALLOCATOR: mica_tools::allocator::Allocator = mica_tools::allocator::Allocator;

unsafe extern "C" {
    /// mimalloc's option setter (part of its C API, linked with the allocator).
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

/// mimalloc v3's `mi_option_purge_delay`: how long freed memory stays before it is given back
/// to the system (-1: never).
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;

fn main() -> ExitCode {
    // ir-opt is short-lived: giving freed pages back (madvise) only to fault them in again
    // costs more than keeping them (3 ms of 50 madvise calls on a 10 MB input).
    // SAFETY: a plain option setter of the allocator this binary links.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, -1) };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opts = match Options::parse(&args) {
        Ok(o) => Options { leak_ir: true, ..o },
        Err(msg) => {
            eprintln!("ir-opt: {msg}");
            eprintln!("Run 'ir-opt --help' for the options.");
            return ExitCode::from(2);
        }
    };
    if opts.help {
        print!("{}", mica_tools::opt::HELP);
        return ExitCode::SUCCESS;
    }
    match run(&opts) {
        Ok(out) => {
            eprint!("{}", out.stderr);
            if out.success { ExitCode::SUCCESS } else { ExitCode::FAILURE }
        }
        Err(e) => {
            eprintln!("ir-opt: {e:#}");
            ExitCode::FAILURE
        }
    }
}
