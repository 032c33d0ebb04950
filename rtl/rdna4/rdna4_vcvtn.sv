`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vcvtn.sv - the normalized and packed integer conversions of the RDNA4 vector
// unit (combinational), FPC lanes of the float passes (README "Vector unit"):
//   V_CVT_PK_NORM_I16_F32 / _U16_F32 (801, 802), V_CVT_PK_NORM_I16_F16 / _U16_F16
//   (786, 787): D[15:0] = snorm/unorm(S0), D[31:16] = snorm/unorm(S1);
//   V_CVT_NORM_I16_F16 / _U16_F16 (483, 484): the 16-bit result of S0 (the core
//   writes it to the half of VDST OPSEL[3] / VDST bit 7 names);
//   V_CVT_PK_I16_F32 / _U16_F32 (774, 775): D[15:0] = S0, D[31:16] = S1 converted
//   toward zero (NaN -> 0), saturated to the 16-bit range;
//   V_CVT_PK_U8_F32 (550): S2 with byte S1[1:0] replaced by S0 converted toward zero,
//   saturated to 0-255 (L20670-20674).
// As model/rdna4/rdna4_exec_valu_f16x.c (to_norm, to_small_int; decision V53):
//   snorm / unorm: NaN -> 0 (INVALID); the value clamped to [-1, 1] / [0, 1], times
//     32767 / 65535, rounded to the nearest integer, ties to even; INEXACT when the
//     integer differs from that product; denormal inputs kept whatever MODE, no
//     denormal flag.  The product of the 24-bit significand and the 16-bit factor is
//     exact (40 bits) and shifted right by the operand's scale: the bits shifted out
//     give the rounding (guard, sticky).
//   the 16/8-bit integers: fp32_to_int toward zero (MODE's F32 denormal inputs, its
//     flags), an I32/U32 value beyond the narrow range saturates and raises INVALID.
// The sources arrive after ABS/NEG (the F16 ones as their halves in bits 15:0);
// CLAMP is ignored (the rows saturate anyway), there is no OMOD (decode).
module rdna4_vcvtn #(
  parameter int FPC = 8
) (
  input  logic [9:0]        op,
  input  logic [31:0]       mode,
  input  logic [FPC-1:0]    act,
  input  logic [FPC*32-1:0] a,
  input  logic [FPC*32-1:0] b,
  input  logic [FPC*32-1:0] c,
  output logic [FPC*32-1:0] d,
  output logic [5:0]        exc          // FP_EXC_* of the active lanes ORed
);
  // {INVALID, INEXACT, the 16-bit value} of snorm (sgn) / unorm of x (f16: bits 15:0)
  function automatic logic [17:0] norm(input logic f16, input logic [31:0] x, input logic sgn);
    logic        s, nan, big, g, st;
    logic [23:0] m;
    logic [6:0]  sh;
    logic [39:0] p;
    logic [79:0] w;
    logic [15:0] k, q, rr;
    if (f16) begin
      s   = x[15];
      nan = x[14:10] == 5'h1f && x[9:0] != 10'd0;
      big = x[14:10] >= 5'd15;                                 // |x| >= 1 (Inf too)
      m   = {13'd0, x[14:10] != 5'd0, x[9:0]};
      sh  = 7'd25 - ((x[14:10] == 5'd0) ? 7'd1 : {2'd0, x[14:10]});   // x = m * 2^-sh
    end else begin
      s   = x[31];
      nan = x[30:23] == 8'hff && x[22:0] != 23'd0;
      big = x[30:23] >= 8'd127;
      m   = {x[30:23] != 8'd0, x[22:0]};
      sh  = (x[30:23] <= 8'd86) ? 7'd64 : 7'(8'd150 - x[30:23]);    // capped: p < 2^40
    end
    k  = sgn ? 16'd32767 : 16'd65535;
    p  = {16'd0, m} * {24'd0, k};
    w  = 80'({p, 64'd0} >> sh);                               // |x| < 1: the integer part < 2^16
    q  = w[79:64];
    g  = w[63];
    st = w[62:0] != 63'd0;
    rr = q + {15'd0, g && (st || q[0])};
    if (nan)
      norm = {2'b10, 16'd0};
    else if (!sgn && s)                                        // unorm of a negative value (-0 too): 0
      norm = {2'b00, 16'd0};
    else if (big)
      norm = {2'b00, !sgn ? 16'hffff : s ? 16'h8001 : 16'h7fff};
    else
      norm = {1'b0, g || st, (sgn && s) ? 16'd0 - rr : rr};
  endfunction

  // {INVALID, a 32-bit integer narrowed to 16 (or 8) bits}
  function automatic logic [16:0] narrow(input logic [31:0] v, input logic sgn, input logic u8);
    if (sgn)
      narrow = ($signed(v) > 32'sd32767) ? {1'b1, 16'h7fff}
             : ($signed(v) < -32'sd32768) ? {1'b1, 16'h8000} : {1'b0, v[15:0]};
    else if (u8)
      narrow = (v > 32'd255) ? {1'b1, 16'h00ff} : {1'b0, v[15:0]};
    else
      narrow = (v > 32'd65535) ? {1'b1, 16'hffff} : {1'b0, v[15:0]};
  endfunction

  logic k_pn, k_n16, k_h, k_sg, k_pi, k_u8;
  always_comb begin
    k_pn  = op == 10'd801 || op == 10'd802 || op == 10'd786 || op == 10'd787;   // PK_NORM
    k_n16 = op == 10'd483 || op == 10'd484;                                     // NORM_*_F16
    k_h   = op == 10'd786 || op == 10'd787 || k_n16;                            // F16 sources
    k_sg  = op == 10'd801 || op == 10'd786 || op == 10'd483 || op == 10'd774;   // signed
    k_pi  = op == 10'd774 || op == 10'd775;                                     // PK_I16/U16_F32
    k_u8  = op == 10'd550;                                                      // PK_U8_F32
  end
  logic unused_mode;
  assign unused_mode = ^{mode[31:5], mode[3:0]};

  logic [6*FPC-1:0] le;
  always_comb begin
    exc = 6'd0;
    for (int i = 0; i < FPC; i++)
      if (act[i]) exc = exc | le[6*i +: 6];
  end

  for (genvar i = 0; i < FPC; i++) begin : g_lane
    logic [31:0] s0, s1, s2, ta, tb, r;
    logic [5:0]  ea, eb, e;
    logic [17:0] n0, n1;
    logic [16:0] i0, i1;
    assign s0 = a[32*i +: 32];
    assign s1 = b[32*i +: 32];
    assign s2 = c[32*i +: 32];
    fp32_to_int u_ta (.a(s0), .is_signed(k_sg), .rm(3'd1), .daz(!mode[4]), .nan_inf(1'b0), .dexc_always(1'b1),
      .int_nan(2'd0), .int_wrap(1'b0), .r(ta), .exc(ea));
    fp32_to_int u_tb (.a(s1), .is_signed(k_sg), .rm(3'd1), .daz(!mode[4]), .nan_inf(1'b0), .dexc_always(1'b1),
      .int_nan(2'd0), .int_wrap(1'b0), .r(tb), .exc(eb));
    always_comb begin
      n0 = norm(k_h, s0, k_sg);
      n1 = norm(k_h, s1, k_sg);
      i0 = narrow(ta, k_sg, k_u8);
      i1 = narrow(tb, k_sg, 1'b0);
      r = 32'd0; e = 6'd0;
      if (k_pn) begin
        r = {n1[15:0], n0[15:0]};
        e = {1'b0, n0[16] | n1[16], 3'd0, n0[17] | n1[17]};
      end else if (k_n16) begin
        r = {16'd0, n0[15:0]};
        e = {1'b0, n0[16], 3'd0, n0[17]};
      end else if (k_pi) begin
        r = {i1[15:0], i0[15:0]};
        e = ea | eb | {5'd0, i0[16] | i1[16]};
      end else if (k_u8) begin
        case (s1[1:0])
          2'd0: r = {s2[31:8], i0[7:0]};
          2'd1: r = {s2[31:16], i0[7:0], s2[7:0]};
          2'd2: r = {s2[31:24], i0[7:0], s2[15:0]};
          default: r = {i0[7:0], s2[23:0]};
        endcase
        e = ea | {5'd0, i0[16]};
      end
    end
    assign d[32*i +: 32] = r;
    assign le[6*i +: 6] = e;
  end
endmodule
