// Affine maps and integer sets: every expression kind, and the simplifications the printer
// applies (constant folding, merging like terms, canonical order, `-` for negative terms).
// Each distinct map or set gets an alias, numbered in order of first use.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect | ir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK: #map = affine_map<(d0)[s0] -> (d0 mod s0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 floordiv 0)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 mod -2)>
// CHECK-NEXT: #map3 = affine_map<(d0, d1) -> (d0 + d1 + 3)>
// CHECK-NEXT: #map4 = affine_map<(d0) -> (d0 * 5)>
// CHECK-NEXT: #map5 = affine_map<(d0) -> (0)>
// CHECK-NEXT: #map6 = affine_map<(d0) -> (d0 * 3)>
// CHECK-NEXT: #map7 = affine_map<(d0) -> (-(d0 + 1))>
// CHECK-NEXT: #map8 = affine_map<(d0)[s0] -> (d0 * s0)>
// CHECK-NEXT: #map9 = affine_map<(d0) -> ((d0 floordiv 2) * 2)>
// CHECK-NEXT: #map10 = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map11 = affine_map<(d0) -> (2, 2, -3, 7 mod -3)>
// CHECK-NEXT: #map12 = affine_map<(d0, d1) -> (d0 + d1)>
// CHECK-NEXT: #map13 = affine_map<(d0) -> (-d0)>
// CHECK-NEXT: #map14 = affine_map<(d0) -> (d0 - 2)>
// CHECK-NEXT: #map15 = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: #map16 = affine_map<()[s0] -> (s0)>
// CHECK-NEXT: #map17 = affine_map<(d0) -> ((d0 + 1) * 2)>
// CHECK-NEXT: #map18 = affine_map<(d0) -> (d0 mod 4 + (d0 floordiv 4) * 4)>
// CHECK-NEXT: #map19 = affine_map<(d0) -> ((d0 floordiv 2) floordiv 3)>
// CHECK-NEXT: #map20 = affine_map<(d0, d1) -> ((d0 + d1) * 4)>
// CHECK-NEXT: #map21 = affine_map<(d0) -> ((d0 ceildiv 4) * 4)>
// CHECK-NEXT: #map22 = affine_map<(d0)[s0, s1] -> (d0 * s0 + s1, s1 floordiv 2)>
// CHECK-NEXT: #map23 = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: #map24 = affine_map<(d0) -> (d0 mod 4)>
// CHECK-NEXT: #map25 = affine_map<(d0) -> (d0 + 5)>
// CHECK-NEXT: #map26 = affine_map<(d0)[s0] -> (d0 - s0 * 2)>
// CHECK-NEXT: #map27 = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
// CHECK-NEXT: #map28 = affine_map<(d0) -> (d0 * 2 - 1)>
// CHECK-NEXT: #map29 = affine_map<(d0) -> (-d0 + 3)>
// CHECK-NEXT: #map30 = affine_map<(d0, d1) -> (d0 * 3 - d1 * 2 - 7)>
// CHECK-NEXT: #map31 = affine_map<(d0)[s0] -> ((d0 + s0) mod 8)>
// CHECK-NEXT: #map32 = affine_map<(d0) -> (d0 floordiv -2)>
// CHECK-NEXT: #map33 = affine_map<(d0) -> (d0 * -2)>
// CHECK-NEXT: #set = affine_set<(d0) : (-d0 >= 0)>
// CHECK-NEXT: #set1 = affine_set<(d0) : (d0 - 1 == 0)>
// CHECK-NEXT: #set2 = affine_set<(d0, d1)[s0] : (d0 - d1 >= 0, s0 - 1 == 0, -d0 + 10 >= 0)>
// CHECK-NEXT: #set3 = affine_set<(d0) : (1 == 0)>
// CHECK-NEXT: #set4 = affine_set<(d0) : (d0 - 5 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT: "tst.m"() {a = #map, b = #map1, c = #map2, d = #map3, e = #map4, f = #map5, g = #map6, h = #map7, i = #map8, j = #map9, k = #map5, l = #map10, m = #map11, n = #map12, o = #map13, p = #map14, q = #map15, r = #map16, s = #map17, t = #map18} : () -> ()
// CHECK-NEXT: "tst.s"() {a = #set, b = #set1, c = #set2, d = #set3, e = #set4} : () -> ()
// CHECK-NEXT: "tst.m2"() {a = #map19, b = #map20, c = #map21, d = #map22, e = #map23, f = #map24, g = #map5, h = #map25, i = #map26, j = #map27, k = #map28, l = #map29, m = #map30, n = #map31, o = #map32, p = #map33} : () -> ()
// CHECK-NEXT: }

