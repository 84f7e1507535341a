// RUN: ir-opt %s --allow-unregistered-dialect -split-input-file -verify-diagnostics

// Every verifier and custom-parser message of the affine dialect.

func.func @apply_count(%n: index) {
  // expected-error@+1 {{operand count and affine map dimension and symbol count must match}}
  %0 = "affine.apply"(%n, %n) <{map = affine_map<(d0) -> (d0)>}> : (index, index) -> index
  return
}

// -----

func.func @apply_results(%n: index) {
  // expected-error@+1 {{mapping must produce one value}}
  %0 = "affine.apply"(%n) <{map = affine_map<(d0) -> (d0, d0)>}> : (index) -> index
  return
}

// -----

func.func @apply_dim_as_symbol() {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{dimensional operand cannot be used as a symbol}}
    %0 = affine.apply affine_map<()[s0] -> (s0)>()[%i]
  }
  return
}

// -----

func.func @apply_mismatch(%n: index) {
  // expected-error@+1 {{dimension or symbol index mismatch}}
  %0 = affine.apply affine_map<(d0) -> (d0)>(%n)[%n]
  return
}

// -----

func.func @min_count(%n: index) {
  // expected-error@+1 {{operand count and affine map dimension and symbol count must match}}
  %0 = affine.min affine_map<(d0) -> (d0)>(%n, %n)
  return
}

// -----

func.func @max_no_result(%n: index) {
  // expected-error@+1 {{affine map expect at least one result}}
  %0 = affine.max affine_map<(d0) -> ()>(%n)
  return
}

// -----

func.func @for_dim(%n: index) {
  affine.for %i = 0 to 10 {
    %x = arith.addi %i, %i : index
    // expected-error@+1 {{operand cannot be used as a dimension id}}
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%x) {
    }
  }
  return
}

// -----

func.func @for_symbol(%n: index) {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{operand cannot be used as a symbol}}
    affine.for %j = 0 to %i {
    }
  }
  return
}

// -----

func.func @for_dim_count(%n: index) {
  // expected-error@+1 {{dim operand count and affine map dim count must match}}
  affine.for %i = affine_map<(d0) -> (d0)>()[%n] to 10 {
  }
  return
}

// -----

func.func @for_symbol_count(%n: index) {
  // expected-error@+1 {{symbol operand count and affine map symbol count must match}}
  affine.for %i = affine_map<(d0) -> (d0)>(%n)[%n] to 10 {
  }
  return
}

// -----

func.func @for_max_prefix(%n: index) {
  // expected-error@+1 {{lower loop bound affine map with multiple results requires 'max' prefix}}
  affine.for %i = affine_map<(d0) -> (d0, 0)>(%n) to 10 {
  }
  return
}

// -----

func.func @for_min_prefix(%n: index) {
  // expected-error@+1 {{upper loop bound affine map with multiple results requires 'min' prefix}}
  affine.for %i = 0 to affine_map<(d0) -> (d0, 10)>(%n) {
  }
  return
}

// -----

func.func @for_two_operands(%n: index) {
  // expected-error@+1 {{expected only one loop bound operand}}
  affine.for %i = %n, %n to 10 {
  }
  return
}

// -----

func.func @for_negative_step() {
  // expected-error@+1 {{expected step to be representable as a positive signed integer}}
  affine.for %i = 0 to 10 step -1 {
  }
  return
}

// -----

func.func @for_to() {
  // expected-error@+1 {{expected 'to' between bounds}}
  affine.for %i = 0 10 {
  }
  return
}

// -----

func.func @for_no_result_map() {
  // expected-error@+1 {{expected lower bound map to have at least one result}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> ()>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @for_iv_type() {
  // expected-error@+1 {{expected body to have a single index argument for the induction variable}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: i32):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @for_iter_count(%n: index) {
  // expected-error@+1 {{different number of region iter_args and yielded values: 0 != 1}}
  %0 = "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"(%i) : (index) -> ()
  }) : () -> index
  return
}

// -----

func.func @for_inits(%n: index) {
  // expected-error@+1 {{different number of inits and region iter_args: 1 != 0}}
  %0 = "affine.for"(%n) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"(%i) : (index) -> ()
  }) : (index) -> index
  return
}

