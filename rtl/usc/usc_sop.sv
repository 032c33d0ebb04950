// usc_sop.sv - F16SOP, the 16-bit floating-point sum of products of one
// instance (model/usc/usc_exec_float.c usc_x_f16sop, model D33, rtl R15):
// binary16 of the usc policy (denormals kept, nearest even, overflow to inf,
// every NaN result 0x7e00), each step rounded: z = min(S1, 1 - S0) of each
// element, the arguments (.neg, .oneminus as 1 - x), the four products, then
// j = (A*E) jOp (B*F) and k = (C*G) kOp (D*H).  Outputs: jDest w0 with kDest
// w1 (the control words' destination 0) are the F32 outputs toF32(j),
// toF32(k); otherwise W0's halves take the jOut/kOut choices and W1 the MOV
// part's S3.  The core writes W1 only when the control words say so
// (usc_lane).  Combinational.
/* verilator lint_off UNUSEDSIGNAL */
module usc_sop (
    input  logic [55:0]      c,     // the control words, word i at [28*i +: 28]: word 0 the j part, 1 the k part
    input  logic [191:0]     src,    // S0..S5 of this instance, S k at [32*k +: 32]
    output logic [31:0]      w0,
    output logic [31:0]      w1
);
/* verilator lint_on UNUSEDSIGNAL */
  localparam logic [15:0] H_ONE = 16'h3c00, H_DNAN = 16'h7e00;

  // minNum / maxNum of IEEE 754-2008 in the usc policy (model fp_min/fp_max
  // FP_MM_IEEE2008, zero_minmax NEG_LESS): an sNaN or two NaNs give the
  // default NaN, one quiet NaN the other operand, -0 < +0, equal: a
  function automatic logic [15:0] hminmax(input logic [15:0] a, input logic [15:0] b, input logic mx);
    logic na, nb, lt;
    na = a[14:10] == 5'h1f && a[9:0] != 10'd0;
    nb = b[14:10] == 5'h1f && b[9:0] != 10'd0;
    lt = a[15] != b[15] ? a[15] : a[15] ? a[14:0] > b[14:0] : a[14:0] < b[14:0];
    if ((na && nb) || (na && !a[9]) || (nb && !b[9])) hminmax = H_DNAN;
    else if (na) hminmax = b;
    else if (nb) hminmax = a;
    else if (a == b) hminmax = a;
    else hminmax = (mx ? !lt : lt) ? a : b;
  endfunction

  /* verilator lint_off UNUSEDSIGNAL */
  logic [5:0] xp [2][2];             // no exception state in the USC
  logic [5:0] xf [2];
  /* verilator lint_on UNUSEDSIGNAL */

  // z = min(S1, 1 - S0) of each element (.e0 [15:0], .e1 [31:16])
  logic [15:0] om0 [2];
  logic [15:0] z [2];
  for (genvar e = 0; e < 2; e++) begin : g_z
    usc_hadd u_om (.a(H_ONE), .b(src[(16*e) +: 16]), .sub(1'b1), .r(om0[e]));
    assign z[e] = hminmax(src[32 + (16*e) +: 16], om0[e], 1'b0);
  end

  // per control word w: the arguments A E B F (C G D H), the products, the combine
  logic [15:0] rv [2][4];             // the argument as named (source element, 0, z)
  logic [15:0] av [2][4];             // after .neg (A-D) or .oneminus (E-H)
  logic [15:0] omv [2][2];            // 1 - x of E and F
  logic [15:0] pr [2][2];             // A*E, B*F
  logic [15:0] sm [2];                // the add/sub/rsub
  logic [15:0] rs [2];                // j / k
  logic [15:0] ro [2];                // the output choice: j a b / k c d
  logic [31:0] f32 [2];
  logic [2:0]  op [2];
  for (genvar w = 0; w < 2; w++) begin : g_w
    for (genvar i = 0; i < 4; i++) begin : g_arg
      logic [4:0] a;
      assign a = c[28*w + (5*i) +: 5];
      assign rv[w][i] = a[2:0] < 3'd6 ? src[32*(a[2:0]) + ({a[3], 4'd0}) +: 16] : a[2:0] == 3'd6 ? 16'd0 : z[a[3]];
      // .oneminus (E-H, odd i) or .neg (A-D, even i)
      assign av[w][i] = !a[4] ? rv[w][i] : i % 2 == 1 ? omv[w][i / 2] : {!rv[w][i][15], rv[w][i][14:0]};
    end
    for (genvar m = 0; m < 2; m++) begin : g_om   // 1 - E, 1 - F
      usc_hadd u_om (.a(H_ONE), .b(rv[w][2*m + 1]), .sub(1'b1), .r(omv[w][m]));
    end
    for (genvar m = 0; m < 2; m++) begin : g_mul
      fp_mul #(.EW(5), .MW(10)) u_mul (.a(av[w][2*m]), .b(av[w][2*m + 1]), .rm(3'd0), .daz(1'b0), .ftz(1'b0),
        .tiny_after(1'b1), .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(H_DNAN),
        .dexc_always(1'b0), .zero_wins(1'b0), .zw_sign_xor(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0),
        .clamp_negzero_keep(1'b0), .r(pr[w][m]), .exc(xp[w][m]));
    end
    // jOp/kOp: 0 add, 1 sub, 2 min, 3 max, 4 rsub (second - first)
    assign op[w] = c[28*w + 20 +: 3];
    usc_hadd u_cmb (.a(op[w] == 3'd4 ? pr[w][1] : pr[w][0]), .b(op[w] == 3'd4 ? pr[w][0] : pr[w][1]), .sub(op[w] != 3'd0), .r(sm[w]));
    assign rs[w] = op[w] == 3'd2 ? hminmax(pr[w][0], pr[w][1], 1'b0) :
                   op[w] == 3'd3 ? hminmax(pr[w][0], pr[w][1], 1'b1) : sm[w];
    assign ro[w] = c[28*w + 23 +: 2] == 2'd1 ? av[w][0] : c[28*w + 23 +: 2] == 2'd2 ? av[w][2] : rs[w];
    fp16_to_fp32 u_f32 (.a(ro[w]), .daz(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b0),
      .dnan(32'h7fc00000), .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0),
      .clamp_negzero_keep(1'b0), .r(f32[w]), .exc(xf[w]));
  end

  // destination 0: F32 outputs; 1 j in W0.e0 (k in .e1); 2 j in W0.e1
  assign w0 = c[25 +: 2] == 2'd0 ? f32[0] : c[25 +: 2] == 2'd2 ? {ro[0], ro[1]} : {ro[1], ro[0]};
  assign w1 = c[25 +: 2] == 2'd0 ? f32[1] : src[96 +: 32];
endmodule

