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
Each pass (`--passes`, default `cse,canonicalize`) runs on each input. Each tool runs --runs times per input (alternating which goes first); the script prints the
median wall time of both, the ratio mlir-opt/ir-opt, and whether the outputs are byte-identical.

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


def timed(cmd):
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True)
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
        for name, text in (("chain_200k", chain(200_000)), ("dup_200k", dup(200_000)), ("funcs_10k", funcs(10_000))):
            path = os.path.join(tmp, name + ".mlir")
            with open(path, "w") as f:
                f.write(text)
            for pass_name in a.passes.split(","):
                times = {"ir-opt": [], "mlir-opt": []}
                outs = {}
                for r in range(a.runs):
                    order = [("ir-opt", ir_opt), ("mlir-opt", a.mlir_opt)]
                    if r % 2:
                        order.reverse()
                    for tag, tool in order:
                        dt, p = timed([tool, f"--{pass_name}", path])
                        if p.returncode != 0:
                            print(f"{tag} --{pass_name} failed on {name}: {p.stderr.decode()[:500]}")
                            return 1
                        times[tag].append(dt)
                        outs[tag] = p.stdout
                mi, mm = statistics.median(times["ir-opt"]), statistics.median(times["mlir-opt"])
                rows.append((pass_name, name, mi, mm, mm / mi, outs["ir-opt"] == outs["mlir-opt"]))
    print(f"{'pass':13} {'input':12} {'ir-opt s':>9} {'mlir-opt s':>10} {'ratio':>7}  identical")
    for pass_name, name, mi, mm, ratio, same in rows:
        print(f"{pass_name:13} {name:12} {mi:9.3f} {mm:10.3f} {ratio:6.1f}x  {'yes' if same else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