// -----

func.func @for_init_type(%n: index, %f: f32) {
  // expected-error@+1 {{0-th init and 0-th region iter_arg have different type: 'f32' != 'index'}}
  %0 = "affine.for"(%f) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index, %a: index):
    "affine.yield"(%a) : (index) -> ()
  }) : (f32) -> index
  return
}

// -----

func.func @for_result_type(%n: index) {
  %0 = "affine.for"(%n) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index, %a: index):
    // expected-error@+1 {{types mismatch between yield op and its parent}}
    "affine.yield"(%a) : (index) -> ()
  }) : (index) -> i32
  return
}

// -----

func.func @for_parse_results(%n: index) {
  // expected-error@+1 {{mismatch between the number of loop-carried values and results}}
  %0 = affine.for %i = 0 to 10 iter_args(%a = %n) -> (index, index) {
    affine.yield %a : index
  }
  return
}

// -----

func.func @for_terminator() {
  // expected-error@+2 {{expects regions to end with 'affine.yield', found 'foo.term'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'affine.yield'}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "foo.term"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @return_in_for() {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}

// -----

#set = affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 >= 0)>

func.func @if_count(%n: index) {
  // expected-error@+1 {{operand count and condition integer set dimension and symbol count must match}}
  "affine.if"(%n) <{condition = #set}> ({
    "affine.yield"() : () -> ()
  }, {
  }) : (index) -> ()
  return
}

// -----

#set = affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 >= 0)>

func.func @if_symbol(%n: index) {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{operand cannot be used as a symbol}}
    affine.if #set(%n)[%i] {
    }
  }
  return
}

// -----

#set = affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 >= 0)>

func.func @if_dim_count(%n: index) {
  // expected-error@+1 {{dim operand count and integer set dim count must match}}
  affine.if #set()[%n] {
  }
  return
}

// -----

func.func @load_type(%m: memref<10xf32>) {
  // expected-error@+1 {{result type must match element type of memref}}
  %0 = "affine.load"(%m) <{map = affine_map<() -> (0)>}> : (memref<10xf32>) -> i32
  return
}

// -----

func.func @load_rank(%m: memref<10xf32>, %n: index) {
  // expected-error@+1 {{affine map num results must equal memref rank}}
  %0 = affine.load %m[%n, %n] : memref<10xf32>
  return
}

// -----

func.func @load_subscripts(%m: memref<10xf32>, %n: index) {
  // expected-error@+1 {{expects as many subscripts as affine map inputs}}
  %0 = "affine.load"(%m, %n) <{map = affine_map<() -> (0)>}> : (memref<10xf32>, index) -> f32
  return
}

// -----

func.func @load_dim(%m: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %x = arith.addi %i, %i : index
    // expected-error@+1 {{operand cannot be used as a dimension id}}
    %0 = affine.load %m[%x] : memref<10xf32>
  }
  return
}

// -----

func.func @load_kind(%t: tensor<2xf32>, %n: index) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.memref, but found 'tensor<2xf32>'}}
  %0 = affine.load %t[%n] : tensor<2xf32>
  return
}

// -----

func.func @store_type(%m: memref<10xf32>, %n: index, %v: i32) {
  // expected-error@+1 {{value to store must have the same type as memref element type}}
  "affine.store"(%v, %m, %n) <{map = affine_map<(d0) -> (d0)>}> : (i32, memref<10xf32>, index) -> ()
  return
}

// -----

func.func @vector_elem(%m: memref<10xf32>, %n: index) {
  // expected-error@+1 {{requires memref and vector types of the same elemental type}}
  %0 = affine.vector_load %m[%n] : memref<10xf32>, vector<4xi32>
  return
}

// -----

func.func @vector_kind(%m: memref<10xf32>, %n: index) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.vector, but found 'f32'}}
  %0 = affine.vector_load %m[%n] : memref<10xf32>, f32
  return
}

// -----

func.func @prefetch_rank(%m: memref<10xf32>, %n: index) {
  // expected-error@+1 {{affine.prefetch affine map num results must equal memref rank}}
  affine.prefetch %m[%n, %n], read, locality<1>, data : memref<10xf32>
  return
}

