// Diagnostics of the scf dialect: loop bounds and carried values, region terminators and
// parents, reductions, switch cases, execute_region bodies, forall bounds, shared_outs,
// mapping and its in_parallel terminator.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @f(%a: index, %b: i32) {
  // expected-error@+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%a, %a, %b) ({
  ^bb0(%iv: index):
    "scf.yield"() : () -> ()
  }) : (index, index, i32) -> ()
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%a, %a, %a) ({
  ^bb0(%iv: index):
    "scf.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%iv: index, %y: f32):
    "scf.yield"(%y) : (f32) -> ()
  }) : (index, index, index, f32) -> ()
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op different number of inits and region iter_args: 1 != 0}}
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%iv: index):
    "scf.yield"(%x) : (f32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'i32'}}
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%iv: index, %y: i32):
    "scf.yield"(%x) : (f32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
  %r = "scf.if"(%c) ({
    %x = "foo.x"() : () -> i32
    "scf.yield"(%x) : (i32) -> ()
  }, {
  }) : (i1) -> i32
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+2 {{'scf.if' op expects regions to end with 'scf.yield', found 'foo.end'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  "scf.if"(%c) ({
    "foo.end"() : () -> ()
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.condition' op expects parent op 'scf.while'}}
  scf.condition(%c)
}

// -----

func.func @f() {
  // expected-error@+1 {{'scf.execute_region' op region cannot have any arguments}}
  "scf.execute_region"() ({
  ^bb0(%x: i32):
    scf.yield
  }) : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'scf.execute_region' op region needs to have at least one block}}
  "scf.execute_region"() ({
  }) : () -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  "scf.parallel"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
    scf.reduce
  }) : () -> ()
  return
}

// -----

func.func @f(%a: index) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%a) to (%a) step (%c0) {
  }
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1}}
  "scf.parallel"(%a, %a, %a) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index, %j: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  // expected-error@+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    scf.reduce
  }
  return
}

// -----

func.func @f(%a: index, %x: f32) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%x : f32) {
    ^bb0(%l: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @f(%a: index, %x: f32, %y: i32) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      // expected-error@+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %y : i32
    }
  }
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'scf.index_switch' op has 0 case regions but 1 case values}}
  "scf.index_switch"(%a) <{cases = array<i64: 1>}> ({
    scf.yield
  }) : (index) -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'scf.index_switch' op has duplicate case value: 2}}
  scf.index_switch %a
  case 2 {
    scf.yield
  }
  case 2 {
    scf.yield
  }
  default {
  }
  return
}

// -----

func.func @results(%t: tensor<8xf32>) {
  // expected-error @+1 {{'scf.forall' op produces 2 results, but has only 1 outputs}}
  %0:2 = "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %o: tensor<8xf32>):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  return
}

// -----