"tst.m"() {a = affine_map<(d0)[s0] -> (d0 mod s0)>, b = affine_map<(d0) -> (d0 floordiv 0)>, c = affine_map<(d0) -> (d0 mod -2)>, d = affine_map<(d0, d1) -> (d0 + d1 + 1 + 2)>, e = affine_map<(d0) -> (d0 * 2 + d0 * 3)>, f = affine_map<(d0) -> (d0 - d0)>, g = affine_map<(d0) -> (3 * d0)>, h = affine_map<(d0) -> (-(d0 + 1))>, i = affine_map<(d0)[s0] -> (d0 * s0)>, j = affine_map<(d0) -> ((d0 floordiv 2) * 2)>, k = affine_map<(d0) -> (d0 mod 1)>, l = affine_map<(d0) -> (d0 floordiv 1)>, m = affine_map<(d0) -> (8 floordiv 3, 8 mod 3, -7 ceildiv 2, 7 mod -3)>, n = affine_map<(d0, d1) -> (d1 + d0)>, o = affine_map<(d0) -> (d0 * -1)>, p = affine_map<(d0) -> (d0 - 2)>, q = affine_map<(d0)[s0] -> (s0 + d0)>, r = affine_map<()[s0] -> (s0)>, s = affine_map<(d0) -> ((d0 + 1) * 2)>, t = affine_map<(d0) -> (d0 mod 4 + (d0 floordiv 4) * 4)>} : () -> ()
"tst.s"() {a = affine_set<(d0) : (d0 <= 0)>, b = affine_set<(d0) : (d0 == 1)>, c = affine_set<(d0, d1)[s0] : (d0 - d1 >= 0, s0 - 1 == 0, -d0 + 10 >= 0)>, d = affine_set<(d0) : (1 == 0)>, e = affine_set<(d0) : (d0 >= 5)>} : () -> ()
"tst.m2"() {a = affine_map<(d0) -> ((d0 floordiv 2) floordiv 3)>, b = affine_map<(d0, d1) -> ((d0 + d1) * 4)>, c = affine_map<(d0) -> (d0 ceildiv 4 * 4)>, d = affine_map<(d0)[s0, s1] -> (d0 * s0 + s1, s1 floordiv 2)>, e = affine_map<(d0) -> (d0 + d0)>, f = affine_map<(d0) -> ((d0 mod 4) mod 4)>, g = affine_map<(d0) -> (d0 * 4 mod 2)>, h = affine_map<(d0) -> (5 + d0)>, i = affine_map<(d0)[s0] -> (d0 - s0 * 2)>, j = affine_map<(d0, d1, d2) -> (d2, d0, d1)>, k = affine_map<(d0) -> (d0 * 2 - 1)>, l = affine_map<(d0) -> (-d0 + 3)>, m = affine_map<(d0, d1) -> (d0 * 3 + d1 * -2 - 7)>, n = affine_map<(d0)[s0] -> ((d0 + s0) mod 8)>, o = affine_map<(d0) -> (d0 floordiv -2)>, p = affine_map<(d0) -> (-1 * (d0 * 2))>} : () -> ()
