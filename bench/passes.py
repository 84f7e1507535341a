#!/usr/bin/env python3
"""Pass benchmark: `ir-opt --cse` and `ir-opt --canonicalize` against mlir-opt 22 with the same
pass, same files, same run.

Inputs (generated into a temporary directory):
  chain_200k      one func.func with a dependent chain of 200,000 arith.addi/arith.muli (the
                  anchors' chain shape): CSE finds nothing to merge, it only walks.
  dup_200k        ~200,000 ops in triples: an addi/muli, its exact twin, and an xori of the two;
                  CSE merges the twins (a third of the ops).
  funcs_10k       10,000 small functions of 7 arith ops (and a return) each, with a repeated
                  constant and a repeated addi/muli pair.
  scf_10k         (convert-scf-to-cf) one func.func with a dependent chain of 10,000 ops: scf.if
                  with a result, scf.for with an iteration value, arith.addi (40/30/30 %).
  scf_funcs_5k    (convert-scf-to-cf) 5,000 functions of an scf.for holding an scf.if.
Each pass (`--passes`, default `cse,canonicalize`) runs on each of its inputs (the scf ones for
convert-scf-to-cf, the others for the other passes). Each tool runs --runs times per input
(alternating which goes first) and writes its output with -o into the temporary directory, as
bench/parse.py has them do; the script prints the median wall time of both, the ratio
mlir-opt/ir-opt, and whether the last outputs are byte-identical.

Usage: python3 bench/passes.py [--runs 5] [--no-build] [--mlir-opt PATH] [--passes cse,canonicalize]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def chain(n):
    lines = ["func.func @chain(%a: i64, %b: i64) -> i64 {"]
    prev = "%a"
    for i in range(n):
        op, rhs = ("arith.addi", "%b") if i % 2 == 0 else ("arith.muli", "%a")
        lines.append(f"  %{i} = {op} {prev}, {rhs} : i64")
        prev = f"%{i}"
    lines += [f"  return {prev} : i64", "}"]
    return "\n".join(lines) + "\n"


def dup(n):
    lines = ["func.func @dup(%a: i64, %b: i64) -> i64 {"]
    prev = "%a"
    for i in range(n // 3):
        op = "arith.addi" if i % 2 == 0 else "arith.muli"
        lines.append(f"  %x{i} = {op} {prev}, %b : i64")
        lines.append(f"  %y{i} = {op} {prev}, %b : i64")
        lines.append(f"  %z{i} = arith.xori %x{i}, %y{i} : i64")
        prev = f"%z{i}"
    lines += [f"  return {prev} : i64", "}"]
    return "\n".join(lines) + "\n"


def funcs(n):
    out = []
    for i in range(n):
        out.append(f"""func.func @f{i}(%a: i64, %b: i64) -> i64 {{
  %c1 = arith.constant 1 : i64
  %c1_0 = arith.constant 1 : i64
  %0 = arith.addi %a, %c1 : i64
  %1 = arith.addi %a, %c1_0 : i64
  %2 = arith.muli %0, %b : i64
  %3 = arith.muli %1, %b : i64
  %4 = arith.subi %2, %3 : i64
  %5 = arith.addi %4, %b : i64
  return %5 : i64
}}
""")
    return "".join(out)


def scf_chain(n):
    lines = ["func.func @big(%a: i32, %b: i32, %c: i1, %n: index, %s: index) -> i32 {", "  %c0 = arith.constant 0 : index"]
    cur = "%a"
    for k in range(n):
        r = (k * 7919) % 10
        if r < 4:
            lines.append(f"  %v{k} = scf.if %c -> i32 {{\n    %t{k} = arith.addi {cur}, %b : i32\n    scf.yield %t{k} : i32\n  }} else {{\n    scf.yield {cur} : i32\n  }}")
        elif r < 7:
            lines.append(f"  %v{k} = scf.for %i{k} = %c0 to %n step %s iter_args(%x{k} = {cur}) -> i32 {{\n    %t{k} = arith.muli %x{k}, %b : i32\n    scf.yield %t{k} : i32\n  }}")
        else:
            lines.append(f"  %v{k} = arith.addi {cur}, %a : i32")
        cur = f"%v{k}"
    lines += [f"  return {cur} : i32", "}"]
    return "\n".join(lines) + "\n"


def scf_funcs(n):
    out = []
    for f in range(n):
        out.append(f"""func.func @f{f}(%a: i32, %c: i1, %n: index, %s: index) -> i32 {{
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %c0 to %n step %s iter_args(%x = %a) -> i32 {{
    %y = scf.if %c -> i32 {{
      %z = arith.addi %x, %x : i32
      scf.yield %z : i32
    }} else {{
      scf.yield %x : i32
    }}
    scf.yield %y : i32
  }}
  return %r : i32
}}
""")
    return "".join(out)


def timed(cmd):
    """Runs cmd; returns its wall time (the tool alone, started directly) and the process."""
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - t, p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--passes", default="cse,canonicalize")
    a = ap.parse_args()
    if not a.no_build:
        subprocess.run(["cargo", "build", "--release", "--bin", "ir-opt"], cwd=ROOT, check=True)
    ir_opt = os.path.join(ROOT, "target", "release", "ir-opt")
    if not os.path.exists(a.mlir_opt):
        print(f"mlir-opt not found at {a.mlir_opt}: skipped")
        return 0
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        inputs = (("chain_200k", chain, 200_000, False), ("dup_200k", dup, 200_000, False), ("funcs_10k", funcs, 10_000, False),
                  ("scf_10k", scf_chain, 10_000, True), ("scf_funcs_5k", scf_funcs, 5_000, True))
        for name, make, size, scf in inputs:
            passes = [p for p in a.passes.split(",") if (p == "convert-scf-to-cf") == scf]
            if not passes:
                continue
            path = os.path.join(tmp, name + ".mlir")
            with open(path, "w") as f:
                f.write(make(size))
            for pass_name in passes:
                times = {"ir-opt": [], "mlir-opt": []}
                outs = {tag: os.path.join(tmp, f"{name}.{pass_name}.{tag}.mlir") for tag in times}
                for r in range(a.runs):
                    order = [("ir-opt", ir_opt), ("mlir-opt", a.mlir_opt)]
                    if r % 2:
                        order.reverse()
                    for tag, tool in order:
                        dt, p = timed([tool, f"--{pass_name}", path, "-o", outs[tag]])
                        if p.returncode != 0:
                            print(f"{tag} --{pass_name} failed on {name}: {p.stderr.decode()[:500]}")
                            return 1
                        times[tag].append(dt)
                mi, mm = statistics.median(times["ir-opt"]), statistics.median(times["mlir-opt"])
                with open(outs["ir-opt"], "rb") as fa, open(outs["mlir-opt"], "rb") as fb:
                    same = fa.read() == fb.read()
                rows.append((pass_name, name, mi, mm, mm / mi, same))
    print(f"{'pass':18} {'input':12} {'ir-opt s':>9} {'mlir-opt s':>10} {'ratio':>7}  identical")
    for pass_name, name, mi, mm, ratio, same in rows:
        print(f"{pass_name:18} {name:12} {mi:9.3f} {mm:10.3f} {ratio:6.1f}x  {'yes' if same else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
