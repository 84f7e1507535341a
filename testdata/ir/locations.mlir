// Locations: parsing every location form and printing them with --mlir-print-debuginfo,
// as `#loc` aliases after the module; without the flag they are not printed at all.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --mlir-print-debuginfo | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --mlir-print-debuginfo | ir-opt --allow-unregistered-dialect --split-input-file --mlir-print-debuginfo | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file | FileCheck %s --check-prefix=NODEBUG
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --mlir-print-debuginfo --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The implicit module of the first chunk is at line 0, column 0 of the file.
// CHECK-LABEL: module {
// CHECK-NEXT: "tst.unknown"() : () -> () loc(#loc1)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}locations.mlir":0:0)
// CHECK-NEXT: #loc1 = loc(unknown)
// NODEBUG-LABEL: module {
// NODEBUG-NEXT: "tst.unknown"() : () -> (){{$}}
// NODEBUG-NEXT: }{{$}}
// NODEBUG-NOT: loc
// NODEBUG: {{^// -{5}$}}
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC-NEXT: "tst.unknown"() : () -> () loc(#loc1)
// GENERIC-NEXT: }) : () -> () loc(#loc)
// GENERIC-NEXT: #loc = loc("{{.*}}locations.mlir":0:0)
// GENERIC-NEXT: #loc1 = loc(unknown)
"tst.unknown"() : () -> () loc(unknown)

// -----

// One alias per distinct location, shared by every use.
// CHECK-LABEL: module {
// CHECK-NEXT: "tst.file"() : () -> () loc(#loc1)
// CHECK-NEXT: "tst.file2"() : () -> () loc(#loc1)
// CHECK-NEXT: "tst.file3"() : () -> () loc(#loc2)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}locations.mlir":{{[0-9]+}}:{{[0-9]+}})
// CHECK-NEXT: #loc1 = loc("file.mlir":1:2)
// CHECK-NEXT: #loc2 = loc("file.mlir":10:20)
// CHECK-EMPTY:
"tst.file"() : () -> () loc("file.mlir":1:2)
"tst.file2"() : () -> () loc("file.mlir":1:2)
"tst.file3"() : () -> () loc("file.mlir":10:20)

// -----

// Ranges: the end column alone when the range stays on one line.
// CHECK-LABEL: module {
// CHECK-NEXT: "tst.range"() : () -> () loc(#loc1)
// CHECK-NEXT: "tst.range_col"() : () -> () loc(#loc2)
// CHECK-NEXT: "tst.range_same_line"() : () -> () loc(#loc3)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc(
// CHECK-NEXT: #loc1 = loc("file.mlir":1:2 to 3:4)
// CHECK-NEXT: #loc2 = loc("file.mlir":1:2 to :9)
// CHECK-NEXT: #loc3 = loc("file.mlir":7:2 to :9)
"tst.range"() : () -> () loc("file.mlir":1:2 to 3:4)
"tst.range_col"() : () -> () loc("file.mlir":1:2 to :9)
"tst.range_same_line"() : () -> () loc("file.mlir":7:2 to 7:9)

// -----

// Name locations, with and without a child location; a bare string is a name.
// CHECK-LABEL: module {
// CHECK-NEXT: "tst.name"() : () -> () loc(#loc1)
// CHECK-NEXT: "tst.escaped"() : () -> () loc(#loc2)
// CHECK-NEXT: "tst.file_only"() : () -> () loc(#loc3)
// CHECK-NEXT: "tst.zero"() : () -> () loc(#loc4)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc(
// CHECK-NEXT: #loc1 = loc("name")
// CHECK-NEXT: #loc2 = loc("esc\22name")
// CHECK-NEXT: #loc3 = loc("file.mlir")
// CHECK-NEXT: #loc4 = loc("file.mlir":0:0)
"tst.name"() : () -> () loc("name")
"tst.escaped"() : () -> () loc("esc\"name")
"tst.file_only"() : () -> () loc("file.mlir")
"tst.zero"() : () -> () loc("file.mlir":0:0)

// -----

// A nested location is itself an alias, defined before the location that uses it.
// CHECK-LABEL: module {
// CHECK-NEXT: "tst.named_child"() : () -> () loc(#loc2)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc(
// CHECK-NEXT: #loc1 = loc("f.mlir":5:6)
// CHECK-NEXT: #loc2 = loc("name"(#loc1))
"tst.named_child"() : () -> () loc("name"("f.mlir":5:6))

// -----

// CHECK-LABEL: module {
// CHECK-NEXT: "tst.callsite"() : () -> () loc(#loc3)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc(
// CHECK-NEXT: #loc1 = loc("callee.mlir":1:1)
// CHECK-NEXT: #loc2 = loc("caller.mlir":2:2)
// CHECK-NEXT: #loc3 = loc(callsite(#loc1 at #loc2))
"tst.callsite"() : () -> () loc(callsite("callee.mlir":1:1 at "caller.mlir":2:2))

// -----

// CHECK-LABEL: module {
// CHECK-NEXT: "tst.fused"() : () -> () loc(#loc3)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc(
// CHECK-NEXT: #loc1 = loc("a.mlir":1:1)
// CHECK-NEXT: #loc2 = loc("b.mlir":2:2)
// CHECK-NEXT: #loc3 = loc(fused[#loc1, #loc2])
"tst.fused"() : () -> () loc(fused["a.mlir":1:1, "b.mlir":2:2])

// -----

// CHECK-LABEL: module {
// CHECK-NEXT: "tst.fused_meta"() : () -> () loc(#loc3)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc(
// CHECK-NEXT: #loc1 = loc("a.mlir":1:1)
// CHECK-NEXT: #loc2 = loc("b.mlir":2:2)
// CHECK-NEXT: #loc3 = loc(fused<"meta">[#loc1, #loc2])
"tst.fused_meta"() : () -> () loc(fused<"meta">["a.mlir":1:1, "b.mlir":2:2])

// -----

// A location alias defined in the file is resolved; the printer makes its own aliases.
// CHECK-LABEL: module {
// CHECK-NEXT: "tst.alias"() : () -> () loc(#loc1)
// CHECK-NEXT: "tst.alias2"() : () -> () loc(#loc1)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc(
// CHECK-NEXT: #loc1 = loc("alias.mlir":3:4)
// CHECK-NOT: #my_loc
#my_loc = loc("alias.mlir":3:4)
"tst.alias"() : () -> () loc(#my_loc)
"tst.alias2"() : () -> () loc(#my_loc)

// -----

// Without `loc(...)` an operation is located where it was written.
// CHECK-LABEL: module {
// CHECK-NEXT: "tst.implicit"() : () -> () loc(#loc1)
// CHECK-NEXT: "tst.region"() ({
// CHECK-NEXT: "tst.inner"() : () -> () loc(#loc3)
// CHECK-NEXT: }) : () -> () loc(#loc2)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc(
// CHECK-NEXT: #loc1 = loc("{{.*}}locations.mlir":[[@LINE+5]]:1)
// CHECK-NEXT: #loc2 = loc("{{.*}}locations.mlir":[[@LINE+5]]:3)
// CHECK-NEXT: #loc3 = loc("{{.*}}locations.mlir":[[@LINE+5]]:5)
// NODEBUG-LABEL: "tst.implicit"() : () -> (){{$}}
// NODEBUG-NOT: loc(
"tst.implicit"() : () -> ()
  "tst.region"() ({
    "tst.inner"() : () -> ()
  }) : () -> ()

// -----

// Locations on functions, their arguments and the terminator.
// CHECK-LABEL: module {
// CHECK-NEXT: func.func @f() {
// CHECK-NEXT: return loc(#loc2)
// CHECK-NEXT: } loc(#loc1)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc(
// CHECK-NEXT: #loc1 = loc("func":3:3)
// CHECK-NEXT: #loc2 = loc("ret":2:2)
// GENERIC-LABEL: "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
// GENERIC-NEXT: "func.return"() : () -> () loc(#loc2)
// GENERIC-NEXT: }) : () -> () loc(#loc1)
func.func @f() {
  return loc("ret":2:2)
} loc("func":3:3)

// -----

// Block argument locations are printed inline, even those never written (the argument's
// position), and their aliases are still defined before the module.
// CHECK-LABEL: #loc2 = loc("arg.mlir":1:1)
// CHECK-NEXT: #loc3 = loc("{{.*}}locations.mlir":[[@LINE+11]]:35)
// CHECK-NEXT: #loc5 = loc("farg":1:1)
// CHECK-NEXT: module {
// CHECK-NEXT: "tst.r"() ({
// CHECK-NEXT: ^bb0(%arg0: i32 loc("arg.mlir":1:1), %arg1: f32 loc("{{.*}}locations.mlir":[[@LINE+7]]:35)):
// CHECK-NEXT: "tst.t"() : () -> () loc(#loc1)
// CHECK-NEXT: }) : () -> () loc(#loc1)
// CHECK-NEXT: func.func @f(%arg0: i32 loc("farg":1:1)) {
// CHECK-NEXT: return loc(#loc1)
// CHECK-NEXT: } loc(#loc4)
"tst.r"() ({
^bb0(%a: i32 loc("arg.mlir":1:1), %b: f32):
  "tst.t"() : () -> () loc(unknown)
}) : () -> () loc(unknown)
func.func @f(%x: i32 loc("farg":1:1)) {
  return loc(unknown)
} loc("func":3:3)

// -----

// A file location may omit the column, which is then 0.
// CHECK-LABEL: "tst.no_column"() : () -> () loc(#loc1)
// CHECK: #loc1 = loc("file":1:0)
"tst.no_column"() : () -> () loc("file":1)
