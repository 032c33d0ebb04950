`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_dpp.sv - the source-0 crossbar of the RDNA4 vector unit: DPP16 / DPP8 and
// the lane permutes V_PERMLANE16/X16(_VAR)_B32, V_PERMLANE64_B32 (combinational;
// rtl/rdna4/README.md "DPP16 and DPP8", "Lane permutes").
//
// Input: the whole VGPR row of SRC0 (the DPP DWORD's VGPR, every lane as it was
// before the instruction) and EXEC; output: SRC0 of every lane as the DPP
// controls fetch it, and the lanes whose write the controls let through.  The
// crossbar sits before the unit's passes: a lane may read a lane of another
// pass, so it works on the row, never on a pass.  Semantics as model/rdna4
// (rdna4_exec_valu_xlane.c rdna4_dpp_setup / rdna4_dpp_fetch, README A13/A14;
// rdna4 §7.9 L3352-3489, Tables 102-104 L7614-7674):
//   DPP16 (mode 1), DPP_CTRL = dw[16:8], lane n, i = n mod 16, source within
//   n's row of 16: QUAD_PERM (< 0x100) lane (n & ~3) + sel[n & 3]; ROW_SHL 1-15
//   i + k (out of the row past 15); ROW_SHR 1-15 i - k (out of the row below 0);
//   ROW_ROR 1-15 (i - k) mod 16; ROW_MIRROR 15 - i; ROW_HALF_MIRROR within the
//   half row; ROW_SHARE k; ROW_XMASK i ^ k.  A source out of the row, or with
//   EXEC = 0 unless FI (dw[18]), is invalid: BOUND_CTRL (dw[19]) makes the lane
//   read 0 (also FI with an out-of-row source when fi_oor, the model's
//   `dpp_fi_oor` config), otherwise the lane is not written.  ROW_MASK
//   (dw[31:28], one bit per row) and BANK_MASK (dw[27:24], one bit per lane
//   group n[3:2]) gate the write only.
//   DPP8 (mode 2: SRC0 = 233, reads 0 from a lane with EXEC = 0; mode 3, 234:
//   DPP8FI, reads it): lane (n & ~7) + LANE_SEL[n & 7], LANE_SEL i = dw[8+3i +: 3].
//   Mode 0 (no DPP): the row unchanged, every lane written.
//   perm (the permute rows, whose S0 is then copied by rdna4_valu): as
//   model/rdna4 rdna4_exec_valu_xlane.c permlane() / v_permlane64_b32, below.
// The decoder refuses the undefined DPP_CTRL values (WHY_DPP), so they never
// reach here.
module rdna4_dpp (
  input  logic [1:0]    mode,     // 0 none, 1 DPP16, 2 DPP8, 3 DPP8FI
  input  logic [31:0]   dw,       // the DPP DWORD
  input  logic [63:0]   exec,     // EXEC (wave32: bits 63:32 zero)
  input  logic          fi_oor,   // model config dpp_fi_oor: FI with an out-of-row source reads 0
  input  logic [2:0]    perm,     // V_PERMLANE*: 0 none, 1 16, 2 X16, 3 64, 5 16_VAR, 6 X16_VAR
  input  logic [1:0]    pfb,      // their {BOUND_CTRL, FI} (OPSEL[1:0])
  input  logic [63:0]   psel,     // PERMLANE16/X16: {S2, S1}, lane i of a row selects psel[4i +: 4]
  input  logic [2047:0] vsel,     // _VAR: the S1 VGPR row, lane l selects vsel[32*l +: 4]
  input  logic          wave64,   // PERMLANE64: a NOP in wave32
  input  logic [2047:0] src,      // the SRC0 VGPR row, lane l at [32*l +: 32]
  output logic [2047:0] d,        // SRC0 of every lane through the controls
  output logic [63:0]   wen       // lanes the controls let write
);
  // DPP16: {out of row, source lane within the row} of lane i of a row.
  function automatic logic [4:0] sel16(input logic [8:0] c, input logic [3:0] i);
    logic [3:0] k, s;
    logic       o;
    k = c[3:0]; s = i; o = 1'b0;
    if (!c[8]) s = {i[3:2], c[2*i[1:0] +: 2]};                   // QUAD_PERM
    else case (c[7:4])
      4'h0: begin s = i + k; o = ({1'b0, i} + {1'b0, k}) > 5'd15; end   // ROW_SHL
      4'h1: begin s = i - k; o = i < k; end                      // ROW_SHR
      4'h2: s = i - k;                                           // ROW_ROR
      4'h4: s = c[0] ? {i[3], ~i[2:0]} : ~i;                     // ROW_HALF_MIRROR, ROW_MIRROR
      4'h5: s = k;                                               // ROW_SHARE
      default: s = i ^ k;                                        // 0x16x ROW_XMASK
    endcase
    sel16 = {o, s};
  endfunction

  logic [4:0]  s16;
  logic [2:0]  s8;
  logic [31:0] v;
  logic        e, inv, z, oor_z, fi, bc;
  logic [3:0]  pk;
  logic        x16;
  assign x16 = perm[1:0] == 2'd2;   // the X16 permutes read the other row of the pair
  assign fi = dw[18];
  assign bc = dw[19];
  always_comb begin
    d = src; wen = {64{1'b1}};
    s16 = 5'd0; s8 = 3'd0; v = 32'd0; e = 1'b0; inv = 1'b0; z = 1'b0; oor_z = 1'b0; pk = 4'd0;
    if (perm == 3'd3) begin
      // V_PERMLANE64_B32 (L14177-14210): lane l reads lane l ^ 32, active or not; wave32: no write
      for (int l = 0; l < 64; l++) d[32*l +: 32] = src[32 * (l ^ 32) +: 32];
      if (!wave64) wen = 64'd0;
    end else if (perm != 3'd0) begin
      // V_PERMLANE16/X16(_VAR)_B32 (L21241-21330, L22044-22105): lane 16r + i reads lane
      // 16r' + sel(i), r' = r (16) or the other row of its pair (X16: {r[1], ~r[0]}); a
      // source with EXEC = 0 is read with FI, else BOUND_CTRL = 1 reads 0, 0 writes nothing
      for (int l = 0; l < 64; l++) begin
        pk = perm[2] ? vsel[32*l +: 4] : psel[4 * (l % 16) +: 4];
        v = 32'd0; e = 1'b0;
        for (int j = 0; j < 16; j++)
          if (pk == 4'(j)) begin
            v = x16 ? src[32 * (16 * ((l / 16) ^ 1) + j) +: 32] : src[32 * (l - l % 16 + j) +: 32];
            e = x16 ? exec[16 * ((l / 16) ^ 1) + j] : exec[l - l % 16 + j];
          end
        inv = !e && !pfb[0];
        d[32*l +: 32] = inv ? 32'd0 : v;
        wen[l] = !inv || pfb[1];
      end
    end else if (mode == 2'd1) begin
      for (int l = 0; l < 64; l++) begin
        s16 = sel16(dw[16:8], 4'(l));
        v = 32'd0; e = 1'b0;
        for (int j = 0; j < 16; j++)
          if (s16[3:0] == 4'(j)) begin
            v = src[32 * ((l & 48) + j) +: 32];
            e = exec[(l & 48) + j];
          end
        inv   = s16[4] || (!e && !fi);
        oor_z = s16[4] && fi && fi_oor;
        z     = inv && (bc || oor_z);
        d[32*l +: 32] = z ? 32'd0 : v;
        wen[l] = !(inv && !z) && dw[28 + l / 16] && dw[24 + (l / 4) % 4];
      end
    end else if (mode[1]) begin
      for (int l = 0; l < 64; l++) begin
        s8 = dw[8 + 3 * (l % 8) +: 3];
        v = 32'd0; e = 1'b0;
        for (int j = 0; j < 8; j++)
          if (s8 == 3'(j)) begin
            v = src[32 * ((l & 56) + j) +: 32];
            e = exec[(l & 56) + j];
          end
        d[32*l +: 32] = (mode == 2'd2 && !e) ? 32'd0 : v;
      end
    end
  end
endmodule
