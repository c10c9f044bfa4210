"""Deep nesting and long chains: no RecursionError, no blow-up in the fixpoint."""
import jax
from jax import lax

def f0(x):
    def f1(x):
        def f2(x):
            def f3(x):
                def f4(x):
                    def f5(x):
                        def f6(x):
                            def f7(x):
                                def f8(x):
                                    def f9(x):
                                        def f10(x):
                                            def f11(x):
                                                def f12(x):
                                                    def f13(x):
                                                        def f14(x):
                                                            def f15(x):
                                                                def f16(x):
                                                                    def f17(x):
                                                                        def f18(x):
                                                                            def f19(x):
                                                                                def f20(x):
                                                                                    def f21(x):
                                                                                        def f22(x):
                                                                                            def f23(x):
                                                                                                def f24(x):
                                                                                                    def f25(x):
                                                                                                        def f26(x):
                                                                                                            def f27(x):
                                                                                                                def f28(x):
                                                                                                                    def f29(x):
                                                                                                                        def f30(x):
                                                                                                                            def f31(x):
                                                                                                                                def f32(x):
                                                                                                                                    def f33(x):
                                                                                                                                        def f34(x):
                                                                                                                                            def f35(x):
                                                                                                                                                def f36(x):
                                                                                                                                                    def f37(x):
                                                                                                                                                        def f38(x):
                                                                                                                                                            def f39(x):
                                                                                                                                                                def f40(x):
                                                                                                                                                                    def f41(x):
                                                                                                                                                                        def f42(x):
                                                                                                                                                                            def f43(x):
                                                                                                                                                                                def f44(x):
                                                                                                                                                                                    def f45(x):
                                                                                                                                                                                        def f46(x):
                                                                                                                                                                                            def f47(x):
                                                                                                                                                                                                def f48(x):
                                                                                                                                                                                                    def f49(x):
                                                                                                                                                                                                        def f50(x):
                                                                                                                                                                                                            def f51(x):
                                                                                                                                                                                                                def f52(x):
                                                                                                                                                                                                                    def f53(x):
                                                                                                                                                                                                                        def f54(x):
                                                                                                                                                                                                                            def f55(x):
                                                                                                                                                                                                                                def f56(x):
                                                                                                                                                                                                                                    def f57(x):
                                                                                                                                                                                                                                        def f58(x):
                                                                                                                                                                                                                                            def f59(x):
                                                                                                                                                                                                                                                return lax.psum(x, "i")
                                                                                                                                                                                                                                            return f59(x)
                                                                                                                                                                                                                                        return f58(x)
                                                                                                                                                                                                                                    return f57(x)
                                                                                                                                                                                                                                return f56(x)
                                                                                                                                                                                                                            return f55(x)
                                                                                                                                                                                                                        return f54(x)
                                                                                                                                                                                                                    return f53(x)
                                                                                                                                                                                                                return f52(x)
                                                                                                                                                                                                            return f51(x)
                                                                                                                                                                                                        return f50(x)
                                                                                                                                                                                                    return f49(x)
                                                                                                                                                                                                return f48(x)
                                                                                                                                                                                            return f47(x)
                                                                                                                                                                                        return f46(x)
                                                                                                                                                                                    return f45(x)
                                                                                                                                                                                return f44(x)
                                                                                                                                                                            return f43(x)
                                                                                                                                                                        return f42(x)
                                                                                                                                                                    return f41(x)
                                                                                                                                                                return f40(x)
                                                                                                                                                            return f39(x)
                                                                                                                                                        return f38(x)
                                                                                                                                                    return f37(x)
                                                                                                                                                return f36(x)
                                                                                                                                            return f35(x)
                                                                                                                                        return f34(x)
                                                                                                                                    return f33(x)
                                                                                                                                return f32(x)
                                                                                                                            return f31(x)
                                                                                                                        return f30(x)
                                                                                                                    return f29(x)
                                                                                                                return f28(x)
                                                                                                            return f27(x)
                                                                                                        return f26(x)
                                                                                                    return f25(x)
                                                                                                return f24(x)
                                                                                            return f23(x)
                                                                                        return f22(x)
                                                                                    return f21(x)
                                                                                return f20(x)
                                                                            return f19(x)
                                                                        return f18(x)
                                                                    return f17(x)
                                                                return f16(x)
                                                            return f15(x)
                                                        return f14(x)
                                                    return f13(x)
                                                return f12(x)
                                            return f11(x)
                                        return f10(x)
                                    return f9(x)
                                return f8(x)
                            return f7(x)
                        return f6(x)
                    return f5(x)
                return f4(x)
            return f3(x)
        return f2(x)
    return f1(x)

y = ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))
z = lax.psum(0, "i") + lax.psum(1, "i") + lax.psum(2, "i") + lax.psum(3, "i") + lax.psum(4, "i") + lax.psum(5, "i") + lax.psum(6, "i") + lax.psum(7, "i") + lax.psum(8, "i") + lax.psum(9, "i") + lax.psum(10, "i") + lax.psum(11, "i") + lax.psum(12, "i") + lax.psum(13, "i") + lax.psum(14, "i") + lax.psum(15, "i") + lax.psum(16, "i") + lax.psum(17, "i") + lax.psum(18, "i") + lax.psum(19, "i") + lax.psum(20, "i") + lax.psum(21, "i") + lax.psum(22, "i") + lax.psum(23, "i") + lax.psum(24, "i") + lax.psum(25, "i") + lax.psum(26, "i") + lax.psum(27, "i") + lax.psum(28, "i") + lax.psum(29, "i") + lax.psum(30, "i") + lax.psum(31, "i") + lax.psum(32, "i") + lax.psum(33, "i") + lax.psum(34, "i") + lax.psum(35, "i") + lax.psum(36, "i") + lax.psum(37, "i") + lax.psum(38, "i") + lax.psum(39, "i") + lax.psum(40, "i") + lax.psum(41, "i") + lax.psum(42, "i") + lax.psum(43, "i") + lax.psum(44, "i") + lax.psum(45, "i") + lax.psum(46, "i") + lax.psum(47, "i") + lax.psum(48, "i") + lax.psum(49, "i") + lax.psum(50, "i") + lax.psum(51, "i") + lax.psum(52, "i") + lax.psum(53, "i") + lax.psum(54, "i") + lax.psum(55, "i") + lax.psum(56, "i") + lax.psum(57, "i") + lax.psum(58, "i") + lax.psum(59, "i") + lax.psum(60, "i") + lax.psum(61, "i") + lax.psum(62, "i") + lax.psum(63, "i") + lax.psum(64, "i") + lax.psum(65, "i") + lax.psum(66, "i") + lax.psum(67, "i") + lax.psum(68, "i") + lax.psum(69, "i") + lax.psum(70, "i") + lax.psum(71, "i") + lax.psum(72, "i") + lax.psum(73, "i") + lax.psum(74, "i") + lax.psum(75, "i") + lax.psum(76, "i") + lax.psum(77, "i") + lax.psum(78, "i") + lax.psum(79, "i") + lax.psum(80, "i") + lax.psum(81, "i") + lax.psum(82, "i") + lax.psum(83, "i") + lax.psum(84, "i") + lax.psum(85, "i") + lax.psum(86, "i") + lax.psum(87, "i") + lax.psum(88, "i") + lax.psum(89, "i") + lax.psum(90, "i") + lax.psum(91, "i") + lax.psum(92, "i") + lax.psum(93, "i") + lax.psum(94, "i") + lax.psum(95, "i") + lax.psum(96, "i") + lax.psum(97, "i") + lax.psum(98, "i") + lax.psum(99, "i")
h0 = f0
h1 = jax.jit(h0)
h2 = jax.jit(h1)
h3 = jax.jit(h2)
h4 = jax.jit(h3)
h5 = jax.jit(h4)
h6 = jax.jit(h5)
h7 = jax.jit(h6)
h8 = jax.jit(h7)
h9 = jax.jit(h8)
h10 = jax.jit(h9)
h11 = jax.jit(h10)
h12 = jax.jit(h11)
h13 = jax.jit(h12)
h14 = jax.jit(h13)
h15 = jax.jit(h14)
h16 = jax.jit(h15)
h17 = jax.jit(h16)
h18 = jax.jit(h17)
h19 = jax.jit(h18)
h20 = jax.jit(h19)
h21 = jax.jit(h20)
h22 = jax.jit(h21)
h23 = jax.jit(h22)
h24 = jax.jit(h23)
h25 = jax.jit(h24)
h26 = jax.jit(h25)
h27 = jax.jit(h26)
h28 = jax.jit(h27)
h29 = jax.jit(h28)
h30 = jax.jit(h29)
h31 = jax.jit(h30)
h32 = jax.jit(h31)
h33 = jax.jit(h32)
h34 = jax.jit(h33)
h35 = jax.jit(h34)
h36 = jax.jit(h35)
h37 = jax.jit(h36)
h38 = jax.jit(h37)
h39 = jax.jit(h38)
h40 = jax.jit(h39)
h41 = jax.jit(h40)
h42 = jax.jit(h41)
h43 = jax.jit(h42)
h44 = jax.jit(h43)
h45 = jax.jit(h44)
h46 = jax.jit(h45)
h47 = jax.jit(h46)
h48 = jax.jit(h47)
h49 = jax.jit(h48)
h50 = jax.jit(h49)
h51 = jax.jit(h50)
h52 = jax.jit(h51)
h53 = jax.jit(h52)
h54 = jax.jit(h53)
h55 = jax.jit(h54)
h56 = jax.jit(h55)
h57 = jax.jit(h56)
h58 = jax.jit(h57)
h59 = jax.jit(h58)
h60 = jax.jit(h59)
h61 = jax.jit(h60)
h62 = jax.jit(h61)
h63 = jax.jit(h62)
h64 = jax.jit(h63)
h65 = jax.jit(h64)
h66 = jax.jit(h65)
h67 = jax.jit(h66)
h68 = jax.jit(h67)
h69 = jax.jit(h68)
h70 = jax.jit(h69)
h71 = jax.jit(h70)
h72 = jax.jit(h71)
h73 = jax.jit(h72)
h74 = jax.jit(h73)
h75 = jax.jit(h74)
h76 = jax.jit(h75)
h77 = jax.jit(h76)
h78 = jax.jit(h77)
h79 = jax.jit(h78)
h79(1)
jax.pmap(h79, axis_name='i')(1)
