`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vopd.sv - VOPD dual issue: the X and Y halves of one 64-bit VOPD word
// (rdna4 §7.8 L3272-3351, [31:26] = 0x32) as the VOP2 / VOP1 words of the rows
// they compute, and the pair's own legality (combinational).  README "Dual
// issue (VOPD)"; model rdna4_exec_vopd.c, rdna4_desc.c rdna4_vopd_error,
// decisions Q1-Q3.
//
// Fields: SRCX0 [8:0], VSRCX1 [16:9], OPY [21:17], OPX [25:22] (w0); SRCY0
// [8:0], VSRCY1 [16:9], VDSTY [23:17], VDSTX [31:24] (w1).  VDST of Y is
// {VDSTY, ~VDSTX[0]}: one destination even, the other odd.  A literal (the
// third DWORD) follows when a SRC0 is 255 or a half is FMAAK/FMAMK (its K).
//
// Each half is rewritten as the VOP2 / VOP1 encoding of the same row (V_DUAL_ADD_F32
// -> V_ADD_F32 with VDST, SRC0, VSRC1; FMAAK/FMAMK with the literal as K;
// MUL_DX9_ZERO -> V_MUL_DX9_ZERO_F32): the core decodes both with rdna4_decode and
// runs them one after the other, both on the registers as they were before the
// instruction.  DOT2ACC_F32_F16 / DOT2ACC_F32_BF16 have no VOP2 row: they become the
// 64-bit VOP3P words of V_DOT2_F32_F16 / V_DOT2_F32_BF16 with S2 = VDST (the
// accumulator), OPSEL 0, OPSEL_HI all ones, no NEG / NEG_HI / CLAMP (p3: the half is
// such a word, xw1 / yw1 its second DWORD; the literal then follows as the third).
// That row's operand rules are the model's VOPD ones: an inline constant S0
// (integer: its low 16 bits; float: the F16 pattern, BF16 the high half of the F32
// one) is replicated into [31:16] (rdna4_exec_vopd.c half_sources), a literal, SGPR
// or VGPR S0 is read whole; products of the halves in order, each an F32 FMA (P1).
//
// Illegal words, as the model's decoder refuses them: an OPX / OPY without a row
// (WHY_RSVD_OP); a MOV half whose VSRC1 field is not 0 (WHY_RSVD_BITS); a DPP code
// (233, 234, 250) as a SRC0, the VGPR bank / port rules and more than two scalar
// values (WHY_OPERAND).  Port 0: the SRC0 VGPRs (Y's of a MOV/MOV pair is on port 2,
// L3296), port 1: VSRC1 (FMAMK's on port 2), port 2: the FMAC / DOT2ACC accumulator;
// two VGPRs on port 0 or 1 conflict when equal mod 4, on port 2 when equal mod 2.
// The scalar values: SGPRs, VCC, TTMPs, M0, EXEC (codes 0-127 but NULL), SCC, the
// aperture constants, the literal (FMAAK/FMAMK's K included) and VCC as CNDMASK's
// select, each distinct value counted once.
module rdna4_vopd (
  input  logic [31:0] w0,
  input  logic [31:0] w1,
  input  logic [31:0] w2,      // the DWORD after the pair (its literal, if any)
  output logic        is,      // a VOPD word
  output logic [31:0] xw,      // the X half as a VOP2 / VOP1 word (the literal, if any, follows it)
  output logic [31:0] yw,      // the Y half
  output logic [31:0] xw1,     // the DWORD the decoder reads after xw: the literal, or a VOP3P word's second
  output logic [31:0] yw1,
  output logic [1:0]  p3,      // the half (bit 0 X, 1 Y) is a VOP3P word (DOT2ACC)
  output logic        lit,     // a literal DWORD follows the 64 bits
  output logic [3:0]  why      // WHY_NONE or why the pair faults
);
  logic [3:0] opx;
  logic [4:0] opy;
  logic [8:0] s0[2];
  logic [7:0] s1[2], vd[2];
  logic [4:0] op[2];                                          // the X opcode numbering (Y's 16-18 as is)
  logic       mov[2], fmamk[2], fmaak[2], acc[2], cnd[2], dot[2], bad[2];
  logic [8:0] pv0[2], pv1[2], pv2[2];                         // VGPR read on ports 0-2 ({1, vgpr}; 0: none)
  logic [8:0] sc[5];                                          // scalar values (0: none)
  logic [2:0] nsc;
  logic [5:0] o2[2];                                          // the VOP2 opcode of each half
  logic       dup;

  assign is  = (w0[31:26] == 6'h32);
  assign opx = w0[25:22];
  assign opy = w0[21:17];

  always_comb begin
    s0[0] = w0[8:0];  s1[0] = w0[16:9];  vd[0] = w1[31:24];              op[0] = {1'b0, opx};
    s0[1] = w1[8:0];  s1[1] = w1[16:9];  vd[1] = {w1[23:17], ~w1[24]};   op[1] = opy;
    for (int h = 0; h < 2; h++) begin
      mov[h]   = op[h] == 5'd8;
      fmaak[h] = op[h] == 5'd1;
      fmamk[h] = op[h] == 5'd2;
      acc[h]   = op[h] == 5'd0 || op[h] == 5'd12 || op[h] == 5'd13;  // FMAC, DOT2ACC: D is read
      cnd[h]   = op[h] == 5'd9;
      dot[h]   = op[h] == 5'd12 || op[h] == 5'd13;                   // DOT2ACC_F32_F16 / _BF16
      bad[h]   = op[h] == 5'd14 || op[h] == 5'd15 || op[h] > 5'd18 || (h == 0 && op[h] >= 5'd16);
    end
    lit = s0[0] == 9'd255 || s0[1] == 9'd255 || fmaak[0] || fmamk[0] || fmaak[1] || fmamk[1];

    // the halves as VOP2 ({0, op, VDST, VSRC1, SRC0}) / VOP1 ({0x3f, VDST, op, SRC0}) words
    for (int h = 0; h < 2; h++) begin
      case (op[h])
        5'd0:  o2[h] = 6'd43;   // V_FMAC_F32
        5'd1:  o2[h] = 6'd45;   // V_FMAAK_F32
        5'd2:  o2[h] = 6'd44;   // V_FMAMK_F32
        5'd3:  o2[h] = 6'd8;    // V_MUL_F32
        5'd7:  o2[h] = 6'd7;    // V_MUL_DX9_ZERO_F32
        5'd4:  o2[h] = 6'd3;    // V_ADD_F32
        5'd5:  o2[h] = 6'd4;    // V_SUB_F32
        5'd6:  o2[h] = 6'd5;    // V_SUBREV_F32
        5'd9:  o2[h] = 6'd1;    // V_CNDMASK_B32 (VCC)
        5'd10: o2[h] = 6'd22;   // V_MAX_NUM_F32
        5'd11: o2[h] = 6'd21;   // V_MIN_NUM_F32
        5'd16: o2[h] = 6'd37;   // V_ADD_NC_U32
        5'd17: o2[h] = 6'd24;   // V_LSHLREV_B32
        5'd18: o2[h] = 6'd27;   // V_AND_B32
        default: o2[h] = 6'd0;  // (DOT2ACC: a VOP3P word below; no row: the pair faults)
      endcase
    end
    xw = mov[0] ? {7'h3f, vd[0], 8'd1, s0[0]} : {1'b0, o2[0], vd[0], s1[0], s0[0]};
    yw = mov[1] ? {7'h3f, vd[1], 8'd1, s0[1]} : {1'b0, o2[1], vd[1], s1[1], s0[1]};
    xw1 = w2; yw1 = w2;
    // DOT2ACC: VOP3P {0xcc, OP, CLAMP 0, OPSEL_HI[2] 1, OPSEL 0, NEG_HI 0, VDST} and
    // {NEG 0, OPSEL_HI[1:0] 3, SRC2 = VDST, SRC1 = VSRC1, SRC0}
    p3 = {dot[1], dot[0]};
    if (dot[0]) begin
      xw  = {8'hcc, 1'b0, (op[0] == 5'd13) ? 7'd26 : 7'd19, 2'b01, 6'd0, vd[0]};
      xw1 = {3'd0, 2'b11, 1'b1, vd[0], 1'b1, s1[0], s0[0]};
    end
    if (dot[1]) begin
      yw  = {8'hcc, 1'b0, (op[1] == 5'd13) ? 7'd26 : 7'd19, 2'b01, 6'd0, vd[1]};
      yw1 = {3'd0, 2'b11, 1'b1, vd[1], 1'b1, s1[1], s0[1]};
    end

    // VGPR ports and scalar values (model rdna4_vopd_error)
    for (int h = 0; h < 2; h++) begin
      pv0[h] = 9'd0; pv1[h] = 9'd0; pv2[h] = 9'd0;
      if (s0[h][8]) begin
        if (h == 1 && mov[0] && mov[1]) pv2[h] = {1'b1, s0[h][7:0]};
        else                            pv0[h] = {1'b1, s0[h][7:0]};
      end
      if (!mov[h]) begin
        if (fmamk[h]) pv2[h] = {1'b1, s1[h]};
        else          pv1[h] = {1'b1, s1[h]};
      end
      if (acc[h]) pv2[h] = {1'b1, vd[h]};
    end
    for (int i = 0; i < 5; i++) sc[i] = 9'd0;
    for (int h = 0; h < 2; h++)
      sc[h] = ((s0[h] < 9'd128 && s0[h] != 9'd124) || s0[h] == 9'd253 || s0[h] == 9'd255 ||
               (s0[h] >= 9'd235 && s0[h] <= 9'd238)) ? {1'b1, s0[h][7:0]} : 9'd0;
    sc[2] = (fmaak[0] || fmamk[0]) ? 9'h1ff : 9'd0;          // K: the literal (code 255)
    sc[3] = (fmaak[1] || fmamk[1]) ? 9'h1ff : 9'd0;
    sc[4] = (cnd[0] || cnd[1]) ? 9'h16a : 9'd0;               // VCC_LO (code 106)
    nsc = 3'd0;
    for (int i = 0; i < 5; i++) begin
      dup = 1'b0;
      for (int j = 0; j < i; j++)
        if (sc[j] == sc[i]) dup = 1'b1;
      if (sc[i] != 9'd0 && !dup) nsc = nsc + 3'd1;
    end

    why = rdna4_pkg::WHY_NONE;
    if (bad[0] || bad[1])
      why = rdna4_pkg::WHY_RSVD_OP;
    else if ((mov[0] && s1[0] != 8'd0) || (mov[1] && s1[1] != 8'd0))
      why = rdna4_pkg::WHY_RSVD_BITS;                         // an unused VSRC1 field
    else if (s0[0] == 9'd233 || s0[0] == 9'd234 || s0[0] == 9'd250 ||
             s0[1] == 9'd233 || s0[1] == 9'd234 || s0[1] == 9'd250)
      why = rdna4_pkg::WHY_OPERAND;                           // no DPP in VOPD: reserved codes
    else if ((pv0[0][8] && pv0[1][8] && pv0[0][1:0] == pv0[1][1:0]) ||
             (pv1[0][8] && pv1[1][8] && pv1[0][1:0] == pv1[1][1:0]) ||
             (pv2[0][8] && pv2[1][8] && pv2[0][0] == pv2[1][0]) || nsc > 3'd2)
      why = rdna4_pkg::WHY_OPERAND;                           // bank / port rules, scalar values (Q2)
  end
endmodule