func.func @args() {
  // expected-error @+1 {{'scf.forall' op region expects 2 arguments}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0, 0>, staticStep = array<i64: 1, 1>, staticUpperBound = array<i64: 4, 4>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @iv_type() {
  // expected-error @+1 {{'scf.forall' op expects 0-th block argument to be an index}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: i32):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @out_type(%t: tensor<8xf32>) {
  // expected-error @+1 {{'scf.forall' op type mismatch between 0-th output and corresponding block argument}}
  %0 = "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %o: tensor<4xf32>):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @mapping_rank(%n: index) {
  // expected-error @+1 {{'scf.forall' op mapping attribute size must match op rank}}
  scf.forall (%i) in (%n) {
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  return
}

// -----

func.func @mapping_kind(%n: index) {
  // expected-error @+1 {{'scf.forall' op attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute}}
  scf.forall (%i) in (%n) {
  } {mapping = [1]}
  return
}

// -----

func.func @static_count() {
  // expected-error @+1 {{expected 1 upper bound values, got 2}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4, 4>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @dynamic_count(%n: index) {
  // expected-error @+1 {{expected 0 dynamic upper bound values}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @in_parallel_parent() {
  "tst.region"() ({
    // expected-error @+1 {{'scf.forall.in_parallel' op expects parent op 'scf.forall'}}
    scf.forall.in_parallel {
    }
  }) : () -> ()
  return
}

// -----

func.func @in_parallel_ops(%n: index) {
  scf.forall (%i) in (%n) {
    // expected-error @+1 {{'scf.forall.in_parallel' op expected only ParallelCombiningOpInterface ops}}
    scf.forall.in_parallel {
      "tst.op"() : () -> ()
    }
  }
  return
}

// -----

func.func @insert_dest(%t: tensor<8xf32>, %s: tensor<2xf32>) -> tensor<8xf32> {
  %0 = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<8xf32>) {
    scf.forall.in_parallel {
      // expected-error @+1 {{'tensor.parallel_insert_slice' op may only insert into an output block argument}}
      tensor.parallel_insert_slice %s into %t[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %0 : tensor<8xf32>
}

// -----

func.func @terminator(%n: index) {
  // expected-error @+2 {{'scf.forall' op expects regions to end with 'scf.forall.in_parallel', found 'tst.op'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'scf.forall.in_parallel'}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index):
    "tst.op"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @outs_types(%t: tensor<8xf32>) {
  // expected-error @+1 {{custom op 'scf.forall' number of operands and types do not match: got 1 operands and 2 types}}
  %0:2 = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<8xf32>, tensor<8xf32>) {
  }
  return
}

// -----

func.func @outs_tensor(%m: memref<8xf32>) {
  // expected-error @+1 {{'scf.forall' op operand #0 must be variadic of ranked tensor of any type values, but got 'memref<8xf32>'}}
  %0 = scf.forall (%i) in (4) shared_outs(%o = %m) -> (memref<8xf32>) {
    scf.forall.in_parallel {
    }
  }
  return
}


// -----

func.func @for_result_type(%n: index, %x: i32) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i32' != 'i64'}}
  %r = "scf.for"(%n, %n, %n, %x) ({
  ^bb0(%i: index, %a: i32):
    scf.yield %a : i32
  }) : (index, index, index, i32) -> i64
  return
}

// -----

func.func @for_yield_count(%n: index, %x: f16) {
  // expected-error @+1 {{'scf.for' op different number of region iter_args and yielded values: 1 != 2}}
  %r = scf.for %i = %n to %n step %n iter_args(%a = %x) -> (f16) {
    scf.yield %a, %a : f16, f16
  }
  return
}

// -----

func.func @for_yield_type(%n: index, %x: f16, %y: i8) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f16' != 'i8'}}
  %r = scf.for %i = %n to %n step %n iter_args(%a = %x) -> (f16) {
    scf.yield %y : i8
  }
  return
}

// -----

func.func @for_too_few_results(%n: index, %x: f16) {
  // expected-error @+1 {{custom op 'scf.for' mismatch in number of loop-carried values and defined values}}
  %r:2 = scf.for %i = %n to %n step %n iter_args(%a = %x) -> (f16, f16) {
    scf.yield %a : f16
  }
  return
}

// -----

func.func @if_block_args(%c: i1) {
  // expected-error @+1 {{'scf.if' op region #1 should have no arguments}}
  "scf.if"(%c) ({
    scf.yield
  }, {
  ^bb0(%x: f32):
    scf.yield
  }) : (i1) -> ()
  return
}

// -----

func.func @parallel_missing_init(%n: index) {
  // expected-error @+1 {{custom op 'scf.parallel' number of operands and types do not match: got 0 operands and 2 types}}
  %r:2 = scf.parallel (%i) = (%n) to (%n) step (%n) -> (f32, f32) {
    scf.reduce
  }
  return
}

// -----

func.func @forall_two_masks(%n: index) {
  // expected-error @+1 {{'scf.forall' op "mapping" supports at most one device masking attribute}}
  scf.forall (%i, %j) in (%n, %n) {
  } {mapping = [#gpu.mask<0x3>, #gpu.block<x>, #gpu.block<y>, #gpu.mask<0x1>]}
  return
}

// -----

func.func @forall_mask_only(%n: index) {
  // expected-error @+1 {{'scf.forall' op mapping attribute size must match op rank}}
  scf.forall (%i) in (%n) {
  } {mapping = [#gpu.mask<0x3>]}
  return
}

// -----

func.func @for_bounds_of_two_types_no_body(%a: index, %b: i64) {
  // The bounds' common type is checked before the body's block count.
  // expected-error @+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%a, %a, %b) ({}) : (index, index, i64) -> ()
  return
}

// -----

func.func @while_before_ends_with_constant() {
  // expected-error @+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  scf.while : () -> () {
    // expected-note @+1 {{terminator here}}
    %c = arith.constant 0 : index
  } do {
    scf.yield
  }
  return
}

// -----

func.func @while_after_ends_with_condition(%c: i1) {
  // expected-error @+1 {{'scf.while' op expects the 'after' region to terminate with 'scf.yield'}}
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    // expected-note @+1 {{terminator here}}
    scf.condition(%c)
  }
  return
}

// -----

func.func @while_empty_after_block(%c: i1) {
  // expected-error @+1 {{'scf.while' op expects a non-empty block}}
  scf.while : () -> () {
    scf.condition(%c)
  } do {
  ^bb0:
  }
  return
}

// -----

func.func @while_two_after_blocks(%c: i1) {
  // expected-error @+1 {{'scf.while' op expects region #1 to have 0 or 1 blocks}}
  "scf.while"() ({
    scf.condition(%c)
  }, {
    scf.yield
  ^bb1:
    scf.yield
  }) : () -> ()
  return
}

// -----

func.func @parallel_ends_with_constant(%n: index) {
  // expected-error @+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  "scf.parallel"(%n, %n, %n) ({
  ^bb0(%i: index):
    // expected-note @+1 {{terminator here}}
    %c = arith.constant 1 : i32
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @switch_case_yields_too_many(%i: index, %x: i64) {
  // expected-error @+1 {{'scf.index_switch' op expected each region to return 0 values, but case region #1 returns 2}}
  scf.index_switch %i
  case 3 {
    scf.yield
  }
  case 5 {
    // expected-note @+1 {{see yield operation here}}
    scf.yield %x, %x : i64, i64
  }
  default {
    scf.yield
  }
  return
}

// -----

func.func @switch_default_yields_other_type(%i: index, %x: i64, %y: f32) {
  // expected-error @+1 {{'scf.index_switch' op expected result #1 of each region to be 'i64'}}
  %r:2 = scf.index_switch %i -> i64, i64
  default {
    // expected-note @+1 {{default region returns 'f32' here}}
    scf.yield %x, %y : i64, f32
  }
  return
}

// -----

func.func @reduce_outside_parallel() {
  // expected-error @+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
  scf.reduce
  return
}

// -----

func.func @yield_in_func_not_last() {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
  return
}

// -----

func.func @yield_not_last_in_execute_region() {
  scf.execute_region {
    // expected-error @+1 {{'scf.yield' op must be the last operation in the parent block}}
    "scf.yield"() : () -> ()
    %c = arith.constant 0 : index
    scf.yield
  }
  return
}

// -----

func.func @branch_not_last_in_execute_region() {
  scf.execute_region {
    // expected-error @+1 {{operation with block successors must terminate its parent block}}
    cf.br ^bb1
    %c = arith.constant 0 : index
  ^bb1:
    scf.yield
  }
  return
}