// -----

func.func @prefetch_index(%m: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %x = arith.addi %i, %i : index
    // expected-error@+1 {{index must be a valid dimension or symbol identifier}}
    affine.prefetch %m[%x], read, locality<1>, data : memref<10xf32>
  }
  return
}

// -----

func.func @prefetch_rw(%m: memref<10xf32>, %n: index) {
  // expected-error@+1 {{rw specifier has to be 'read' or 'write'}}
  affine.prefetch %m[%n], load, locality<1>, data : memref<10xf32>
  return
}

// -----

func.func @prefetch_cache(%m: memref<10xf32>, %n: index) {
  // expected-error@+1 {{cache type has to be 'data' or 'instr'}}
  affine.prefetch %m[%n], read, locality<1>, code : memref<10xf32>
  return
}

// -----

func.func @parallel_counts() {
  // expected-error@+1 {{the number of region arguments (1) and the number of map groups for lower (2) and upper bound (1), and the number of steps (1) must all match}}
  "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<2xi32>, lowerBoundsMap = affine_map<() -> (0, 0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @parallel_reductions() {
  // expected-error@+1 {{a reduction must be specified for each output}}
  %0 = "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"(%i) : (index) -> ()
  }) : () -> index
  return
}

// -----

func.func @parallel_reduction_type(%f: f32) {
  // expected-error@+1 {{result type cannot match reduction attribute}}
  %0 = affine.parallel (%i) = (0) to (10) reduce ("addi") -> f32 {
    affine.yield %f : f32
  }
  return
}

// -----

func.func @parallel_reduction_value(%f: f32) {
  // expected-error@+1 {{invalid reduction value: "add"}}
  %0 = affine.parallel (%i) = (0) to (10) reduce ("add") -> f32 {
    affine.yield %f : f32
  }
  return
}

// -----

func.func @parallel_steps(%n: index) {
  // expected-error@+1 {{steps must be constant integers}}
  affine.parallel (%i) = (0) to (10) step (%n) {
  }
  return
}

// -----

func.func @parallel_symbol() {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{operand cannot be used as a symbol}}
    affine.parallel (%j) = (0) to (symbol(%i)) {
    }
  }
  return
}

// -----

func.func @yield_parent() {
  // expected-error@+1 {{only terminates affine.if/for/parallel regions}}
  affine.yield
}

// -----

func.func @yield_count(%n: index) {
  %0 = affine.for %i = 0 to 10 iter_args(%a = %n) -> (index) {
    // expected-error@+1 {{parent of yield must have same number of results as the yield operands}}
    affine.yield
  }
  return
}

// -----

func.func @yield_types(%n: index, %f: f32) {
  %0 = affine.for %i = 0 to 10 iter_args(%a = %n) -> (index) {
    // expected-error@+1 {{types mismatch between yield op and its parent}}
    affine.yield %f : f32
  }
  return
}

// -----

func.func @delinearize_results(%n: index) {
  // expected-error@+1 {{should return an index for each basis element and up to one extra index}}
  %0:4 = affine.delinearize_index %n into (2, 3) : index, index, index, index
  return
}

// -----

func.func @delinearize_basis(%n: index) {
  // expected-error@+1 {{no basis element may be statically non-positive}}
  %0:2 = affine.delinearize_index %n into (0, 3) : index, index
  return
}

// -----

func.func @delinearize_dynamic(%n: index) {
  // expected-error@+1 {{mismatch between dynamic and static basis (kDynamic marker but no corresponding dynamic basis entry) -- this can only happen due to an incorrect fold/rewrite}}
  %0:2 = "affine.delinearize_index"(%n) <{static_basis = array<i64: -9223372036854775808, 3>}> : (index) -> (index, index)
  return
}

// -----

func.func @linearize_count(%n: index) {
  // expected-error@+1 {{should be passed a basis element for each index except possibly the first}}
  %0 = affine.linearize_index [%n, %n] by (2, 3, 4) : index
  return
}

// -----

