`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vdot16.sv - the VOP3 dot products with a 16-bit result of the RDNA4 vector
// unit (combinational): FPC lanes of one pass of V_DOT2_F16_F16 (VOP3 614) or
// V_DOT2_BF16_BF16 (615), as model/rdna4/rdna4_exec_valu_f16x.c dot2h executes them
// (Chapter 16 L21408-21435; model README V18, D25, C1):
//   tmp = S2; tmp = fma(S0[15:0], S1[15:0], tmp); tmp = fma(S0[31:16], S1[31:16], tmp)
// each step one FMA rounded to the result's format (F16 or BF16) in MODE's F16 policy:
// MODE[3:2] rounding, MODE[6] denormal inputs kept, MODE[7] outputs kept, MODE[23]
// FP16_OVFL (overflow saturates), tininess after rounding, first NaN quieted, default
// NaN 0xfe00 / 0xffc0, the denormal exception for any denormal operand (the
// intermediate tmp included: it is the next step's operand).  A NaN already in tmp is
// the step's result, quieted (bit 9 / bit 6); the step's FMA still raises its flags.
//
// Operands (rdna4_core.sv): a and b are the whole 32-bit S0 / S1 with NEG[0] / NEG[1]
// already applied to both halves (bits 15 and 31); c[15:0] is S2's half (OPSEL[2]; a
// constant reads its value whichever half), NEG[2] applied on bit 15.  k0 / k1 say
// whether S0 / S1 is an inline constant {float, any}: it is replicated into [31:16]
// (L2760): of an F16 float constant the F16 pattern the core hands in [15:0], of a BF16
// one the high half of the F32 pattern, of an integer constant its low 16 bits.
//
// Datapath of a step (both formats on one fp32_fma, rounded toward zero with the
// inexact bit jammed into the LSB: round to odd, 24 >= 11 + 2 and >= 8 + 2 bits, so
// the final narrowing in MODE's rounding is the correctly rounded F16 / BF16 result,
// flags included; the F32 range holds every BF16 operand and an F32 overflow is also
// one in BF16):
//   F16:  the three operands converted exactly (fp16_to_fp32: the input flush and
//         denormal flag there, sNaN quieted with invalid), then fp32_to_fp16;
//   BF16: the operands are the high halves of F32 values: the FMA's input flush
//         (MODE[6]) and denormal flag, then fp_narrow to 8/7 bits.
// An exact zero sum takes the sign MODE's rounding gives it (round down: -0 unless
// both addends are +0), as rdna4_vhalf_lane.sv.
// d[15:0] is the result (the core writes it into its half of VDST); exc: the FP_EXC_*
// bits of the active lanes (act) ORed.
module rdna4_vdot16 #(
  parameter int FPC = 8
) (
  input  logic               bf,          // V_DOT2_BF16_BF16 (else V_DOT2_F16_F16)
  input  logic [31:0]        mode,        // MODE hardware register
  input  logic [1:0]         k0,          // source 0: {float inline constant, inline constant}
  input  logic [1:0]         k1,
  input  logic [FPC-1:0]     act,
  input  logic [FPC*32-1:0]  a,
  input  logic [FPC*32-1:0]  b,
  input  logic [FPC*32-1:0]  c,
  output logic [FPC*32-1:0]  d,
  output logic [5:0]         exc
);
  logic [2:0] rm16;
  logic       daz16, ftz16, ovf16;
  assign rm16  = rdna4_pkg::fp_rm(mode[3:2]);
  assign daz16 = !mode[6];
  assign ftz16 = !mode[7];
  assign ovf16 = mode[23];
  logic unused_mode;
  assign unused_mode = ^{mode[31:24], mode[22:8], mode[5:4], mode[1:0]};

  // an inline constant replicated into both halves
  function automatic logic [31:0] repl(input logic [31:0] x, input logic [1:0] k, input logic isbf);
    if (!k[0])              repl = x;
    else if (isbf && k[1])  repl = {x[31:16], x[31:16]};
    else                    repl = {x[15:0], x[15:0]};
  endfunction

  logic [FPC*6-1:0] le;
  logic             unused_c;
  always_comb begin
    unused_c = 1'b0;
    for (int g = 0; g < FPC; g++) unused_c = unused_c ^ (^c[32*g + 16 +: 16]);
  end
  for (genvar g = 0; g < FPC; g++) begin : g_lane
    logic [31:0] x, y;
    logic [15:0] t1, t2;                  // tmp after step 0 and 1 (the result)
    logic [5:0]  e0, e1;
    assign x = repl(a[32*g +: 32], k0, bf);
    assign y = repl(b[32*g +: 32], k1, bf);
    rdna4_vdot16_step u_s0 (.bf(bf), .rm16(rm16), .daz16(daz16), .ftz16(ftz16), .ovf16(ovf16),
      .ah(x[15:0]), .bh(y[15:0]), .t(c[32*g +: 16]), .r(t1), .e(e0));
    rdna4_vdot16_step u_s1 (.bf(bf), .rm16(rm16), .daz16(daz16), .ftz16(ftz16), .ovf16(ovf16),
      .ah(x[31:16]), .bh(y[31:16]), .t(t1), .r(t2), .e(e1));
    assign d[32*g +: 32] = {16'd0, t2};
    assign le[6*g +: 6] = e0 | e1;
  end
  always_comb begin
    exc = 6'd0;
    for (int g = 0; g < FPC; g++)
      if (act[g]) exc = exc | le[6*g +: 6];
  end
endmodule
