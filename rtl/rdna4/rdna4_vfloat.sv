`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vfloat.sv - the F32 lanes of the RDNA4 vector unit (combinational): FPC
// lanes of one pass of a VALU F32 instruction, on the rtl/common/fp units with
// MODE's policy as model/rdna4/rdna4_exec_valu_f32.c and rdna4_exec_valu_fcmp.c
// execute the rows (README "Vector unit", "F32"):
//   MODE[1:0] f32 rounding, MODE[4] f32 denormal inputs kept, MODE[5] outputs kept,
//   tininess after rounding, first NaN quieted, default NaN 0xffc00000, the
//   denormal exception for any denormal operand (the scalar float unit's policy,
//   rdna4_pkg::fp_rm / mm_nan shared with rdna4_sfloat.sv).
// The core applies ABS/NEG on bit 31 before (model rdna4_load_src).
//
// One datapath per lane:
//   * fp32_fma for V_ADD/SUB/SUBREV/MUL/FMA/FMAC/FMAMK/FMAAK_F32:
//       add    = fma(S0, 1.0, S1), sub = fma(S0, 1.0, -S1), subrev = fma(S1, 1.0, -S0)
//                (the negated addend keeps its sign when it is a NaN, as fp_sub),
//       mul    = fma(S0, S1, -0) with an exact zero product given the sign S0 ^ S1
//                (x + -0 is -0 under round-down: the product's own sign instead);
//     the product by 1.0 is exact, so each is the single rounding of the operation,
//     NaN order (first NaN S0, S1) and flags included;
//   * fp32_minmax for V_MIN/MAX_NUM_F32 (IEEE 754-2019 minimumNumber/maximumNumber)
//     and V_MINIMUM/MAXIMUM_F32 (minimum/maximum), the NaN cases decided before it
//     as the model's rdna4_fp_minmax (rdna4_pkg::mm_nan);
//   * fp32_cmp for V_CMP(X)_<pred>_F32 (predicate = opcode[3:0]; CLAMP makes a
//     quiet NaN signal invalid, README C10), the raw class of S0 for V_CMP(X)_CLASS_F32;
//   * fp32_from_int / fp32_to_int for V_CVT_F32_I32/U32 (MODE rounding) and
//     V_CVT_I32/U32_F32 (round toward zero, NaN 0, saturate; CLAMP changes nothing);
//   * the output modifiers of the float results (README C7): OMOD (x2, x4, x0.5 of
//     the rounded result, rounded in MODE with output denormals flushed and -0
//     written +0; only its invalid, overflow and denormal flags count), then CLAMP
//     to [0, 1] with NaN -> +0 (fp_clamp).
// Beside each F32 lane an F16 lane (rdna4_vhalf_lane.sv) serves the rows with an F16
// result or F16 compare (rdna4_pkg::vhalf); d, co and exc are that lane's for them.
// exc: the FP_EXC_* bits of the active lanes (act) ORed.
module rdna4_vfloat #(
  parameter int FPC = 8                   // float lanes per pass
) (
  input  logic [9:0]         op,          // VOP3 opcode number of the row (rdna4_pkg::vfrow)
  input  logic               clamp,
  input  logic [1:0]         omod,
  input  logic [31:0]        mode,        // MODE hardware register
  input  logic [FPC-1:0]     act,         // lanes whose exceptions count (EXEC)
  input  logic [FPC*32-1:0]  a,           // S0, S1, S2 of each lane at [32*i +: 32]
  input  logic [FPC*32-1:0]  b,
  input  logic [FPC*32-1:0]  c,
  input  logic [FPC-1:0]     vcc_in,      // each lane's VCC bit (V_DIV_FMAS_F32)
  output logic [FPC*32-1:0]  d,
  output logic [FPC-1:0]     co,          // compare result
  output logic [5:0]         exc
);
  logic [FPC*6-1:0] le, le32, le16;
  logic [FPC*32-1:0] d32, d16;
  logic [FPC-1:0]   co32, co16;
  logic             h;                    // an F16 row (rdna4_vhalf_lane.sv)
  assign h = rdna4_pkg::vhalf(op);
  for (genvar g = 0; g < FPC; g++) begin : g_lane
    rdna4_vfloat_lane u_lane (.op(op), .clamp(clamp), .omod(omod), .mode(mode), .s0(a[32*g +: 32]),
      .s1(b[32*g +: 32]), .s2(c[32*g +: 32]), .vcc_in(vcc_in[g]), .d(d32[32*g +: 32]), .co(co32[g]), .exc(le32[6*g +: 6]));
    rdna4_vhalf_lane u_half (.op(op), .clamp(clamp), .omod(omod), .mode(mode), .s0(a[32*g +: 32]),
      .s1(b[32*g +: 32]), .s2(c[32*g +: 32]), .d(d16[32*g +: 32]), .co(co16[g]), .exc(le16[6*g +: 6]));
  end
  assign d  = h ? d16 : d32;
  assign co = h ? co16 : co32;
  assign le = h ? le16 : le32;
  always_comb begin
    exc = 6'd0;
    for (int g = 0; g < FPC; g++)
      if (act[g]) exc = exc | le[6*g +: 6];
  end
endmodule
