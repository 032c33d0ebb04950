`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_decode.sv - format, length, operand widths and static legality of one
// scalar instruction (combinational).
//
// Format identification: rdna4 L6334-6707 (chapter 15): SOP1/SOPC/SOPP by
// [31:23], then SOPK by [31:28] = 1011, SOP2 by [31:30] = 10, SMEM by
// [31:26] = 111101.  Everything else (VALU, VMEM, LDS, export) is not this
// core: the instruction faults (WHY_FORMAT).
// Operand widths per opcode follow the chapter 16 pseudocode (.u64/.b64 views).
// A 32-bit literal follows when a source that the instruction reads is 255, and
// always for S_SETREG_IMM32_B32; SMEM is 64 bits.
// Legality follows model/rdna4 (rdna4_desc.c): reserved bits and fields the
// instruction does not use must be zero, reserved operand codes and misaligned
// 64-bit register pairs are refused, message and barrier ids must be defined.
module rdna4_decode (
  input  logic [31:0]     w0,
  input  logic [31:0]     w1,
  input  logic [31:0]     w2,
  input  logic            ok0,   // w0 lies inside the instruction memory
  input  logic            ok1,   // w1 lies inside the instruction memory
  input  logic            ok2,   // w2 lies inside the instruction memory
  output rdna4_pkg::dec_t d
);
  logic [2:0] fmt;
  logic [7:0] op;
  logic known, use0, use1, w64_0, w64_1, wd64, sx0;
  logic raw0, even0, smem_ld, smem_buf;
  logic no_s0, no_d, no_simm, msg, msg_rtn, bar_id, bar_m0;
  logic [4:0] smem_n;
  logic [3:0] why;
  logic need_lit;
  logic vmg, vms, vmf;                                              // VGLOBAL, VSCRATCH, VFLAT (rdna4_vmem.sv)
  assign vms = (w0[31:24] == 8'hed);
  assign vmf = (w0[31:24] == 8'hec);
  assign vmg = (w0[31:24] == 8'hee) || vms || vmf;
  logic vmb;                                                        // VBUFFER (rdna4_vmem.sv "BUFFER")
  assign vmb = (w0[31:26] == 6'h31);
  logic dsg;                                                        // VDS (rdna4_lds.sv)
  assign dsg = (w0[31:26] == 6'h36);
  logic ddg;                                                        // VDSDIR (rdna4_lds.sv): one DWORD
  assign ddg = (w0[31:24] == 8'hce);

  always_comb begin
    fmt = rdna4_pkg::FMT_NONE;
    op = 8'd0;
    if (w0[31:23] == 9'b1_0111_1101) begin fmt = rdna4_pkg::FMT_SOP1; op = w0[15:8]; end
    else if (w0[31:23] == 9'b1_0111_1110) begin fmt = rdna4_pkg::FMT_SOPC; op = {1'b0, w0[22:16]}; end
    else if (w0[31:23] == 9'b1_0111_1111) begin fmt = rdna4_pkg::FMT_SOPP; op = {1'b0, w0[22:16]}; end
    else if (w0[31:28] == 4'b1011)        begin fmt = rdna4_pkg::FMT_SOPK; op = {3'b0, w0[27:23]}; end
    else if (w0[31:30] == 2'b10)          begin fmt = rdna4_pkg::FMT_SOP2; op = {1'b0, w0[29:23]}; end
    else if (w0[31:26] == 6'b111101)      begin fmt = rdna4_pkg::FMT_SMEM; op = {2'b0, w0[18:13]}; end
    else if (w0[31:25] == 7'h3f || w0[31:25] == 7'h3e || !w0[31] || w0[31:26] == 6'h35 || w0[31:24] == 8'hcc ||
             w0[31:24] == 8'hcd)
      fmt = rdna4_pkg::FMT_VALU;                                   // VOP1, VOPC, VOP2, VOP3/VOP3SD, VOP3P, VINTERP
  end

  // ---- VALU fields (rdna4 L6800-7700; VOP3 opcode numbering of model/rdna4/rdna4.def)
  logic             v3, vsd3, v_lit, v_mod, v_opnd, vs2_16, v_dppbad, v_nodpp;
  logic [1:0]       vdpp;
  logic [31:0]      vdw;
  logic [2:0]       vperm;
  logic [9:0]       vop;
  logic [8:0]       vs0, vs1, vs2, vm;
  logic [7:0]       vd;
  logic [6:0]       vsd;
  logic [2:0]       vneg, vabs, vmask;
  logic [3:0]       vopsel;
  logic [1:0]       vomod;
  logic             vcm, vm_en;
  rdna4_pkg::vrow_t vr;
  logic [4:0]       vf;
  logic [3:0]       vh;                // rdna4_pkg::vhrow: {16-bit S2, S1, S0, 16-bit result}
  logic [2:0]       vsh;               // halves of the 16-bit sources
  logic             vdh;               // half of a 16-bit result
  logic [5:0]       v64;               // rdna4_pkg::v64row: the row's 64-bit operands
  logic             v_odd64;           // a 64-bit scalar source names an odd SGPR
  logic             vp, vpk, vmix;     // VOP3P; packed math (VOP3P or V_PK_FMAC_F16); V_FMA_MIX*
  logic             vdot;              // a VOP3P dot product rdna4_vdot.sv executes
  logic             vf8d;              // a VOP3P FP8 dot product (rdna4_vfp8.sv)
  logic             vwm;               // a VOP3P WMMA / SWMMAC row (rdna4_wmma.sv)
  logic             vd2h;              // V_DOT2_F16_F16 / V_DOT2_BF16_BF16 (rdna4_vdot16.sv)
  logic [11:0]      vpm;               // packed modifiers {NEG_HI, NEG, OPSEL_HI, OPSEL}
  logic [2:0]       vk16;              // F16 inline constants (packed F16 sources, MIX F16 sources)
  logic             vi;                // VINTERP (rdna4_vinterp.sv)
  always_comb begin
    vp = (w0[31:24] == 8'hcc);         // VOP3P: the VOP3 layout (64 bits, literal in the third dword)
    vi = (w0[31:24] == 8'hcd);         // VINTERP: the VOP3 layout, OP [20:16], WAITEXP [10:8]
    v3 = (w0[31:26] == 6'h35) || vp || vi;
    vop = 10'd0; vs1 = 9'd0; vs2 = 9'd0; vd = w0[24:17]; vsd = 7'd124;
    vneg = 3'd0; vabs = 3'd0; vopsel = 4'd0; vomod = 2'd0; vcm = 1'b0; vsd3 = 1'b0;
    vs0 = w0[8:0];
    if (v3) begin
      vop = w0[25:16]; vd = w0[7:0]; vs0 = w1[8:0]; vs1 = w1[17:9]; vs2 = w1[26:18];
      vomod = w1[28:27]; vneg = w1[31:29]; vcm = w0[15];
      vsd3 = (vop >= 10'd288 && vop <= 10'd290) || (vop >= 10'd764 && vop <= 10'd770);   // VOP3SD
      if (vsd3) vsd = w0[14:8];
      else begin vabs = w0[10:8]; vopsel = w0[14:11]; vsd = w0[6:0]; end
    end else if (w0[31:25] == 7'h3f) begin                   // VOP1
      vop = 10'd384 + {2'd0, w0[16:9]}; vsd = w0[23:17];
    end else if (w0[31:25] == 7'h3e) begin                   // VOPC: the mask goes to VCC (V_CMPX: EXEC)
      vop = {2'd0, w0[24:17]}; vs1 = {1'b1, w0[16:9]}; vsd = 7'd106;
    end else begin                                           // VOP2
      vop = 10'd256 + {4'd0, w0[30:25]}; vs1 = {1'b1, w0[16:9]}; vsd = 7'd106;
    end
    // packed math (rdna4_vpk.sv, model rdna4_exec_valu_pk.c): VOP3P NEG_HI [10:8], OPSEL
    // [13:11], OPSEL_HI {[14], [60:59]}, NEG [63:61] travel in vpm; V_PK_FMAC_F16 (VOP2 60)
    // is V_PK_FMA_F16 with S2 = D, the halves in place (OPSEL 0, OPSEL_HI all ones)
    vpm = 12'd0; vk16 = 3'd0;
    vpk = vp || (!v3 && vop == 10'd316);
    if (vp) begin
      vop = {3'd0, w0[22:16]}; vsd3 = 1'b0; vsd = 7'd124;
      vpm = {w0[10:8], w1[31:29], w0[14], w1[28:27], w0[13:11]};
      vneg = 3'd0; vabs = 3'd0; vopsel = 4'd0; vomod = 2'd0;
    end else if (vpk) begin
      vop = 10'd14; vs2 = {1'b1, vd}; vpm = 12'b000_000_111_000;
    end
    // VINTERP (README "Parameter interpolation"): V_FMA_MIX_F32, or MIXLO/MIXHI_F16 for
    // the P2_F16 rows (OPSEL[3] the half), on the F32 operands rdna4_vinterp.sv prepares
    // from the quad's lanes (its NEG and OPSEL read from w0/w1 there); WAITEXP no effect
    if (vi) begin
      vpk = 1'b1; vsd3 = 1'b0; vsd = 7'd124; vneg = 3'd0; vabs = 3'd0; vomod = 2'd0;
      vop = (w0[20:16] == 5'd3 || w0[20:16] == 5'd5) ? (vopsel[3] ? 10'd34 : 10'd33) : 10'd32;
    end
    vmix = vp && (vop == 10'd32 || vop == 10'd33 || vop == 10'd34);
    // (V_DOT2_F32_F16: F16 S0/S1, F32 S2; V_DOT2_F32_BF16 and the integer dots: the
    // F32 pattern, rdna4_vdot.sv takes the BF16 one from it)
    vdot = vp && (vop == 10'd19 || (vop >= 10'd22 && vop <= 10'd26));
    vf8d = vp && vop >= 10'd36 && vop <= 10'd39;            // the FP8 dots: B32 S0/S1, F32 S2
    // WMMA / SWMMAC (rdna4_wmma.sv): C's constant is read by the unit in C's format
    vwm = vp && rdna4_pkg::vwmma(vop, 1'b1);
    if (vpk) vk16 = vmix ? vpm[5:3] : (vop == 10'd19) ? 3'b011 : (vop >= 10'd14 && !vdot && !vf8d && !vwm) ? 3'b111 : 3'b000;
    if (vi) vk16 = 3'b000;
    // V_DOT2_F16_F16 / V_DOT2_BF16_BF16 (rdna4_vdot16.sv): F16 S0/S1 constants (BF16: the F32
    // pattern, its high half taken there); a constant S2 reads its value whichever half
    // OPSEL[2] names (model dot2h); no ABS (RDNA4_NOABS)
    vd2h = !vpk && (vop == 10'd614 || vop == 10'd615);
    if (vd2h && vop == 10'd614) vk16 = 3'b011;
    vr = vpk ? rdna4_pkg::vprow(vop[6:0]) : rdna4_pkg::vrow(vop);
    vf = vpk ? 5'd0 : rdna4_pkg::vfrow(vop);
    vh = vpk ? {3'd0, vop == 10'd33 || vop == 10'd34} : rdna4_pkg::vhrow(vop);
    v64 = vpk ? 6'd0 : rdna4_pkg::v64row(vop);
    // 16-bit operands (README E5 of model/rdna4): VOP3 names the halves in OPSEL; the
    // other forms by bit 7 of a VGPR number (v0-v127; SGPRs and constants: the low half)
    vsh = 3'd0; vdh = 1'b0;
    if (v3) begin
      vsh = vopsel[2:0] & vh[3:1]; vdh = vopsel[3] && vh[0];
      if (vp) vdh = vop == 10'd34;                           // V_FMA_MIXHI_F16: the high half
      if (vd2h && !vs2[8] && vs2[7] && vs2 != 9'd253) vsh[2] = 1'b0;   // a constant S2 of the 16-bit dots
    end else begin
      if (vh[1] && vs0[8]) begin vsh[0] = vs0[7]; vs0[7] = 1'b0; end
      if (vh[2] && vs1[8]) begin vsh[1] = vs1[7]; vs1[7] = 1'b0; end
      if (vh[0]) begin vdh = vd[7]; vd[7] = 1'b0; end
    end
    // VOP1 opcodes are 7 bits of the row space (384-511); V_SWAP_B32/B16, V_PERMLANE64_B32,
    // V_FMAMK/FMAAK_F32/F16 and V_READFIRSTLANE_B32 (model README E20) have no VOP3 form
    if ((w0[31:25] == 7'h3f && w0[16]) ||
        (v3 && (vop == 10'd485 || vop == 10'd486 || vop == 10'd487 || vop == 10'd300 || vop == 10'd301 || vop == 10'd311 ||
                vop == 10'd312 || vop == 10'd386 || vop == 10'd488)))
      vr.known = 1'b0;
    if (vi && w0[20:16] > 5'd5) vr.known = 1'b0;            // VINTERP opcodes 6-31 are reserved
    // V_FMAC_F32/F16: S2 is D (F16: its half); V_FMAMK: S0 * K + VSRC1; V_FMAAK: S0 * VSRC1 + K
    if (vop == 10'd299 || vop == 10'd310) begin vs2 = {1'b1, vd}; vsh[2] = vdh; end
    if (vop == 10'd300 || vop == 10'd311) begin vs2 = vs1; vs1 = 9'd255; vsh[2] = vsh[1]; vsh[1] = 1'b0; end
    if (vop == 10'd301 || vop == 10'd312) vs2 = 9'd255;
    if (!vpk && (vop == 10'd875 || vop == 10'd876)) vs2 = {1'b1, vd};   // V_CVT_SR_*: VDST's other bytes
    if (vr.kind == rdna4_pkg::VK_CMPX) vsd = 7'd126;
    // the lane-mask source: VCC in the VOP2 forms, SRC2 in VOP3 (V_DIV_FMAS_F32/F64: VCC)
    vm_en = vr.msrc;
    vm = (v3 && vop != 10'd567 && vop != 10'd568) ? vs2 : 9'd106;
    vmask = (vr.ns == 2'd0) ? 3'b000 : (vr.ns == 2'd1) ? 3'b001 : (vr.ns == 2'd2) ? 3'b011 : 3'b111;
    // DPP (rdna4 §7.9, L6265; model rdna4_desc.c): SRC0 250 (DPP16), 233 (DPP8),
    // 234 (DPP8FI) of a row that reads S0: the DWORD after the instruction holds
    // the VGPR of S0 and the controls (rdna4_dpp.sv); VOP1/VOP2/VOPC DPP16 take
    // their NEG/ABS from it, VOP3 keeps its own fields.
    vdw  = v3 ? w2 : w1;
    vdpp = !vmask[0] ? 2'd0 : (vs0 == 9'd250) ? 2'd1 : (vs0 == 9'd233) ? 2'd2 : (vs0 == 9'd234) ? 2'd3 : 2'd0;
    if (vdpp != 2'd0) vs0 = {1'b1, vdw[7:0]};
    // a 16-bit S0 of a VOP1/VOP2/VOPC DPP form: bit 7 of the DWORD's VGPR names the
    // high half (model README C13; llvm-mc encodes v1.h as 0x81)
    if (vdpp != 2'd0 && !v3 && vh[1]) begin vsh[0] = vdw[7]; vs0[7] = 1'b0; end
    if (vdpp == 2'd1 && !v3) begin
      vneg = vneg | {1'b0, vdw[22], vdw[20]};
      vabs = vabs | {1'b0, vdw[23], vdw[21]};
    end
    // the lane permutes (rdna4_dpp.sv): OPSEL[1:0] are FI / BOUND_CTRL (L21247)
    vperm = (vop == 10'd603) ? 3'd1 : (vop == 10'd604) ? 3'd2 : (vop == 10'd487) ? 3'd3 :
            (vop == 10'd783) ? 3'd5 : (vop == 10'd784) ? 3'd6 : 3'd0;
    // rows without a DPP form (RDNA4_NODPP): the packed rows but V_FMA_MIX*, V_DOT2_F32_F16/BF16
    // and the FP8 dots, the permutes, READFIRSTLANE, SWAP_B32/B16, MUL_LO/HI,
    // READLANE, WRITELANE, FMAMK/FMAAK F32/F16 (which also carry a literal), V_FMA_DX9_ZERO_F32
    v_nodpp = (vpk && !(vp && (vmix || vop == 10'd19 || vop == 10'd26 || vf8d))) || vperm != 3'd0 || vop == 10'd386 || vop == 10'd485 || vop == 10'd486 || vop == 10'd488 || vop == 10'd812 || vop == 10'd813 || vop == 10'd814 ||
              vop == 10'd864 || vop == 10'd865 || vop == 10'd300 || vop == 10'd301 || vop == 10'd311 || vop == 10'd312 || vop == 10'd521 ||
              vop == 10'd551 || vop == 10'd567 || vop == 10'd764 ||          // DIV_FIXUP/FMAS/SCALE_F32
              v64 != 6'd0;                                        // every 64-bit row is RDNA4_NODPP
    v_lit = (vmask[0] && vs0 == 9'd255) || (vmask[1] && vs1 == 9'd255) || (vmask[2] && vs2 == 9'd255) ||
            (vm_en && vm == 9'd255);
    // illegal DPP forms, as the model's decoder refuses them
    v_dppbad = vdpp != 2'd0 &&
               (v_nodpp || v_lit ||
                (vdpp == 2'd1 && (vdw[17] || (v3 && vdw[23:20] != 4'd0) ||
                                  vdw[16:8] == 9'h100 || vdw[16:8] == 9'h110 || vdw[16:8] == 9'h120 ||
                                  vdw[16:12] == 5'h13 || (vdw[16:12] == 5'h14 && vdw[11:9] != 3'd0) ||
                                  vdw[16:8] >= 9'h170)));
    // forms the vector unit does not execute (yet): OPSEL, OMOD, CLAMP where the
    // row has none here, ABS/NEG outside MODANY rows or on a source the row does
    // not have, VOP3 V_CMPX with VDST other than EXEC_LO
    vs2_16 = vop == 10'd534 || vop == 10'd535;              // V_ALIGNBIT/ALIGNBYTE: S2 is B16
    v_mod = (vopsel != 4'd0 && !(vs2_16 && !vopsel[3]) &&   // ALIGNBIT/BYTE: OPSEL[2] S2's half,
             !(vperm != 3'd0 && vopsel[3:2] == 2'd0) &&     // PERMLANE: OPSEL[1:0] FI / BOUND_CTRL,
             !((vop == 10'd492 || vop == 10'd493) && vopsel[3:2] == 2'd0) &&   // CVT_F32_FP8/BF8: the byte,
             !((vop == 10'd875 || vop == 10'd876) && vopsel[1:0] == 2'd0) &&   // CVT_SR_*: the result byte,
             !(vh != 4'd0 && (vopsel & ~{vh[0], vmask[2] | vm_en, vmask[1:0]}) == 4'd0)) ||  // 16-bit rows: a source's half, the result's (V_CNDMASK_B16: OPSEL[2] of the mask ignored)
            (vomod != 2'd0 && !(vf[4] && vf[0]) && !rdna4_pkg::vf64row(vop)) ||
            (vcm && !vr.clamp) && !vs2_16 ||                 // ALIGNBIT/BYTE: CLAMP ignored (model V55)
            (vd2h && vabs != 3'd0) ||
            ((vneg | vabs) != 3'd0 && !vr.modany && !vf[4] && !v64[5]) ||
            // F64 rows: ABS/NEG on the F64 sources (bit 63)
            (v64[5] && ((vneg | vabs) & ~v64[2:0]) != 3'd0) || ((vneg | vabs) & ~vmask) != 3'd0 ||
            (vf[4] && ((vneg | vabs) & ~vf[3:1]) != 3'd0) ||             // F32 rows: on the F32 sources
            (v3 && vr.kind == rdna4_pkg::VK_CMPX && w0[7:0] != 8'd126) ||
            // VOP3P: an OPSEL_HI bit of a source the row does not have is 1 (model README E18)
            (vp && !vmix && (vpm[5:3] | vmask) != 3'b111) ||
            // the integer dots: OPSEL 0 and OPSEL_HI all ones (model README E15)
            (vp && vop >= 10'd22 && vop <= 10'd25 && (vpm[5:0] != 6'b111_000)) ||
            // the FP8 dots: NEG / NEG_HI on S0 or S1 (the model: unimplemented)
            (vf8d && (vpm[10:9] | vpm[7:6]) != 2'd0) ||
            // WMMA: OPSEL 0, OPSEL_HI all ones; SWMMAC: OPSEL[1:0] the index_key, OPSEL[2] 0
            // (model README E15); NEG[2] / NEG_HI on the IU rows, NEG / NEG_HI on A / B of the
            // FP8/BF8 rows (the model: unimplemented, V51)
            (vwm && (vop[4] ? vpm[5:2] != 4'b1110 : vpm[5:0] != 6'b111_000)) ||
            (vwm && (vop[3:0] == 4'd4 || vop[3:0] == 4'd5 || (vop[4] && vop[3:0] == 4'd6) ||
                     (!vop[4] && vop[3:0] == 4'd10)) && (vpm[8] || vpm[11:9] != 3'd0)) ||
            (vwm && (vop[4] ? vop[3:0] >= 4'd7 : (vop[3:0] >= 4'd6 && vop[3:0] <= 4'd9)) &&
             (vpm[10:9] | vpm[7:6]) != 2'd0) ||
            // scalar A / B of a WMMA row, a constant 128-bit S2 of V_MQSAD_U32_U8 (the model:
            // unimplemented) are not executed
            (vwm && (!vs0[8] || !vs1[8])) || (!vpk && vop == 10'd573 && !vs2[8]);
    // VINTERP: OPSEL only on the F16 rows (opcodes 2-5; model check_format), CLAMP and NEG anywhere
    if (vi) v_mod = vopsel != 4'd0 && w0[20:17] == 4'd0;
    // a 64-bit scalar source is an even register pair (model check_sreg; M0, VCC_HI, EXEC_HI are odd)
    v_odd64 = 1'b0;
    if (v64[0] && !vs0[8] && vs0 <= 9'd127 && vs0[0]) v_odd64 = 1'b1;
    if (v64[1] && !vs1[8] && vs1 <= 9'd127 && vs1[0]) v_odd64 = 1'b1;
    if (v64[2] && !vs2[8] && vs2 <= 9'd127 && vs2[0]) v_odd64 = 1'b1;
    // operand classes (model/rdna4 rdna4_src_class_error) and codes
    v_opnd = (vmask[0] && !rdna4_pkg::vsrc_ok(vs0)) || (vmask[1] && !rdna4_pkg::vsrc_ok(vs1)) ||
             (vmask[2] && !rdna4_pkg::vsrc_ok(vs2)) || (vm_en && (vm[8] || !rdna4_pkg::vsrc_ok(vm))) ||
             (vr.vgpr0 && !vs0[8]) || (vr.scal0 && vs0[8]) || (vr.lanesel && (vs1[8] || vs1 == 9'd255)) ||
             // PERMLANE16/X16: the lane selects S1, S2 are scalar; the _VAR forms' S1 is a VGPR
             ((vperm == 3'd1 || vperm == 3'd2) && (vs1[8] || vs2[8])) || (vperm[2] && !vs1[8]) ||
             // a scalar destination in VDST (READLANE, READFIRSTLANE, V_CMP _e64) is a code 0-127
             ((vr.kind == rdna4_pkg::VK_RLANE || (v3 && vr.kind == rdna4_pkg::VK_CMP)) && (v3 ? w0[7] : w0[24])) ||
             v_odd64 ||
             (vi && !(vs0[8] && vs1[8] && vs2[8]));       // VINTERP: VGPR sources only (rdna4.def VGPR0-2)
  end

  // Per-opcode properties.
  always_comb begin
    known = 1'b0;
    use0 = 1'b0; use1 = 1'b0; w64_0 = 1'b0; w64_1 = 1'b0; wd64 = 1'b0; sx0 = 1'b0;
    raw0 = 1'b0; even0 = 1'b0; smem_ld = 1'b0; smem_buf = 1'b0; smem_n = 5'd1;
    no_s0 = 1'b0; no_d = 1'b0; no_simm = 1'b0; msg = 1'b0; msg_rtn = 1'b0; bar_id = 1'b0; bar_m0 = 1'b0;
    case (fmt)
      rdna4_pkg::FMT_SOP2: begin
        use0 = 1'b1; use1 = 1'b1;
        if (op <= 8'd6 || (op >= 8'd14 && op <= 8'd21) || op == 8'd8 || op == 8'd10 || op == 8'd12 ||
            op == 8'd38 || op == 8'd39 || op == 8'd42 || (op >= 8'd44 && op <= 8'd46) || op == 8'd48 ||
            (op >= 8'd50 && op <= 8'd53))
          known = 1'b1;
        else if (op == 8'd9 || op == 8'd11 || op == 8'd40) begin   // S_LSHL/LSHR_B64, S_BFE_U64
          known = 1'b1; w64_0 = 1'b1; wd64 = 1'b1;
        end else if (op == 8'd13 || op == 8'd41) begin             // S_ASHR_I64, S_BFE_I64
          known = 1'b1; w64_0 = 1'b1; wd64 = 1'b1; sx0 = 1'b1;
        end else if (op >= 8'd22 && op <= 8'd37) begin             // logical B32/B64
          known = 1'b1; w64_0 = op[0]; w64_1 = op[0]; wd64 = op[0];
        end else if (op == 8'd43) begin                            // S_BFM_B64: 32-bit sources
          known = 1'b1; wd64 = 1'b1;
        end else if (op == 8'd49 || (op >= 8'd83 && op <= 8'd85)) begin  // CSELECT_B64, ADD/SUB_NC_U64, MUL_U64
          known = 1'b1; w64_0 = 1'b1; w64_1 = 1'b1; wd64 = 1'b1;
        end else if (op >= 8'd64 && op <= 8'd82) begin             // SALU float (rdna4_sfloat)
          known = 1'b1;
        end
      end
      rdna4_pkg::FMT_SOP1: begin
        use0 = 1'b1;
        if (op == 8'd0 || op == 8'd2 || op == 8'd4 || op == 8'd8 || op == 8'd10 || op == 8'd12 ||
            op == 8'd14 || op == 8'd15 || op == 8'd16 || op == 8'd18 || op == 8'd21 || op == 8'd22 ||
            op == 8'd24 || op == 8'd26 || op == 8'd28 || op == 8'd30)
          known = 1'b1;
        else if (op == 8'd1 || op == 8'd3 || op == 8'd5 || op == 8'd27 || op == 8'd29 || op == 8'd31) begin
          known = 1'b1; w64_0 = 1'b1; wd64 = 1'b1;
        end else if (op == 8'd9 || op == 8'd11 || op == 8'd23 || op == 8'd25) begin  // 64-bit source, 32-bit result
          known = 1'b1; w64_0 = 1'b1;
        end else if (op == 8'd13) begin                            // S_CLS_I32_I64 (S0 typed .u64)
          known = 1'b1; w64_0 = 1'b1;
        end else if (op == 8'd17 || op == 8'd19 || op == 8'd20) begin  // BITSET*_B64, BITREPLICATE
          known = 1'b1; wd64 = 1'b1;
        end else if (op >= 8'd32 && op <= 8'd55) begin             // SAVEEXEC / WREXEC
          known = 1'b1; w64_0 = op[0]; wd64 = op[0];
        end else if (op == 8'd64) begin                            // S_MOVRELS_B32
          known = 1'b1; use0 = 1'b0; raw0 = 1'b1;
        end else if (op == 8'd65) begin                            // S_MOVRELS_B64
          known = 1'b1; use0 = 1'b0; raw0 = 1'b1; even0 = 1'b1; wd64 = 1'b1;
        end else if (op == 8'd66) begin                            // S_MOVRELD_B32
          known = 1'b1;
        end else if (op == 8'd67) begin                            // S_MOVRELD_B64
          known = 1'b1; w64_0 = 1'b1; wd64 = 1'b1;
        end else if (op == 8'd68) begin                            // S_MOVRELSD_2_B32
          known = 1'b1; use0 = 1'b0; raw0 = 1'b1;
        end else if (op == 8'd71) begin                            // S_GETPC_B64: no source
          known = 1'b1; use0 = 1'b0; wd64 = 1'b1; no_s0 = 1'b1;
        end else if (op == 8'd72 || op == 8'd74) begin             // S_SETPC_B64, S_RFE_B64: no destination
          known = 1'b1; w64_0 = 1'b1; no_d = 1'b1;
        end else if (op == 8'd73) begin                            // S_SWAPPC_B64
          known = 1'b1; w64_0 = 1'b1; wd64 = 1'b1;
        end else if (op == 8'd76 || op == 8'd77) begin             // S_SENDMSG_RTN_B32/B64: SSRC0 = message
          known = 1'b1; use0 = 1'b0; wd64 = op[0];
          msg_rtn = 1'b1;
        end else if (op == 8'd78 || op == 8'd79) begin             // S_BARRIER_SIGNAL(_ISFIRST)
          known = 1'b1; use0 = 1'b0; bar_id = 1'b1; no_d = 1'b1;
        end else if (op == 8'd80) begin                            // S_GET_BARRIER_STATE
          known = 1'b1; use0 = 1'b0; bar_id = 1'b1; bar_m0 = 1'b1;
        end else if (op == 8'd83 || op == 8'd88) begin             // S_ALLOC_VGPR, S_SLEEP_VAR
          known = 1'b1; no_d = 1'b1;
        end else if (op >= 8'd96 && op <= 8'd110) begin
          known = 1'b1;
        end
      end
      rdna4_pkg::FMT_SOPC: begin
        use0 = 1'b1; use1 = 1'b1;
        if (op <= 8'd13) known = 1'b1;
        else if (op == 8'd14 || op == 8'd15) begin known = 1'b1; w64_0 = 1'b1; end
        else if (op == 8'd16 || op == 8'd17) begin known = 1'b1; w64_0 = 1'b1; w64_1 = 1'b1; end
        else if ((op >= 8'd65 && op <= 8'd78) || (op >= 8'd81 && op <= 8'd94)) begin known = 1'b1; end
      end
      rdna4_pkg::FMT_SOPK: begin
        if (op == 8'd0 || op == 8'd2 || (op >= 8'd15 && op <= 8'd18)) known = 1'b1;
        else if (op == 8'd1 || op == 8'd19) begin known = 1'b1; no_d = 1'b1; end  // S_VERSION, S_SETREG_IMM32
        else if (op == 8'd20) begin known = 1'b1; wd64 = 1'b1; end   // S_CALL_B64
      end
      rdna4_pkg::FMT_SOPP: begin
        case (op)
          8'd0, 8'd1, 8'd2, 8'd3, 8'd5, 8'd7, 8'd8, 8'd9, 8'd11, 8'd16, 8'd17, 8'd18, 8'd20,
          8'd32, 8'd33, 8'd34, 8'd35, 8'd36, 8'd37, 8'd38, 8'd48, 8'd53,
          8'd56, 8'd57, 8'd64, 8'd65, 8'd66, 8'd67, 8'd68, 8'd70, 8'd71, 8'd72, 8'd73:
            known = 1'b1;
          8'd10, 8'd31, 8'd49, 8'd52, 8'd60: begin                   // no operand: SIMM16 must be 0
            known = 1'b1; no_simm = 1'b1;                            // (31 = S_CODE_END)
          end
          8'd54, 8'd55: begin known = 1'b1; msg = 1'b1; end          // S_SENDMSG(HALT)
          default: known = 1'b0;                                     // reserved
        endcase
      end
      rdna4_pkg::FMT_SMEM: begin
        if (op <= 8'd5 || (op >= 8'd8 && op <= 8'd11) || (op >= 8'd16 && op <= 8'd21) ||
            (op >= 8'd24 && op <= 8'd27)) begin
          known = 1'b1; smem_ld = 1'b1; smem_buf = op[4];
          smem_n = rdna4_pkg::smem_dwords(op[3:0]);
        end else if (op == 8'd33 || (op >= 8'd36 && op <= 8'd40)) begin
          known = 1'b1;                                              // cache invalidate / prefetch: no-ops
          smem_buf = (op == 8'd39);
        end
      end
      default: ;
    endcase
  end

  // Legality, length, fields.
  always_comb begin
    why = rdna4_pkg::WHY_NONE;
    need_lit = (fmt == rdna4_pkg::FMT_SOPK && op == 8'd19) || fmt == rdna4_pkg::FMT_SMEM ||
               (fmt == rdna4_pkg::FMT_SOP2 && (op == 8'd69 || op == 8'd70)) ||   // S_FMAAK/FMAMK_F32: K
               (use0 && w0[7:0] == rdna4_pkg::SRC_LIT) || (use1 && w0[15:8] == rdna4_pkg::SRC_LIT);
    if (!ok0)                                    why = rdna4_pkg::WHY_FETCH;
    else if (vmg) begin                                             // VGLOBAL: three dwords
      if (!ok1 || !ok2)                          why = rdna4_pkg::WHY_FETCH;
      else if (!vms && w0[6:0] != 7'd124 && (w0[6:0] > 7'd122 || w0[0] || vmf))   // SADDR: NULL or an even SGPR pair
        why = rdna4_pkg::WHY_OPERAND;                              // (FLAT: NULL, model A11)
      else if (vms && w0[6:0] > 7'd124)                             // SCRATCH SADDR: NULL or an SGPR
        why = rdna4_pkg::WHY_OPERAND;
      else if (vms && !w1[17] && w2[7:0] != 8'd0)                   // SCRATCH: VADDR unused without SVE
        why = rdna4_pkg::WHY_RSVD_BITS;
      else if ((w0[21:14] == 8'd43 || w0[21:14] == 8'd44 || w0[21:14] == 8'd79) &&
               (w0[6:0] != 7'd124 || w2 != 32'd0))                  // cache controls: no address
        why = rdna4_pkg::WHY_RSVD_BITS;
      else if ((w0[21:14] == 8'd40 || w0[21:14] == 8'd41) && w2[7:0] != 8'd0)   // ADDTID: no VADDR
        why = rdna4_pkg::WHY_RSVD_BITS;
    end
    else if (vmb) begin                                             // VBUFFER: three dwords (model E2, E3)
      if (!ok1 || !ok2)                          why = rdna4_pkg::WHY_FETCH;
      else if (w1[17:9] > 9'd124 || w1[10:9] != 2'd0 || w2[31])     // RSRC a multiple of 4, IOFFSET >= 0
        why = rdna4_pkg::WHY_OPERAND;
      else if ((!w1[31] && !w1[30] && w2[7:0] != 8'd0) ||          // VADDR unused without IDXEN/OFFEN
               (!w0[21] && w1[29:23] != 7'd1) || w0[25:23] != 3'd0) // untyped: FORMAT 1 (LLVM's)
        why = rdna4_pkg::WHY_RSVD_BITS;
    end
    else if (dsg) begin                                             // VDS: two dwords
      if (!ok1)                                  why = rdna4_pkg::WHY_FETCH;
      else if (w0[17:16] != 2'b00)               why = rdna4_pkg::WHY_RSVD_BITS;   // no field there
    end
    else if (ddg) begin                                             // VDSDIR (model rdna4.def): OP [21:20]
      if (w0[21])                                why = rdna4_pkg::WHY_RSVD_OP;     // 2, 3: reserved
      else if (w0[22] || (w0[20] && w0[15:8] != 8'd0))              // bit 22; DS_DIRECT_LOAD: no ATTR,
        why = rdna4_pkg::WHY_RSVD_BITS;                             // ATTR_CHAN
    end
    else if (fmt == rdna4_pkg::FMT_NONE)         why = rdna4_pkg::WHY_FORMAT;
    else if (fmt == rdna4_pkg::FMT_VALU) begin
      if (v3 && !ok1)                            why = rdna4_pkg::WHY_FETCH;
      else if (!vr.known)                        why = rdna4_pkg::WHY_VALU_OP;
      else if ((v_lit || vdpp != 2'd0) && !(v3 ? ok2 : ok1)) why = rdna4_pkg::WHY_FETCH;
      else if (v_dppbad)                         why = rdna4_pkg::WHY_DPP;
      else if (v_mod)                            why = rdna4_pkg::WHY_VALU_MOD;
      else if (v_opnd)                           why = rdna4_pkg::WHY_OPERAND;
    end
    else if (!known)                             why = rdna4_pkg::WHY_RSVD_OP;
    else if (need_lit && !ok1)                   why = rdna4_pkg::WHY_FETCH;
    else if (fmt == rdna4_pkg::FMT_SMEM) begin
      if (w0[20:19] != 2'b0 || w0[25] || w1[24])  why = rdna4_pkg::WHY_RSVD_BITS;
      else if (op == 8'd33 && (w0[12:0] != 13'd0 || w1[23:0] != 24'd0 || w1[31:25] != 7'd0))
        why = rdna4_pkg::WHY_RSVD_BITS;                             // S_DCACHE_INV has no operands
      else if ((op == 8'd37 || op == 8'd40) && w0[5:0] != 6'd0)
        why = rdna4_pkg::WHY_RSVD_BITS;                             // PC-relative prefetch: no SBASE
      else if (smem_buf && (w0[0] || w0[5:0] == 6'd62))             // V#: 4-aligned SGPRs, not NULL/EXEC
        why = rdna4_pkg::WHY_OPERAND;
      else if (smem_ld && (w0[12:6] >= 7'd125 || (smem_n == 5'd2 && w0[6]) ||
                           (smem_n >= 5'd3 && w0[12:6] != 7'd124 && w0[7:6] != 2'b00)))
        why = rdna4_pkg::WHY_SMEM_DST;
    end else begin
      if ((use0 && !rdna4_pkg::src_legal(w0[7:0], w64_0)) || (use1 && !rdna4_pkg::src_legal(w0[15:8], w64_1)) ||
          (wd64 && w0[16]))
        why = rdna4_pkg::WHY_OPERAND;
      else if ((no_s0 && w0[7:0] != 8'd0) || (no_d && w0[22:16] != 7'd0) || (no_simm && w0[15:0] != 16'd0))
        why = rdna4_pkg::WHY_RSVD_BITS;                             // fields the instruction does not use
      else if ((msg && !(w0[15:0] == 16'd1 || w0[15:0] == 16'd2 || w0[15:0] == 16'd3 || w0[15:0] == 16'd9)) ||
               (msg_rtn && !((w0[7:0] >= 8'h80 && w0[7:0] <= 8'h85) || w0[7:0] == 8'h87 || w0[7:0] == 8'hff)) ||
               (bar_id && !((w0[7:0] >= 8'd128 && w0[7:0] <= 8'd208) || (bar_m0 && w0[7:0] == 8'd125))))
        why = rdna4_pkg::WHY_OPERAND;                               // message / barrier id (Tables 21/22, digest B8)
      else if (raw0 && (w0[7:0] > 8'd123 || (even0 && w0[0])))
        why = rdna4_pkg::WHY_MOVREL;
    end

    d = '0;
    d.ill   = (why != rdna4_pkg::WHY_NONE);
    d.why   = why;
    d.fmt   = fmt;
    d.op    = op;
    d.len   = need_lit ? 2'd2 : 2'd1;
    d.w0    = w0;
    d.w1    = need_lit ? w1 : 32'd0;
    d.s0    = (fmt == rdna4_pkg::FMT_SMEM) ? {1'b0, w0[5:0], 1'b0} : w0[7:0];   // SMEM: SBASE*2
    d.s1    = (fmt == rdna4_pkg::FMT_SMEM) ? {1'b0, w1[31:25]} : w0[15:8];
    d.sd    = (fmt == rdna4_pkg::FMT_SMEM) ? w0[12:6] : w0[22:16];
    d.simm  = w0[15:0];
    d.s0_64 = w64_0;
    d.s1_64 = w64_1;
    d.d_64  = wd64;
    d.s0_sx = sx0;
    if (vmg || vmb) begin
      d.vmem = 1'b1;
      d.op   = w0[21:14];
      d.len  = 2'd3;
      d.w1   = w1;
      d.w2   = w2;
    end
    if (dsg) begin
      d.ds   = 1'b1;
      d.op   = w0[25:18];
      d.len  = 2'd2;
      d.w1   = w1;
    end
    if (ddg) begin                                                  // VDSDIR: the LDS (w0[31:24] tells it)
      d.ds   = 1'b1;
      d.op   = {7'd0, w0[20]};
      d.len  = 2'd1;
    end
    if (fmt == rdna4_pkg::FMT_VALU) begin
      d.len    = 2'(v3) + 2'd1 + 2'(v_lit || vdpp != 2'd0);
      d.w1     = (v3 || v_lit || vdpp != 2'd0) ? w1 : 32'd0;
      d.w2     = (v3 && (v_lit || vdpp != 2'd0)) ? w2 : 32'd0;
      d.vop    = vop;
      d.vkind  = vr.kind;
      d.vs0    = vs0;
      d.vs1    = vs1;
      d.vs2    = vs2;
      d.vm_en  = vm_en;
      d.vm     = vm;
      d.vd     = vd;
      d.vsd    = vsd;
      d.vneg   = vneg;
      d.vabs   = vabs;
      d.vclamp = vcm;
      d.vs2_16 = vs2_16;
      d.vs2hi  = vopsel[2] && vs2_16;
      d.vfl    = vf[4];
      d.vs16   = vh[3:1];
      d.vsh    = vsh;
      d.vd16   = vh[0];
      d.vdh    = vdh;
      d.vomod  = vomod;
      d.vdpp   = vdpp;
      d.vdw    = (vdpp != 2'd0) ? vdw : 32'd0;
      d.vperm  = vperm;
      d.vpfb   = (vperm != 3'd0) ? vopsel[1:0] : 2'd0;
      d.v64    = v64;
      d.vpk    = vpk;
      d.vpm    = vpm;
      d.vk16   = vk16;
      d.vrel   = (vop == 10'd450) ? 3'b010 : (vop == 10'd451) ? 3'b001 : (vop == 10'd452) ? 3'b011 :
                 (vop == 10'd456 || vop == 10'd488) ? 3'b111 : 3'b000;
      d.vfl    = vf[4] || vpk || rdna4_pkg::vf64row(vop);
    end
  end
endmodule