func.func @dma_operands(%m: memref<10xf32>, %t: memref<1xi32>, %n: index) {
  // expected-error@+1 {{incorrect number of operands}}
  "affine.dma_start"(%m, %n, %m, %n, %t, %n, %n, %n) {dst_map = affine_map<(d0) -> (d0)>, src_map = affine_map<(d0) -> (d0)>, tag_map = affine_map<(d0) -> (d0)>} : (memref<10xf32>, index, memref<10xf32>, index, memref<1xi32>, index, index, index) -> ()
  return
}

// -----

func.func @dma_strides(%m: memref<10xf32>, %t: memref<1xi32>, %n: index) {
  // expected-error@+1 {{expected two stride related operands}}
  affine.dma_start %m[%n], %m[%n], %t[%n], %n, %n : memref<10xf32>, memref<10xf32>, memref<1xi32>
  return
}

// -----

func.func @dma_wait_index(%t: memref<1xi32>, %n: index) {
  affine.for %i = 0 to 10 {
    %x = arith.addi %i, %i : index
    // expected-error@+1 {{index must be a valid dimension or symbol identifier}}
    affine.dma_wait %t[%x], %n : memref<1xi32>
  }
  return
}

// -----

func.func @duplicate_iv() {
  affine.for %i = 0 to 10 { // expected-note {{previously referenced here}}
    affine.for %i = 0 to 10 { // expected-error {{region entry argument '%i' is already in use}}
    }
  }
  return
}

// -----

// A dim of a memref allocated in the loop with a size that is a valid symbol is itself a
// valid symbol (through a ranked cast too), so a valid dimension: only the loop's induction
// variable is refused, as a symbol.
func.func @dim_of_nested_alloc(%n: index) {
  affine.for %i = 0 to 10 {
    %a = memref.alloc(%n) : memref<4x?xf32>
    %b = memref.cast %a : memref<4x?xf32> to memref<?x?xf32>
    %c1 = arith.constant 1 : index
    %d = memref.dim %b, %c1 : memref<?x?xf32>
    // expected-error@+1 {{operand cannot be used as a symbol}}
    affine.if affine_set<(x)[s] : (x - s >= 0)>(%d)[%i] {}
  }
  return
}

// -----

func.func @dim_of_nested_view(%buf: memref<256xi8>, %n: index) {
  affine.for %i = 0 to 10 {
    %v = memref.view %buf[%i][%n] : memref<256xi8> to memref<?x4xf32>
    %c0 = arith.constant 0 : index
    %d = memref.dim %v, %c0 : memref<?x4xf32>
    // expected-error@+1 {{operand cannot be used as a symbol}}
    affine.if affine_set<(x)[s] : (x - s >= 0)>(%d)[%i] {}
  }
  return
}

// -----

func.func @dim_of_size_from_loop(%n: index) {
  affine.for %i = 0 to 10 {
    %s = arith.addi %i, %i : index
    %a = memref.alloc(%s) : memref<?xf32>
    %c0 = arith.constant 0 : index
    %d = memref.dim %a, %c0 : memref<?xf32>
    // expected-error@+1 {{operand cannot be used as a dimension id}}
    affine.if affine_set<(x) : (x >= 0)>(%d) {}
  }
  return
}

// -----

func.func @if_else_args(%n: index) {
  // expected-error@+1 {{'affine.if' op region #1 should have no arguments}}
  affine.if affine_set<(x) : (x >= 0)>(%n) {
  } else {
  ^bb0(%x: index):
    affine.yield
  }
  return
}

// -----

func.func @for_iv_number() {
  // expected-error@+1 {{result number not allowed in argument list}}
  affine.for %i#2 = 0 to 4 {
  }
  return
}

// -----

func.func @for_iter_arg_number(%x: f32) {
  // expected-error@+1 {{result number not allowed in argument list}}
  %r = affine.for %i = 0 to 4 iter_args(%acc#0 = %x) -> (f32) {
    affine.yield %acc : f32
  }
  return
}

// -----

func.func @parallel_iv_number() {
  // expected-error@+1 {{result number not allowed in argument list}}
  affine.parallel (%i, %j#1) = (0, 0) to (4, 4) {
  }
  return
}
