`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_fatomic.sv - MEM = f(tmp, DATA) of a 32-bit float memory atomic, for one
// lane (combinational): the GLOBAL float atomics of rdna4_vmem.sv and the DS ones
// of rdna4_lds.sv (rdna4 chapter 13 L6072-6166; model rdna4_atomic_float and
// decision D25, rtl/rdna4/README.md "Vector memory", "LDS").
//   kind 1 MIN_NUM_F32, 2 MAX_NUM_F32: the pseudocode's NaN rules (both NaN:
//          DATA quieted; one NaN: the other value), else minimumNumber /
//          maximumNumber with -0 < +0, DATA the first operand;
//   kind 3 ADD_F32: tmp + DATA, the first NaN quieted (memory first), Inf - Inf
//          the default NaN 0xffc00000;
//   kind 4 PK_ADD_F16, 5 PK_ADD_BF16: per 16-bit half DATA + tmp (default NaN
//          0xfe00 / 0xffc0).
// Rounding to nearest even whatever MODE.FP_ROUND (L6080); no exception is
// reported (L6075).  Denormals (§13.2 table L6086-6096): with `lds` clear
// (GLOBAL) nothing is flushed; with `lds` set (DS) by MODE.FP_DENORM as `fden`
// (MODE[7:4]: {F16 out, F16 in, F32 out, F32 in} allowed): ADD_F32 flushes
// inputs / outputs by the F32 bits, PK_ADD by the F16 bits (BF16 as F16, D25),
// MIN/MAX_NUM flush both inputs by the F32 input bit before the compare (the
// flushed value is the one written).
module rdna4_fatomic (
  input  logic [2:0]  kind,
  input  logic [31:0] tmp,         // the memory value
  input  logic [31:0] src,         // DATA
  input  logic        lds,         // DS: MODE's denormal policy (else none flushed)
  input  logic [3:0]  fden,        // MODE[7:4]
  output logic [31:0] r
);
  logic daz32, ftz32, daz16, ftz16;
  assign daz32 = lds && !fden[0];
  assign ftz32 = lds && !fden[1];
  assign daz16 = lds && !fden[2];
  assign ftz16 = lds && !fden[3];

  // ADD_F32
  logic [31:0] r_add;
  logic [5:0]  e_add;
  fp32_add u_add (.a(tmp), .b(src), .dnan(32'hffc00000), .sub(1'b0), .daz(daz32), .ftz(ftz32),
    .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b1),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd0),
    .r(r_add), .exc(e_add));

  // MIN/MAX_NUM_F32: inputs flushed first (sign kept), then the NaN cases, then
  // minimumNumber / maximumNumber
  logic [31:0] fs, ft, r_mm;
  logic [33:0] mmn;
  logic [5:0]  e_mm;
  assign fs = (daz32 && src[30:23] == 8'd0) ? {src[31], 31'd0} : src;
  assign ft = (daz32 && tmp[30:23] == 8'd0) ? {tmp[31], 31'd0} : tmp;
  assign mmn = rdna4_pkg::mm_nan(fs, ft, 1'b1, 1'b0);
  fp32_minmax u_mm (.a(fs), .b(ft), .is_max(kind == 3'd2), .kind(3'd2), .daz(1'b0), .nan_prop(2'd0),
    .nan_keep(1'b0), .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b1), .zero_negless(1'b0),
    .zero_minmax(2'd0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_mm), .exc(e_mm));

  // PK_ADD_F16 / BF16: two halves, DATA first
  logic [15:0] h_lo, h_hi, b_lo, b_hi;
  logic [5:0]  e_h0, e_h1, e_b0, e_b1;
  fp_add #(.EW(5), .MW(10)) u_h0 (.a(src[15:0]), .b(tmp[15:0]), .dnan(16'hfe00), .sub(1'b0), .daz(daz16),
    .ftz(ftz16), .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b1),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd0),
    .r(h_lo), .exc(e_h0));
  fp_add #(.EW(5), .MW(10)) u_h1 (.a(src[31:16]), .b(tmp[31:16]), .dnan(16'hfe00), .sub(1'b0), .daz(daz16),
    .ftz(ftz16), .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b1),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd0),
    .r(h_hi), .exc(e_h1));
  fp_add #(.EW(8), .MW(7)) u_b0 (.a(src[15:0]), .b(tmp[15:0]), .dnan(16'hffc0), .sub(1'b0), .daz(daz16),
    .ftz(ftz16), .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b1),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd0),
    .r(b_lo), .exc(e_b0));
  fp_add #(.EW(8), .MW(7)) u_b1 (.a(src[31:16]), .b(tmp[31:16]), .dnan(16'hffc0), .sub(1'b0), .daz(daz16),
    .ftz(ftz16), .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b1),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd0),
    .r(b_hi), .exc(e_b1));

  always_comb begin
    case (kind)
      3'd1, 3'd2: r = mmn[33] ? mmn[31:0] : r_mm;
      3'd3:       r = r_add;
      3'd4:       r = {h_hi, h_lo};
      default:    r = {b_hi, b_lo};
    endcase
  end

  // no exception is reported (L6075)
  logic unused;
  assign unused = ^{e_add, e_mm, e_h0, e_h1, e_b0, e_b1, mmn[32]};
endmodule
