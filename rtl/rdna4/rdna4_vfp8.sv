`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vfp8.sv - the FP8 (E4M3: bias 7, no infinity, NaN S.1111.111, max 448) and
// BF8 (E5M2: bias 15, IEEE-like, max 57344) rows of the RDNA4 vector unit
// (combinational), FPC lanes of the float passes, as model/rdna4/rdna4_exec_valu_fp8.c
// executes them on model/fp (fp_convert with the E4M3 / E5M2 formats, fp_fma):
//   V_CVT_F32_FP8 / _BF8 (VOP3 492, 493; VOP1 108, 109): the byte OPSEL[1:0] names
//     with its bits reversed (0 -> [7:0], 2 -> [15:8], 1 -> [23:16], 3 -> [31:24];
//     the VOP1 form: byte 0, model README C12), exact; a NaN becomes the F32 quiet
//     NaN of its sign and payload (a BF8 sNaN raises INVALID); a denormal raises
//     DENORMAL (kept whatever MODE);
//   V_CVT_PK_F32_FP8 / _BF8 (494, 495): the two bytes of the 16-bit S0 half (the core
//     hands it in bits 15:0): D = byte 0, D + 1 (dh) = byte 1;
//   V_CVT_PK_FP8_F32 / _BF8_F32 (873, 874): D[15:0] = {f8(S1), f8(S0)} rounded to
//     nearest even (the core writes the half OPSEL[3] names, the other kept);
//   V_CVT_SR_FP8_F32 / _BF8_F32 (875, 876): S1[31:12] (BF8 S1[31:11]) added to the
//     23-bit mantissa of S0, wrapping without a carry into the exponent (model
//     decision C6), then converted toward zero into the byte OPSEL[3:2] names; the
//     other bytes from c (decode hands VDST as S2);
//   F32 -> 8 bits: MODE[4] F32 denormal inputs kept (else flushed, DENORMAL either
//     way), 8-bit denormals produced, tininess after rounding, an overflow rounds to
//     +-max toward zero and with MODE.FP16_OVFL (MODE[23]), else to Inf (BF8) or
//     NaN (FP8); an F32 Inf saturates with FP16_OVFL, else is Inf (BF8) or the NaN
//     of its sign with INVALID (FP8); an F32 NaN: FP8 S.1111.111, BF8 its top two
//     payload bits quieted (INVALID for an sNaN).  CLAMP, OMOD, ABS and NEG are
//     illegal on these rows (RDNA4_NOMODS; decode faults on them).
//   V_DOT4_F32_FP8_BF8 / BF8_FP8 / FP8_FP8 / BF8_BF8 (VOP3P 36-39, pk): tmp = S2
//     (NEG_HI[2] ABS, then NEG[2]); tmp += f32(S0 byte i) * f32(S1 byte i) for
//     i = 0..3, each step one F32 FMA rounded to nearest even in MODE's F32 denormal
//     modes, a NaN tmp kept (quieted).  The 8-bit products are exact in F32 (at
//     most 8 significant bits, 2^-32 .. 2^32), so each FMA is the exact product
//     added to tmp with one rounding: fp32_add.  Exceptions are not reported (model
//     V48: exc 0).  NEG on S0 / S1 faults in decode (the model: unimplemented).
// exc: the FP_EXC_* bits of the active lanes (act) ORed.
module rdna4_vfp8 #(
  parameter int FPC = 8
) (
  input  logic [9:0]        op,          // VOP3 row number, or the VOP3P opcode with pk
  input  logic              pk,          // a VOP3P row (the dots)
  input  logic [3:0]        opsel,       // VOP3 OPSEL (0 for the VOP1 forms)
  input  logic [11:0]       pm,          // VOP3P {NEG_HI, NEG, OPSEL_HI, OPSEL}
  input  logic [31:0]       mode,        // MODE hardware register
  input  logic [FPC-1:0]    act,
  input  logic [FPC*32-1:0] a,
  input  logic [FPC*32-1:0] b,
  input  logic [FPC*32-1:0] c,
  output logic [FPC*32-1:0] d,
  output logic [FPC*32-1:0] dh,          // V_CVT_PK_F32_*: D + 1
  output logic [5:0]        exc
);
  // (the FP8/BF8 byte -> F32 conversion: rdna4_pkg::f8to32, shared with rdna4_wmma.sv)

  // {FP_EXC_*, byte} of F32 x converted to FP8 (bf = 0) or BF8: toward zero (rtz) or
  // to nearest even; daz flushes an F32 denormal input; sat: MODE.FP16_OVFL
  function automatic logic [13:0] f32to8(input logic [31:0] x, input logic bf, input logic rtz,
                                         input logic daz, input logic sat);
    logic              s, rb, st, inc, rb0, st0, carry, tiny;
    logic [7:0]        ex, r;
    logic [22:0]       m;
    logic [5:0]        e;
    logic signed [9:0] ee, emin, emax, ec;
    logic [23:0]       sig;
    logic [63:0]       w;
    logic [5:0]        extra;
    logic [3:0]        k, k0, mant;
    logic [4:0]        kk;
    logic [6:0]        mx;
    s = x[31]; ex = x[30:23]; m = x[22:0]; e = 6'd0;
    mx = bf ? 7'h7b : 7'h7e;
    emin = bf ? -10'sd14 : -10'sd6;
    emax = bf ? 10'sd15 : 10'sd8;
    sig = {1'b1, m};
    ee = $signed({2'b00, ex}) - 10'sd127;
    r = {s, 7'd0};
    rb = 1'b0; st = 1'b0; inc = 1'b0; rb0 = 1'b0; st0 = 1'b0; carry = 1'b0; tiny = 1'b1;
    k = 4'd0; k0 = 4'd0; kk = 5'd0; mant = 4'd0; ec = 10'sd0; w = 64'd0; extra = 6'd0;
    if (ex == 8'hff) begin
      if (m != 23'd0) begin
        e[0] = !m[22];
        r = bf ? {s, 5'h1f, 1'b1, m[21]} : {s, 7'h7f};
      end else if (sat) r = {s, mx};
      else if (!bf) begin e[0] = 1'b1; r = {s, 7'h7f}; end
      else r = {s, 7'h7c};
    end else if (ex == 8'd0) begin
      if (m != 23'd0) begin
        e[5] = 1'b1;                                        // far below the 8-bit denormals: +-0
        if (!daz) begin e[4] = 1'b1; e[3] = 1'b1; end
      end
    end else begin
      extra = (ee >= emin) ? 6'd0 : ((emin - ee) > 10'sd40) ? 6'd40 : 6'(emin - ee);
      w = {sig, 40'd0} >> extra;
      if (bf) begin
        k  = {1'b0, w[63:61]}; rb  = w[60]; st  = w[59:0] != 60'd0;
        k0 = {1'b0, sig[23:21]}; rb0 = sig[20]; st0 = sig[19:0] != 20'd0;
      end else begin
        k  = w[63:60]; rb  = w[59]; st  = w[58:0] != 59'd0;
        k0 = sig[23:20]; rb0 = sig[19]; st0 = sig[18:0] != 19'd0;
      end
      inc = !rtz && rb && (st || k[0]);
      kk  = {1'b0, k} + {4'd0, inc};
      if (ee >= emin) begin
        carry = bf ? kk[3] : kk[4];
        ec    = ee + (carry ? 10'sd1 : 10'sd0);
        mant  = carry ? 4'd0 : (bf ? {2'd0, kk[1:0]} : {1'b0, kk[2:0]});
        if (ec > emax || (ec == emax && {1'b0, mant} > (bf ? 5'd3 : 5'd6))) begin
          e[2] = 1'b1; e[4] = 1'b1;
          r = (rtz || sat) ? {s, mx} : bf ? {s, 7'h7c} : {s, 7'h7f};
        end else begin
          e[4] = rb | st;
          r = bf ? {s, 5'(ec + 10'sd15), mant[1:0]} : {s, 4'(ec + 10'sd7), mant[2:0]};
        end
      end else begin
        // tiny unless it rounds to 2^emin with an unbounded exponent (tininess after)
        if (ee == emin - 10'sd1)
          tiny = !((bf ? ({1'b0, k0[2:0]} == 4'd7) : (k0 == 4'd15)) && !rtz && rb0 && (st0 || k0[0]));
        r = {s, 7'(kk)};
        if (rb | st) begin e[4] = 1'b1; e[3] = tiny; end
      end
    end
    f32to8 = {e, r};
  endfunction

  // the exact F32 product of two values of 8-bit origin (at most 4 significant bits);
  // a NaN operand (S0's first) passes, Inf * 0 is the default NaN
  function automatic logic [31:0] mul8(input logic [31:0] x, input logic [31:0] y);
    logic       xn, yn, xi, yi, xz, yz, s;
    logic [7:0] p;
    logic [7:0] ev;
    xn = x[30:23] == 8'hff && x[22:0] != 23'd0;
    yn = y[30:23] == 8'hff && y[22:0] != 23'd0;
    xi = x[30:0] == 31'h7f800000;
    yi = y[30:0] == 31'h7f800000;
    xz = x[30:0] == 31'd0;
    yz = y[30:0] == 31'd0;
    s  = x[31] ^ y[31];
    p  = 8'({1'b1, x[22:20]}) * 8'({1'b1, y[22:20]});
    ev = x[30:23] + y[30:23] - 8'd127 + {7'd0, p[7]};   // 95 .. 158: no wrap
    if (xn)                          mul8 = x;
    else if (yn)                     mul8 = y;
    else if ((xi && yz) || (xz && yi)) mul8 = 32'hffc00000;
    else if (xi || yi)               mul8 = {s, 8'hff, 23'd0};
    else if (xz || yz)               mul8 = {s, 31'd0};
    else if (p[7])                   mul8 = {s, ev, p[6:0], 16'd0};
    else                             mul8 = {s, ev, p[5:0], 17'd0};
  endfunction

  // a NaN tmp stays the result, quieted; otherwise the step's sum
  function automatic logic [31:0] qkeep(input logic [31:0] t, input logic [31:0] r);
    qkeep = (t[30:23] == 8'hff && t[22:0] != 23'd0) ? (t | 32'h00400000) : r;
  endfunction

  logic k_from, k_pkf, k_to, k_sr, k_bf, k_dot, bfa, bfb, daz, sat;
  logic [1:0] bsel;
  assign k_dot  = pk && op[6:2] == 5'd9;                    // 36-39
  assign k_from = !pk && (op == 10'd492 || op == 10'd493);
  assign k_pkf  = !pk && (op == 10'd494 || op == 10'd495);
  assign k_to   = !pk && (op == 10'd873 || op == 10'd874);
  assign k_sr   = !pk && (op == 10'd875 || op == 10'd876);
  assign k_bf   = (k_from || k_pkf) ? op[0] : !op[0];       // 493 495 874 876: BF8
  assign bfa    = op[6:0] == 7'd37 || op[6:0] == 7'd39;     // the dots' S0 / S1 formats
  assign bfb    = op[6:0] == 7'd36 || op[6:0] == 7'd39;
  assign bsel   = {opsel[0], opsel[1]};                     // the byte of CVT_F32_*: bits reversed
  assign daz    = !mode[4];
  assign sat    = mode[23];
  logic unused_pm;
  assign unused_pm = ^{pm[10:9], pm[7:0], mode[31:24], mode[22:6], mode[3:0]};

  logic [FPC*6-1:0] le;
  for (genvar g = 0; g < FPC; g++) begin : g_lane
    logic [31:0] s0, s1, s2, x, srx;
    logic [37:0] c0, c1;
    logic [13:0] t0, t1;
    logic [7:0]  by;
    assign s0 = a[32*g +: 32];
    assign s1 = b[32*g +: 32];
    assign s2 = c[32*g +: 32];
    // 8 bits -> F32: the byte of CVT_F32_* or byte 0 / 1 of the PK half
    assign by = k_pkf ? s0[7:0] : s0[8*bsel +: 8];
    assign c0 = rdna4_pkg::f8to32(by, k_bf);
    assign c1 = rdna4_pkg::f8to32(s0[15:8], k_bf);
    // F32 -> 8 bits: S0 (SR: its mantissa plus the random bits) and S1
    logic [20:0] rnd;
    assign rnd = k_bf ? s1[31:11] : {1'b0, s1[31:12]};
    assign srx = {s0[31:23], s0[22:0] + {2'd0, rnd}};
    assign x   = k_sr ? srx : s0;
    assign t0  = f32to8(x, k_bf, k_sr, daz, sat);
    assign t1  = f32to8(s1, k_bf, 1'b0, daz, sat);

    // the dots: the four exact products, then four steps of tmp + product, a NaN tmp kept
    logic [127:0] pv;
    for (genvar i = 0; i < 4; i++) begin : g_prod
      logic [37:0] xa, xb;
      assign xa = rdna4_pkg::f8to32(s0[8*i +: 8], bfa);
      assign xb = rdna4_pkg::f8to32(s1[8*i +: 8], bfb);
      assign pv[32*i +: 32] = mul8(xa[31:0], xb[31:0]);
      logic unused_x;
      assign unused_x = ^{xa[37:32], xb[37:32]};
    end
    logic [31:0] u0, u1, u2, u3, u4, r0, r1, r2, r3;
    logic [23:0] ue;
    assign u0 = {(s2[31] & ~pm[11]) ^ pm[8], s2[30:0]};
    fp32_add u_a0 (.a(pv[31:0]), .b(u0), .dnan(32'hffc00000), .sub(1'b0), .daz(daz), .ftz(!mode[5]),
      .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b1), .clamp(1'b0),
      .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd0), .r(r0), .exc(ue[5:0]));
    assign u1 = qkeep(u0, r0);
    fp32_add u_a1 (.a(pv[63:32]), .b(u1), .dnan(32'hffc00000), .sub(1'b0), .daz(daz), .ftz(!mode[5]),
      .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b1), .clamp(1'b0),
      .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd0), .r(r1), .exc(ue[11:6]));
    assign u2 = qkeep(u1, r1);
    fp32_add u_a2 (.a(pv[95:64]), .b(u2), .dnan(32'hffc00000), .sub(1'b0), .daz(daz), .ftz(!mode[5]),
      .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b1), .clamp(1'b0),
      .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd0), .r(r2), .exc(ue[17:12]));
    assign u3 = qkeep(u2, r2);
    fp32_add u_a3 (.a(pv[127:96]), .b(u3), .dnan(32'hffc00000), .sub(1'b0), .daz(daz), .ftz(!mode[5]),
      .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b1), .clamp(1'b0),
      .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd0), .r(r3), .exc(ue[23:18]));
    assign u4 = qkeep(u3, r3);
    logic unused_ue;
    assign unused_ue = ^ue;

    logic [31:0] ld;
    logic [5:0]  lx;
    always_comb begin
      ld = c0[31:0];
      lx = c0[37:32] | (k_pkf ? c1[37:32] : 6'd0);
      if (k_to) begin
        ld = {16'd0, t1[7:0], t0[7:0]};
        lx = t0[13:8] | t1[13:8];
      end else if (k_sr) begin
        ld = s2;
        for (int j = 0; j < 4; j++)
          if (opsel[3:2] == 2'(j)) ld[8*j +: 8] = t0[7:0];
        lx = t0[13:8];
      end else if (k_dot) begin
        ld = u4;
        lx = 6'd0;
      end
    end
    assign d[32*g +: 32]  = ld;
    assign dh[32*g +: 32] = c1[31:0];
    assign le[6*g +: 6]   = lx;
  end

  always_comb begin
    exc = 6'd0;
    for (int g = 0; g < FPC; g++)
      if (act[g]) exc = exc | le[6*g +: 6];
  end
endmodule
