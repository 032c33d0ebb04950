// rdna4_pkg.sv - types, constants and pure helper functions of the RDNA4 scalar core.
//
// Source: shared/specs/rdna4-isa.md ("rdna4 Lnnnn" below), chapter 15 (microcode
// formats) and chapter 16 (pseudocode).  Contract: model/rdna4/README.md.
// Decisions taken where the guide is silent are listed in rtl/rdna4/README.md.
//
// The Makefile passes rtl/rdna4/*.sv except *_pkg.sv to Verilator, so every
// module file includes this package itself (root-relative path, guarded).
// Written for Verilator 5.006 (-Wall) and yosys 0.23: no `return`, no `import`
// inside modules (users write rdna4_pkg::name), no multi-dimensional packed arrays.
`ifndef RDNA4_PKG_SV
`define RDNA4_PKG_SV
package rdna4_pkg;

  // ------------------------------------------------------------- formats
  localparam logic [2:0] FMT_SOP2 = 3'd0;
  localparam logic [2:0] FMT_SOPK = 3'd1;
  localparam logic [2:0] FMT_SOP1 = 3'd2;
  localparam logic [2:0] FMT_SOPC = 3'd3;
  localparam logic [2:0] FMT_SOPP = 3'd4;
  localparam logic [2:0] FMT_SMEM = 3'd5;
  localparam logic [2:0] FMT_VALU = 3'd6;   // VOP1, VOP2, VOPC, VOP3, VOP3SD (the vector unit)
  localparam logic [2:0] FMT_NONE = 3'd7;   // not a format of this core (VOP3P, VOPD, VMEM, ...)

  // ------------------------------------------- why an instruction faults
  // (the core's fault_why output; rtl/rdna4/README.md "What faults")
  localparam logic [3:0] WHY_NONE      = 4'd0;
  localparam logic [3:0] WHY_FETCH     = 4'd1;   // pc (or its literal) outside the instruction-memory window
  localparam logic [3:0] WHY_FORMAT    = 4'd2;   // vector / memory / export formats: not this core
  localparam logic [3:0] WHY_RSVD_OP   = 4'd3;   // reserved opcode
  localparam logic [3:0] WHY_FLOAT     = 4'd4;   // SALU float instruction: unsupported for now
  localparam logic [3:0] WHY_OPERAND   = 4'd5;   // reserved operand / message / barrier code, misaligned pair
  localparam logic [3:0] WHY_VMEM_OP   = 4'd6;   // VGLOBAL opcode the vector memory unit does not execute yet
  localparam logic [3:0] WHY_RSVD_BITS = 4'd7;   // reserved bits, or a field the instruction does not use, set
  localparam logic [3:0] WHY_VMEM_WIN  = 4'd8;   // VGLOBAL access (a word it needs) outside the data-memory window
  localparam logic [3:0] WHY_MOVREL    = 4'd9;   // S_MOVREL* source base outside SGPR/TTMP, odd 64-bit index
  localparam logic [3:0] WHY_SMEM_ADDR = 4'd10;  // S_LOAD IOFFSET + SOFFSET < 0
  localparam logic [3:0] WHY_SMEM_DST  = 4'd11;  // SMEM SDATA misaligned or M0/EXEC
  localparam logic [3:0] WHY_SMEM_WIN  = 4'd12;  // SMEM access (a DWORD it needs) outside the data-memory window
  localparam logic [3:0] WHY_VALU_OP   = 4'd13;  // VALU opcode the vector unit does not execute yet
  localparam logic [3:0] WHY_VALU_MOD  = 4'd14;  // VALU form it does not execute yet: OPSEL, OMOD, CLAMP or
                                                 // ABS/NEG where the row has none here, odd wave64 mask pair
  localparam logic [3:0] WHY_DPP       = 4'd15;  // illegal DPP form (as the model's decoder): the row has no DPP,
                                                 // a literal with DPP, DPP16 bit 17, undefined DPP_CTRL, VOP3 DPP
                                                 // NEG/ABS bits

  // ---------------------------------------------- scalar operand codes
  localparam logic [7:0] SRC_NULL    = 8'd124;
  localparam logic [7:0] SRC_SCC     = 8'd253;
  localparam logic [7:0] SRC_LIT     = 8'd255;

  // ------------------------------------------------- hardware registers
  localparam logic [5:0] HW_MODE       = 6'd1;
  localparam logic [5:0] HW_STATUS     = 6'd2;
  localparam logic [5:0] HW_STATE_PRIV = 6'd4;
  localparam logic [5:0] HW_EXCP_FLAG_PRIV = 6'd17;
  localparam int ST_PRIV    = 5;    // STATUS bits (rdna4 L1014-1041)
  localparam int ST_TRAP_EN = 6;
  localparam int ST_EXECZ   = 9;
  localparam int ST_VCCZ    = 10;
  localparam int ST_FATAL_HALT = 23;
  localparam int ST_WAVE64  = 29;
  localparam int SP_SCC     = 9;    // STATE_PRIV.SCC (rdna4 L1046-1063)
  localparam int SP_HALT    = 14;   // STATE_PRIV.HALT
  localparam int EP_MEMVIOL = 4;    // EXCP_FLAG_PRIV.memviol (rdna4 L1293-1308)
  localparam int EP_ILLEGAL = 6;    // EXCP_FLAG_PRIV.illegal_inst

  // ------------------------------------------------ retire flag bits
  // Same values as GPUREF_RETIRE_* in model/include/gpuref.h.
  localparam int RF_END    = 1;     // GPUREF_RETIRE_END    0x2
  localparam int RF_BRANCH = 2;     // GPUREF_RETIRE_BRANCH 0x4
  localparam int RF_TRAP   = 4;     // GPUREF_RETIRE_TRAP   0x10

  // ------------------------------------------------ decoded instruction
  typedef struct packed {
    logic        ill;      // the instruction faults instead of retiring
    logic [3:0]  why;      // WHY_* (debug)
    logic [2:0]  fmt;      // FMT_*
    logic [7:0]  op;       // opcode within the format
    logic [1:0]  len;      // dwords, literal included (1 or 2)
    logic [31:0] w0;       // first dword
    logic [31:0] w1;       // second dword: literal, or SMEM bits [63:32]
    logic [7:0]  s0;       // SSRC0 (SMEM: the code of the SBASE register, SBASE*2)
    logic [7:0]  s1;       // SSRC1 (SMEM: {1'b0, SOFFSET})
    logic [6:0]  sd;       // SDST (SMEM: SDATA)
    logic [15:0] simm;     // SIMM16
    logic        s0_64;    // S0 is read as 64 bits
    logic        s1_64;    // S1 is read as 64 bits
    logic        d_64;     // D (and the D-as-source of SOPK/BITSET) is 64 bits
    logic        s0_sx;    // a literal in S0 is sign-extended to 64 bits (I64 source)
    // vector ALU (fmt FMT_VALU; README "Vector unit")
    logic [31:0] w2;       // third dword (VOP3 literal)
    logic [9:0]  vop;      // VOP3 opcode number of the row (VOPC 0-255, VOP2 256+, VOP1 384+)
    logic [2:0]  vkind;    // VK_*
    logic [8:0]  vs0;      // source codes: 0-255 scalar operand codes, 256-511 VGPR 0-255
    logic [8:0]  vs1;
    logic [8:0]  vs2;
    logic        vm_en;    // a lane-mask source is read (CNDMASK select, carry-in)
    logic [8:0]  vm;       // its code (VCC for the VOP2 forms)
    logic [7:0]  vd;       // VGPR destination
    logic [6:0]  vsd;      // scalar destination code (lane mask, READLANE result)
    logic [2:0]  vneg;     // NEG / ABS of S0-S2 (bit 31; CNDMASK and MOV only)
    logic [2:0]  vabs;
    logic        vclamp;
    logic        vs2_16;   // S2 is a 16-bit operand (V_ALIGNBIT/ALIGNBYTE, README V5): F16 inline constants
    logic        vs2hi;    // S2 is its high half (OPSEL[2])
    logic        vfl;      // a float row of the float lanes (rdna4_vfloat.sv)
    logic [2:0]  vs16;     // S0-S2 are 16-bit operands (F16 rows, vhrow): F16 inline constants,
    logic [2:0]  vsh;      //   the half vsh[i] names (1 = bits 31:16), ABS/NEG on bit 15
    logic        vd16;     // the result is a 16-bit half of VDST, the half vdh (the other kept)
    logic        vdh;
    logic [1:0]  vomod;    // OMOD (float rows)
    logic        vmem;     // VGLOBAL (fmt FMT_NONE; rdna4_vmem.sv, README "Vector memory")
    logic        ds;       // VDS (fmt FMT_NONE; rdna4_lds.sv, README "LDS")
    logic [1:0]  vdpp;     // SRC0 through DPP: 0 none, 1 DPP16, 2 DPP8, 3 DPP8FI (rdna4_dpp.sv)
    logic [31:0] vdw;      // the DPP DWORD (vs0 is then its VGPR)
    logic [2:0]  vperm;    // V_PERMLANE*: 0 none, 1 16, 2 X16, 3 64, 5 16_VAR, 6 X16_VAR (rdna4_dpp.sv)
    logic [1:0]  vpfb;     // their OPSEL[1:0]: {BOUND_CTRL, FI}
    logic [5:0]  v64;      // 64-bit operands of the row (v64row; rdna4_valu64.sv)
    // packed math (VOP3P, V_PK_FMAC_F16: rdna4_vpk.sv, vop = the VOP3P opcode, README "Packed math")
    logic        vpk;
    logic [11:0] vpm;      // {NEG_HI, NEG, OPSEL_HI, OPSEL} of S0-S2 (bit i: source i)
    logic [2:0]  vk16;     // sources whose float inline constant is the F16 pattern {16'h0, F16}
    // VGPR indexing by M0 (V_MOVREL*, V_SWAPREL; README "VGPR indexing"): {indices M0[9:0] /
    // M0[25:16] (else M0), VDST indexed, S0's VGPR indexed}
    logic [2:0]  vrel;
    logic        vopd;     // a half of a VOPD pair (rdna4_vopd.sv; w0-w2 and len: the whole VOPD)
  } dec_t;

  // Kinds of VALU rows.
  localparam logic [2:0] VK_VGPR  = 3'd0;   // D = VGPR, every active lane
  localparam logic [2:0] VK_CMP   = 3'd1;   // lane mask to VCC / SGPR (V_CMP)
  localparam logic [2:0] VK_CMPX  = 3'd2;   // lane mask to EXEC (V_CMPX)
  localparam logic [2:0] VK_CARRY = 3'd3;   // VGPR + carry/borrow mask (VOP3SD, _CO_CI VOP2)
  localparam logic [2:0] VK_RLANE = 3'd4;   // V_READLANE / V_READFIRSTLANE: an SGPR
  localparam logic [2:0] VK_WLANE = 3'd5;   // V_WRITELANE: one lane of a VGPR
  localparam logic [2:0] VK_NOP   = 3'd6;   // V_NOP, V_PIPEFLUSH
  localparam logic [2:0] VK_SWAP  = 3'd7;   // V_SWAP_B32: VDST and the VGPR of S0 exchange their active lanes

  // The VALU rows the vector unit executes (rdna4_valu.sv): {known, kind,
  // sources, CLAMP defined, ABS/NEG allowed (MODANY), mask source, S0 must be a
  // VGPR, S1 is a lane select, S0 must be scalar}.  Numbers: model/rdna4/rdna4.def.
  typedef struct packed {
    logic       known;
    logic [2:0] kind;
    logic [1:0] ns;
    logic       clamp;
    logic       modany;
    logic       msrc;
    logic       vgpr0;
    logic       lanesel;
    logic       scal0;
  } vrow_t;

  function automatic logic [11:0] vrow(input logic [9:0] op);
    logic [11:0] r;   // the bits of vrow_t
    r = 12'd0;
    r[11] = 1'b1; r[7:6] = 2'd2;
    case (op)
      10'd65, 10'd66, 10'd67, 10'd68, 10'd69, 10'd70, 10'd73, 10'd74, 10'd75, 10'd76, 10'd77, 10'd78:
        r[10:8] = VK_CMP;
      10'd193, 10'd194, 10'd195, 10'd196, 10'd197, 10'd198, 10'd201, 10'd202, 10'd203, 10'd204, 10'd205, 10'd206:
        r[10:8] = VK_CMPX;
      10'd257: begin r[4] = 1'b1; r[3] = 1'b1; end
      10'd265, 10'd267, 10'd293, 10'd294, 10'd295, 10'd805, 10'd806: r[5] = 1'b1;
      10'd266, 10'd268, 10'd273, 10'd274, 10'd275, 10'd276, 10'd280, 10'd281, 10'd282, 10'd283, 10'd284,
      10'd285, 10'd286, 10'd797, 10'd798, 10'd799, 10'd800, 10'd803, 10'd804, 10'd812, 10'd813, 10'd814: ;
      10'd288, 10'd289, 10'd290: begin r[10:8] = VK_CARRY; r[5] = 1'b1; r[3] = 1'b1; end
      10'd768, 10'd769, 10'd770: begin r[10:8] = VK_CARRY; r[5] = 1'b1; end
      10'd384, 10'd411: begin r[10:8] = VK_NOP; r[7:6] = 2'd0; end
      10'd385: begin r[7:6] = 2'd1; r[4] = 1'b1; end
      10'd386: begin r[10:8] = VK_RLANE; r[7:6] = 2'd1; r[2] = 1'b1; end
      10'd439, 10'd440, 10'd441, 10'd442, 10'd443: r[7:6] = 2'd1;
      10'd485: begin r[10:8] = VK_SWAP; r[7:6] = 2'd1; r[2] = 1'b1; end
      10'd522, 10'd523, 10'd546, 10'd547, 10'd548, 10'd549, 10'd569: begin r[7:6] = 2'd3; r[5] = 1'b1; end
      10'd528, 10'd529, 10'd530, 10'd533, 10'd534, 10'd535, 10'd538, 10'd539, 10'd541, 10'd542, 10'd544,
      10'd545, 10'd576, 10'd580, 10'd581, 10'd582, 10'd583, 10'd597, 10'd598, 10'd599, 10'd600,
      10'd610, 10'd611, 10'd612, 10'd613: r[7:6] = 2'd3;
      10'd864: begin r[10:8] = VK_RLANE; r[2] = 1'b1; r[1] = 1'b1; end
      // F32 rows (rdna4_vfloat.sv; vfrow below)
      10'd259, 10'd260, 10'd261, 10'd264, 10'd277, 10'd278, 10'd299, 10'd869, 10'd870: r[5] = 1'b1;
      10'd300, 10'd301, 10'd531: begin r[7:6] = 2'd3; r[5] = 1'b1; end
      10'd263: r[5] = 1'b1;                                                  // V_MUL_DX9_ZERO_F32
      10'd521: begin r[7:6] = 2'd3; r[5] = 1'b1; end                         // V_FMA_DX9_ZERO_F32
      10'd614, 10'd615: r[7:6] = 2'd3;
      10'd573: begin r[7:6] = 2'd3; r[5] = 1'b1; end                         // V_MQSAD_U32_U8 (rdna4_wmma.sv)                                       // V_DOT2_F16_F16/BF16_BF16 (rdna4_vdot16.sv)
      10'd389, 10'd390, 10'd391, 10'd392: begin r[7:6] = 2'd1; r[5] = 1'b1; end
      10'd17, 10'd18, 10'd19, 10'd20, 10'd21, 10'd22, 10'd23, 10'd24, 10'd25, 10'd26, 10'd27, 10'd28,
      10'd29, 10'd30: begin r[10:8] = VK_CMP; r[5] = 1'b1; end
      10'd145, 10'd146, 10'd147, 10'd148, 10'd149, 10'd150, 10'd151, 10'd152, 10'd153, 10'd154, 10'd155,
      10'd156, 10'd157, 10'd158: begin r[10:8] = VK_CMPX; r[5] = 1'b1; end
      10'd126: r[10:8] = VK_CMP;
      10'd254: r[10:8] = VK_CMPX;
      // F32 min/max of three, MULLIT; FRACT, rounding, FREXP, UBYTE, FLOOR/NEAREST; LDEXP
      10'd536, 10'd553, 10'd554, 10'd557, 10'd558, 10'd616, 10'd617, 10'd620, 10'd621:
        begin r[7:6] = 2'd3; r[5] = 1'b1; end
      10'd396, 10'd397, 10'd401, 10'd402, 10'd403, 10'd404, 10'd416, 10'd417, 10'd418, 10'd419, 10'd420,
      10'd447, 10'd448: begin r[7:6] = 2'd1; r[5] = 1'b1; end
      10'd796: r[5] = 1'b1;
      // normalized and packed integer conversions (rdna4_vcvtn.sv): PK_NORM_I16/U16_F32,
      // PK_NORM_I16/U16_F16, PK_I16/U16_F32 (S0, S1), NORM_I16/U16_F16 (S0), PK_U8_F32 (S0-S2)
      10'd801, 10'd802, 10'd786, 10'd787, 10'd774, 10'd775: r[5] = 1'b1;
      10'd483, 10'd484: begin r[7:6] = 2'd1; r[5] = 1'b1; end
      10'd550: begin r[7:6] = 2'd3; r[5] = 1'b1; end
      10'd421, 10'd423, 10'd426, 10'd427, 10'd430, 10'd435, 10'd437, 10'd438: begin r[7:6] = 2'd1; r[5] = 1'b1; end
      // V_S_EXP/LOG/RCP/RSQ/SQRT_F32 (pseudo-scalar, §7.10): lane 0 of the transcendental
      // unit, EXEC ignored, the value to the SGPR in VDST as READLANE's; S0 scalar
      10'd640, 10'd642, 10'd644, 10'd646, 10'd648, 10'd641, 10'd643, 10'd645, 10'd647, 10'd649:
        begin r[10:8] = VK_RLANE; r[7:6] = 2'd1; r[5] = 1'b1; r[0] = 1'b1; end
      10'd865: begin r[10:8] = VK_WLANE; r[0] = 1'b1; r[1] = 1'b1; end
      // V_PERMLANE16/X16_B32 (S1, S2 the lane selects), _VAR (S1 a VGPR), V_PERMLANE64_B32:
      // S0 through the crossbar (rdna4_dpp.sv), the lanes copy it
      10'd603, 10'd604: begin r[7:6] = 2'd3; r[2] = 1'b1; end
      10'd783, 10'd784: r[2] = 1'b1;
      10'd487: begin r[7:6] = 2'd1; r[2] = 1'b1; end
      // V_MOVRELD/MOVRELS/MOVRELSD/MOVRELSD_2_B32 (a V_MOV_B32 whose VGPRs are indexed by M0)
      // and V_SWAPREL_B32 (V_SWAP_B32's): the core indexes the rows (dec_t.vrel)
      10'd450: begin r[7:6] = 2'd1; r[4] = 1'b1; end
      10'd451, 10'd452, 10'd456: begin r[7:6] = 2'd1; r[4] = 1'b1; r[2] = 1'b1; end
      10'd488: begin r[10:8] = VK_SWAP; r[7:6] = 2'd1; r[2] = 1'b1; end
      // F16 rows (rdna4_vhalf_lane.sv; vhrow below)
      10'd304, 10'd305, 10'd306, 10'd307, 10'd308, 10'd309, 10'd310: r[5] = 1'b1;
      10'd311, 10'd312, 10'd584: begin r[7:6] = 2'd3; r[5] = 1'b1; end
      10'd394, 10'd395: begin r[7:6] = 2'd1; r[5] = 1'b1; end
      10'd303: r[5] = 1'b1;                                                   // V_CVT_PK_RTZ_F16_F32
      10'd871, 10'd872: r[5] = 1'b1;                                          // V_MINIMUM/MAXIMUM_F16
      10'd475, 10'd476, 10'd477, 10'd478: begin r[7:6] = 2'd1; r[5] = 1'b1; end  // FLOOR/CEIL/TRUNC/RNDNE_F16
      // FRACT, FREXP_MANT/EXP_I16, CVT_F16_U16/I16, CVT_U16/I16_F16; LDEXP, PACK_B32; the
      // three-input and combined min/max (F16), MED3_NUM_F32, CVT_OFF_F32_I4
      10'd479, 10'd473, 10'd474, 10'd464, 10'd465, 10'd466, 10'd467, 10'd398:
        begin r[7:6] = 2'd1; r[5] = 1'b1; end
      10'd315, 10'd785: r[5] = 1'b1;
      10'd555, 10'd556, 10'd559, 10'd560, 10'd562, 10'd618, 10'd619, 10'd622, 10'd623, 10'd561:
        begin r[7:6] = 2'd3; r[5] = 1'b1; end
      10'd596: begin r[7:6] = 2'd3; r[5] = 1'b1; end                          // V_DIV_FIXUP_F16
      10'd468, 10'd469, 10'd470, 10'd471, 10'd472, 10'd480, 10'd481:          // the F16 transcendentals
        begin r[7:6] = 2'd1; r[5] = 1'b1; end
      10'd1, 10'd2, 10'd3, 10'd4, 10'd5, 10'd6, 10'd7, 10'd8, 10'd9, 10'd10, 10'd11, 10'd12, 10'd13,
      10'd14: begin r[10:8] = VK_CMP; r[5] = 1'b1; end
      10'd129, 10'd130, 10'd131, 10'd132, 10'd133, 10'd134, 10'd135, 10'd136, 10'd137, 10'd138, 10'd139,
      10'd140, 10'd141, 10'd142: begin r[10:8] = VK_CMPX; r[5] = 1'b1; end
      10'd125: r[10:8] = VK_CMP;
      10'd253: r[10:8] = VK_CMPX;
      // 16-bit integer rows (rdna4_valu.sv; their 16-bit operands: vhrow)
      10'd49, 10'd50, 10'd51, 10'd52, 10'd53, 10'd54, 10'd57, 10'd58, 10'd59, 10'd60, 10'd61, 10'd62:
        r[10:8] = VK_CMP;
      10'd177, 10'd178, 10'd179, 10'd180, 10'd181, 10'd182, 10'd185, 10'd186, 10'd187, 10'd188, 10'd189,
      10'd190: r[10:8] = VK_CMPX;
      10'd412: begin r[7:6] = 2'd1; r[4] = 1'b1; end                         // V_MOV_B16
      10'd486: begin r[10:8] = VK_SWAP; r[7:6] = 2'd1; r[2] = 1'b1; end        // V_SWAP_B16
      10'd482, 10'd489, 10'd490, 10'd491: r[7:6] = 2'd1;
      10'd577, 10'd586, 10'd587, 10'd589, 10'd590, 10'd592, 10'd593, 10'd595, 10'd601,
      10'd602: begin r[7:6] = 2'd3; r[5] = 1'b1; end
      10'd605: begin r[4] = 1'b1; r[3] = 1'b1; end                           // V_CNDMASK_B16
      10'd771, 10'd772, 10'd781, 10'd782: r[5] = 1'b1;
      10'd773, 10'd777, 10'd778, 10'd779, 10'd780, 10'd824, 10'd825, 10'd826, 10'd866, 10'd867, 10'd868: ;
      // 64-bit integer rows (rdna4_valu64.sv; their 64-bit operands: v64row)
      10'd81, 10'd82, 10'd83, 10'd84, 10'd85, 10'd86, 10'd89, 10'd90, 10'd91, 10'd92, 10'd93, 10'd94:
        r[10:8] = VK_CMP;
      10'd209, 10'd210, 10'd211, 10'd212, 10'd213, 10'd214, 10'd217, 10'd218, 10'd219, 10'd220, 10'd221,
      10'd222: r[10:8] = VK_CMPX;
      10'd287, 10'd829, 10'd830: ;                                            // V_LSHLREV/LSHRREV_B64, V_ASHRREV_I64
      10'd766, 10'd767: begin r[10:8] = VK_CARRY; r[7:6] = 2'd3; r[5] = 1'b1; end  // V_MAD_CO_U64_U32/I64_I32
      10'd570, 10'd571: begin r[7:6] = 2'd3; r[5] = 1'b1; end                  // V_QSAD/MQSAD_PK_U16_U8
      // F64 compares (rdna4_valu64.sv)
      10'd33, 10'd34, 10'd35, 10'd36, 10'd37, 10'd38, 10'd39, 10'd40, 10'd41, 10'd42, 10'd43, 10'd44, 10'd45,
      10'd46: begin r[10:8] = VK_CMP; r[5] = 1'b1; end
      10'd161, 10'd162, 10'd163, 10'd164, 10'd165, 10'd166, 10'd167, 10'd168, 10'd169, 10'd170, 10'd171,
      10'd172, 10'd173, 10'd174: begin r[10:8] = VK_CMPX; r[5] = 1'b1; end
      10'd127: r[10:8] = VK_CMP;                                              // V_CMP_CLASS_F64
      10'd255: r[10:8] = VK_CMPX;
      // F64 arithmetic (rdna4_vf64.sv; vf64row below)
      10'd258, 10'd262, 10'd269, 10'd270, 10'd833, 10'd834: r[5] = 1'b1;      // ADD, MUL, MIN/MAX_NUM, MINIMUM/MAXIMUM
      10'd532: begin r[7:6] = 2'd3; r[5] = 1'b1; end                          // V_FMA_F64
      10'd399, 10'd388, 10'd406: begin r[7:6] = 2'd1; r[5] = 1'b1; end        // V_CVT_F32_F64, V_CVT_F64_I32/U32
      10'd400: begin r[7:6] = 2'd1; r[5] = 1'b1; r[4] = 1'b1; end             // V_CVT_F64_F32: ABS/NEG on the F32 source
      10'd811: r[5] = 1'b1;                                                   // V_LDEXP_F64
      10'd407, 10'd408, 10'd409, 10'd410, 10'd446, 10'd445, 10'd444, 10'd387, 10'd405:
        begin r[7:6] = 2'd1; r[5] = 1'b1; end     // TRUNC/CEIL/RNDNE/FLOOR, FRACT, FREXP_MANT/EXP, CVT_I32/U32_F64
      10'd431, 10'd433, 10'd436: begin r[7:6] = 2'd1; r[5] = 1'b1; end   // V_RCP/RSQ/SQRT_F64 (rdna4_vdsr.sv)
      // the division macro (rdna4_vdiv.sv): DIV_FIXUP_F32/F64, DIV_FMAS_F32/F64 (the mask
      // source VCC), DIV_SCALE_F32/F64 (VOP3SD: a lane mask to SDST); CUBEID/SC/TC/MA_F32;
      // V_TRIG_PREOP_F64 (rdna4_vtrig.sv)
      10'd551, 10'd552, 10'd524, 10'd525, 10'd526, 10'd527: begin r[7:6] = 2'd3; r[5] = 1'b1; end
      10'd567, 10'd568: begin r[7:6] = 2'd3; r[5] = 1'b1; r[3] = 1'b1; end
      10'd764, 10'd765: begin r[10:8] = VK_CARRY; r[7:6] = 2'd3; r[5] = 1'b1; end
      10'd815: r[5] = 1'b1;
      // the FP8/BF8 conversions (rdna4_vfp8.sv): CVT_F32_FP8/BF8, CVT_PK_F32_FP8/BF8 (S0);
      // CVT_PK_FP8/BF8_F32, CVT_SR_FP8/BF8_F32 (S0, S1); no CLAMP or ABS/NEG (RDNA4_NOMODS)
      10'd492, 10'd493, 10'd494, 10'd495: r[7:6] = 2'd1;
      10'd873, 10'd874, 10'd875, 10'd876: ;
      default: r[11] = 1'b0;
    endcase
    vrow = r;
  endfunction

  // The F32 rows of the float lanes (rdna4_vfloat.sv): {float row, sources that
  // take ABS/NEG (the F32 inputs, model rdna4_mods_allowed), OMOD allowed (not an
  // RDNA4_NOOMOD row; the lanes ignore it on an integer result)}.  S2 of V_FMAC_F32 is D, V_FMAMK_F32's S1
  // and V_FMAAK_F32's S2 the literal (rdna4_decode.sv).
  function automatic logic [4:0] vfrow(input logic [9:0] op);
    logic [4:0] r;
    case (op)
      10'd259, 10'd260, 10'd261, 10'd264, 10'd277, 10'd278, 10'd299, 10'd869, 10'd870: r = 5'b1_011_1;
      10'd300, 10'd301, 10'd531: r = 5'b1_111_1;
      10'd263: r = 5'b1_011_1;                                // V_MUL_DX9_ZERO_F32 (DX9 zero wins)
      10'd521: r = 5'b1_111_1;                                // V_FMA_DX9_ZERO_F32
      10'd614, 10'd615: r = 5'b1_111_0;                       // V_DOT2_F16_F16/BF16_BF16: NEG (no ABS: decode)
      10'd389, 10'd390: r = 5'b1_000_1;                       // V_CVT_F32_I32/U32: integer source
      10'd391, 10'd392: r = 5'b1_001_1;                       // V_CVT_U32/I32_F32: OMOD ignored (int result, model V55)
      10'd17, 10'd18, 10'd19, 10'd20, 10'd21, 10'd22, 10'd23, 10'd24, 10'd25, 10'd26, 10'd27, 10'd28,
      10'd29, 10'd30, 10'd145, 10'd146, 10'd147, 10'd148, 10'd149, 10'd150, 10'd151, 10'd152, 10'd153,
      10'd154, 10'd155, 10'd156, 10'd157, 10'd158: r = 5'b1_011_0;
      10'd126, 10'd254: r = 5'b1_001_0;                       // CLASS: S1 is a B32 mask
      10'd536, 10'd553, 10'd554, 10'd557, 10'd558, 10'd616, 10'd617, 10'd620, 10'd621: r = 5'b1_111_1;
      10'd416, 10'd417, 10'd418, 10'd419, 10'd420, 10'd448: r = 5'b1_001_1;
      10'd796: r = 5'b1_001_1;                                // V_LDEXP_F32: S1 an I32
      10'd401, 10'd402, 10'd403, 10'd404: r = 5'b1_000_1;     // V_CVT_F32_UBYTE0-3: a B32 source
      10'd396, 10'd397, 10'd447: r = 5'b1_001_0;              // integer results, RDNA4_NOOMOD
      10'd421, 10'd423, 10'd426, 10'd427, 10'd430, 10'd435, 10'd437, 10'd438: r = 5'b1_001_1;   // rdna4_vtrans.sv
      10'd640, 10'd642, 10'd644, 10'd646, 10'd648: r = 5'b1_001_1;   // V_S_*_F32 (rdna4_vtrans.sv)
      10'd641, 10'd643, 10'd645, 10'd647, 10'd649: r = 5'b1_001_1;   // V_S_*_F16 (rdna4_vtrans.sv)
      // rdna4_vcvtn.sv (vcvtn): integer results, RDNA4_NOOMOD but NORM_I16/U16_F16 (OMOD ignored)
      10'd801, 10'd802, 10'd786, 10'd787, 10'd774, 10'd775: r = 5'b1_011_0;
      10'd550: r = 5'b1_001_0;                                // V_CVT_PK_U8_F32: S1, S2 B32
      10'd483, 10'd484: r = 5'b1_001_1;
      // F16 rows (the same shapes; V_CVT_F16_F32's source and V_CVT_F32_F16's result are F32)
      10'd304, 10'd305, 10'd306, 10'd307, 10'd308, 10'd309, 10'd310: r = 5'b1_011_1;
      10'd311, 10'd312, 10'd584: r = 5'b1_111_1;
      10'd394, 10'd395: r = 5'b1_001_1;
      10'd303: r = 5'b1_011_1;                                // V_CVT_PK_RTZ_F16_F32: OMOD ignored (packed F16)
      10'd871, 10'd872: r = 5'b1_011_1;
      10'd475, 10'd476, 10'd477, 10'd478: r = 5'b1_001_1;
      10'd479, 10'd473, 10'd474, 10'd466, 10'd467: r = 5'b1_001_1;   // FREXP_EXP, CVT_U16/I16: OMOD ignored
      10'd464, 10'd465: r = 5'b1_000_1;                       // CVT_F16_U16/I16: a B16 source
      10'd315: r = 5'b1_001_1;                                // LDEXP_F16: S1 an I16
      10'd785: r = 5'b1_011_0;                                // PACK_B32_F16 (RDNA4_NOOMOD)
      10'd555, 10'd556, 10'd559, 10'd560, 10'd562, 10'd618, 10'd619, 10'd622, 10'd623: r = 5'b1_111_1;
      10'd561: r = 5'b1_111_1;                                // V_MED3_NUM_F32
      10'd596: r = 5'b1_111_1;                                // V_DIV_FIXUP_F16
      10'd468, 10'd469, 10'd470, 10'd471, 10'd472, 10'd480, 10'd481: r = 5'b1_001_1;   // F16 rdna4_vtrans.sv
      10'd551, 10'd567, 10'd764, 10'd524, 10'd525, 10'd526, 10'd527: r = 5'b1_111_1;   // DIV_*_F32, CUBE*
      10'd398: r = 5'b1_000_1;                                // V_CVT_OFF_F32_I4: a B32 source
      10'd1, 10'd2, 10'd3, 10'd4, 10'd5, 10'd6, 10'd7, 10'd8, 10'd9, 10'd10, 10'd11, 10'd12, 10'd13,
      10'd14, 10'd129, 10'd130, 10'd131, 10'd132, 10'd133, 10'd134, 10'd135, 10'd136, 10'd137, 10'd138,
      10'd139, 10'd140, 10'd141, 10'd142: r = 5'b1_011_0;
      10'd125, 10'd253: r = 5'b1_001_0;                       // CLASS_F16: S1 is a B16 mask
      10'd492, 10'd493, 10'd494, 10'd495, 10'd873, 10'd874, 10'd875, 10'd876: r = 5'b1_000_0;   // rdna4_vfp8.sv
      default: r = 5'd0;
    endcase
    vfrow = r;
  endfunction

  // The F32 transcendentals rdna4_vtrans.sv executes: V_EXP, LOG, RCP, RCP_IFLAG, RSQ,
  // SQRT, SIN, COS_F32 (VOP3 numbers; VOP1 opcode + 384), and the pseudo-scalar
  // V_S_EXP/LOG/RCP/RSQ/SQRT_F32 (vpsrow).
  function automatic logic vpsrow(input logic [9:0] op);
    vpsrow = op >= 10'd640 && op <= 10'd649;              // V_S_*_F32 (even), V_S_*_F16 (odd)
  endfunction
  // The normalized and packed integer conversions rdna4_vcvtn.sv executes.
  function automatic logic vcvtn(input logic [9:0] op);
    vcvtn = op == 10'd801 || op == 10'd802 || op == 10'd786 || op == 10'd787 || op == 10'd483 || op == 10'd484 ||
            op == 10'd774 || op == 10'd775 || op == 10'd550;
  endfunction
  function automatic logic vtrans(input logic [9:0] op);
    vtrans = op == 10'd421 || op == 10'd423 || op == 10'd426 || op == 10'd427 || op == 10'd430 || op == 10'd435 ||
             op == 10'd437 || op == 10'd438 || vtrans16(op) || vpsrow(op);
  endfunction
  // The F16 ones (V_RCP, SQRT, RSQ, LOG, EXP, SIN, COS_F16, V_S_*_F16): MODE's F16 rounding.
  function automatic logic vtrans16(input logic [9:0] op);
    vtrans16 = (op >= 10'd468 && op <= 10'd472) || op == 10'd480 || op == 10'd481 ||
               op == 10'd641 || op == 10'd643 || op == 10'd645 || op == 10'd647 || op == 10'd649;
  endfunction

  // The packed-math rows rdna4_vpk.sv executes (VOP3P opcode, model/rdna4/rdna4.def):
  // vrow_t bits as vrow (VK_VGPR, CLAMP defined, sources 2 or 3).  The packed 16-bit
  // integer rows 0-13, the packed F16 rows 14-16 and 27-30, V_FMA_MIX_F32/MIXLO/MIXHI
  // 32-34, the dot products 19, 22-26 (rdna4_vdot.sv), the FP8 dot products 36-39
  // (rdna4_vfp8.sv), WMMA/SWMMAC 64-74, 80-90 (rdna4_wmma.sv).
  function automatic logic [11:0] vprow(input logic [6:0] op);
    logic [11:0] r;
    r = 12'd0;
    case (op)
      7'd0, 7'd9, 7'd14, 7'd32, 7'd33, 7'd34, 7'd19, 7'd22, 7'd23, 7'd24, 7'd25, 7'd26:
        r = 12'b1_000_11_1_00000;
      7'd1, 7'd2, 7'd3, 7'd4, 7'd5, 7'd6, 7'd7, 7'd8, 7'd10, 7'd11, 7'd12, 7'd13, 7'd15, 7'd16,
      7'd27, 7'd28, 7'd29, 7'd30: r = 12'b1_000_10_1_00000;
      7'd36, 7'd37, 7'd38, 7'd39: r = 12'b1_000_11_0_00000;      // the FP8 dots (rdna4_vfp8.sv): no CLAMP
      // WMMA / SWMMAC (rdna4_wmma.sv): CLAMP only on the integer rows (taken, no effect)
      7'd64, 7'd65, 7'd66, 7'd67, 7'd70, 7'd71, 7'd72, 7'd73, 7'd80, 7'd81, 7'd82, 7'd83, 7'd87, 7'd88,
      7'd89, 7'd90: r = 12'b1_000_11_0_00000;
      7'd68, 7'd69, 7'd74, 7'd84, 7'd85, 7'd86: r = 12'b1_000_11_1_00000;
      default: ;
    endcase
    vprow = r;
  endfunction

  // The rows of the multi-row unit rdna4_wmma.sv: V_WMMA_* / V_SWMMAC_* (VOP3P 64-74,
  // 80-90) and V_MQSAD_U32_U8 (VOP3 573): a D of 2-8 VGPRs, retired over beats.
  function automatic logic vwmma(input logic [9:0] op, input logic pk);
    vwmma = pk ? ((op >= 10'd64 && op <= 10'd74) || (op >= 10'd80 && op <= 10'd90)) : op == 10'd573;
  endfunction

  // The rows with 16-bit operands (model/rdna4/rdna4.def F16/B16 operands, README E5):
  // {16-bit S2, S1, S0, 16-bit result half}.  A 16-bit operand is a half of a VGPR
  // (VOP1/VOP2/VOPC: bit 7 of the VGPR number, VOP3: its OPSEL bit) or of a scalar
  // value; a 16-bit result writes one half of VDST (VDST bit 7 / OPSEL[3]).  The
  // F16 rows execute in rdna4_vhalf_lane.sv (V_CVT_F32_F16 in rdna4_vfloat_lane.sv).
  function automatic logic [3:0] vhrow(input logic [9:0] op);
    logic [3:0] r;
    case (op)
      10'd304, 10'd305, 10'd306, 10'd307, 10'd308, 10'd309, 10'd871, 10'd872: r = 4'b011_1;
      10'd475, 10'd476, 10'd477, 10'd478: r = 4'b001_1;        // FLOOR/CEIL/TRUNC/RNDNE_F16
      10'd479, 10'd473, 10'd474, 10'd464, 10'd465, 10'd466, 10'd467: r = 4'b001_1;  // FRACT, FREXP, 16-bit CVTs
      10'd315: r = 4'b011_1;                                  // V_LDEXP_F16: S1 the I16 half
      10'd785: r = 4'b011_0;                                  // V_PACK_B32_F16: a B32 result
      10'd555, 10'd556, 10'd559, 10'd560, 10'd562, 10'd618, 10'd619, 10'd622, 10'd623: r = 4'b111_1;
      10'd310, 10'd311, 10'd312, 10'd584: r = 4'b111_1;          // V_FMAC_F16: S2 = D's half
      10'd596: r = 4'b111_1;                                  // V_DIV_FIXUP_F16
      10'd468, 10'd469, 10'd470, 10'd471, 10'd472, 10'd480, 10'd481: r = 4'b001_1;   // F16 transcendentals
      10'd641, 10'd643, 10'd645, 10'd647, 10'd649: r = 4'b001_0;   // V_S_*_F16: the F16 S0 (result to an SGPR)
      10'd394: r = 4'b000_1;                                  // V_CVT_F16_F32
      10'd614, 10'd615: r = 4'b100_1;                         // V_DOT2_F16_F16/BF16_BF16: 32-bit S0/S1
      10'd395: r = 4'b001_0;                                  // V_CVT_F32_F16
      10'd786, 10'd787: r = 4'b011_0;                         // V_CVT_PK_NORM_I16/U16_F16: a B32 result
      10'd483, 10'd484: r = 4'b001_1;                         // V_CVT_NORM_I16/U16_F16
      10'd494, 10'd495: r = 4'b001_0;                         // V_CVT_PK_F32_FP8/BF8: a B16 S0
      10'd873, 10'd874: r = 4'b000_1;                         // V_CVT_PK_FP8/BF8_F32: a 16-bit result
      10'd1, 10'd2, 10'd3, 10'd4, 10'd5, 10'd6, 10'd7, 10'd8, 10'd9, 10'd10, 10'd11, 10'd12, 10'd13,
      10'd14, 10'd129, 10'd130, 10'd131, 10'd132, 10'd133, 10'd134, 10'd135, 10'd136, 10'd137, 10'd138,
      10'd139, 10'd140, 10'd141, 10'd142, 10'd125, 10'd253: r = 4'b011_0;
      // 16-bit integer rows (rdna4_valu.sv)
      10'd49, 10'd50, 10'd51, 10'd52, 10'd53, 10'd54, 10'd57, 10'd58, 10'd59, 10'd60, 10'd61, 10'd62,
      10'd177, 10'd178, 10'd179, 10'd180, 10'd181, 10'd182, 10'd185, 10'd186, 10'd187, 10'd188, 10'd189,
      10'd190, 10'd601, 10'd602: r = 4'b011_0;                // compares, V_MAD_U32_U16/I32_I16 (32-bit S2, D)
      10'd412, 10'd486, 10'd489: r = 4'b001_1;                // V_MOV_B16, V_SWAP_B16, V_NOT_B16
      10'd482: r = 4'b000_1;                                  // V_SAT_PK_U8_I16: 32-bit S0
      10'd490, 10'd491: r = 4'b001_0;                         // V_CVT_I32_I16, V_CVT_U32_U16: 32-bit D
      10'd577, 10'd586, 10'd587, 10'd589, 10'd590, 10'd592, 10'd593, 10'd595: r = 4'b111_1;
      10'd605, 10'd771, 10'd772, 10'd773, 10'd777, 10'd778, 10'd779, 10'd780, 10'd781, 10'd782, 10'd824,
      10'd825, 10'd826, 10'd866, 10'd867, 10'd868: r = 4'b011_1;
      default: r = 4'd0;
    endcase
    vhrow = r;
  endfunction

  // The rows with 64-bit operands (model/rdna4/rdna4.def B64/I64/F64 operands,
  // rdna4_load_src64 / rdna4_valu_write64): {F64 sources (a literal is the high
  // half), I64 sources (a literal is sign-extended), 64-bit result (VDST, VDST + 1),
  // 64-bit S2, S1, S0}.  A 64-bit source is a VGPR pair v[N+1]:v[N] (v255 pairs with
  // v0), an even SGPR pair, or a 64-bit constant; they execute in rdna4_valu64.sv.
  function automatic logic [5:0] v64row(input logic [9:0] op);
    logic [5:0] r;
    case (op)
      10'd81, 10'd82, 10'd83, 10'd84, 10'd85, 10'd86, 10'd209, 10'd210, 10'd211, 10'd212, 10'd213,
      10'd214: r = 6'b01_0_011;                                  // V_CMP(X)_*_I64
      10'd89, 10'd90, 10'd91, 10'd92, 10'd93, 10'd94, 10'd217, 10'd218, 10'd219, 10'd220, 10'd221,
      10'd222: r = 6'b00_0_011;                                  // V_CMP(X)_*_U64
      10'd287, 10'd829: r = 6'b00_1_010;                         // V_LSHLREV_B64, V_LSHRREV_B64: S1
      10'd830: r = 6'b01_1_010;                                  // V_ASHRREV_I64
      10'd766: r = 6'b00_1_100;                                  // V_MAD_CO_U64_U32: S2
      10'd767: r = 6'b01_1_100;                                  // V_MAD_CO_I64_I32
      10'd570, 10'd571: r = 6'b00_1_101;                         // V_QSAD/MQSAD_PK_U16_U8: S0, S2
      10'd573: r = 6'b00_0_001;                                  // V_MQSAD_U32_U8: S0 (rdna4_wmma.sv)
      10'd33, 10'd34, 10'd35, 10'd36, 10'd37, 10'd38, 10'd39, 10'd40, 10'd41, 10'd42, 10'd43, 10'd44, 10'd45,
      10'd46,
      10'd161, 10'd162, 10'd163, 10'd164, 10'd165, 10'd166, 10'd167, 10'd168, 10'd169, 10'd170, 10'd171,
      10'd172, 10'd173, 10'd174: r = 6'b10_0_011;                                  // V_CMP(X)_*_F64
      10'd127, 10'd255: r = 6'b10_0_001;                         // V_CMP(X)_CLASS_F64: S1 a B32 mask
      10'd258, 10'd262, 10'd269, 10'd270, 10'd833, 10'd834: r = 6'b10_1_011;   // F64 arithmetic (vf64row)
      10'd532: r = 6'b10_1_111;                                  // V_FMA_F64
      10'd399: r = 6'b10_0_001;                                  // V_CVT_F32_F64: an F32 result
      10'd400, 10'd388, 10'd406: r = 6'b00_1_000;                // V_CVT_F64_F32/I32/U32: a 32-bit source
      10'd811, 10'd407, 10'd408, 10'd409, 10'd410, 10'd446, 10'd445: r = 6'b10_1_001;   // LDEXP (S1 B32), rounding, FRACT, FREXP_MANT
      10'd444, 10'd387, 10'd405: r = 6'b10_0_001;                // V_FREXP_EXP_I32_F64, V_CVT_I32/U32_F64: a B32 result
      10'd431, 10'd433, 10'd436: r = 6'b10_1_001;                // V_RCP/RSQ/SQRT_F64
      10'd552, 10'd568, 10'd765: r = 6'b10_1_111;                // V_DIV_FIXUP/FMAS/SCALE_F64
      10'd815: r = 6'b10_1_001;                                  // V_TRIG_PREOP_F64: S1 a B32
      10'd494, 10'd495: r = 6'b00_1_000;                         // V_CVT_PK_F32_FP8/BF8 (rdna4_vfp8.sv)
      default: r = 6'd0;
    endcase
    v64row = r;
  endfunction

  // The F64 arithmetic rows (rdna4_vf64.sv): the float lanes' passes (dec_t.vfl),
  // 64-bit operands by v64row, OMOD and CLAMP on every one.
  function automatic logic vf64row(input logic [9:0] op);
    case (op)
      10'd258, 10'd262, 10'd269, 10'd270, 10'd833, 10'd834, 10'd532, 10'd399, 10'd400, 10'd388,
      10'd406, 10'd811, 10'd407, 10'd408, 10'd409, 10'd410, 10'd446, 10'd445, 10'd444, 10'd387,
      10'd405, 10'd431, 10'd433, 10'd436, 10'd552, 10'd568, 10'd765, 10'd815: vf64row = 1'b1;
      default: vf64row = 1'b0;
    endcase
  endfunction

  // V_RCP/RSQ/SQRT_F64: F64 arithmetic rows (vf64row) whose results rdna4_vdsr.sv
  // computes over several cycles (the pass holds until they are done).
  function automatic logic vdsr64(input logic [9:0] op);
    vdsr64 = op == 10'd431 || op == 10'd433 || op == 10'd436;
  endfunction

  // The FP8/BF8 rows rdna4_vfp8.sv executes: the conversions (VOP3 numbers) and, with
  // pk (VOP3P), the dots 36-39.
  function automatic logic vfp8(input logic [9:0] op, input logic pk);
    vfp8 = pk ? (op >= 10'd36 && op <= 10'd39)
              : ((op >= 10'd492 && op <= 10'd495) || (op >= 10'd873 && op <= 10'd876));
  endfunction

  // A row the F16 lanes execute (rdna4_vhalf_lane.sv): an F16 result or an F16 compare.
  // V_CVT_PK_RTZ_F16_F32 (F32 sources, two F16 halves in a B32 result) too.
  function automatic logic vhalf(input logic [9:0] op);
    vhalf = (op != 10'd395 && vhrow(op) != 4'd0) || op == 10'd303;
  endfunction

  // ------------------------------------------------- float helpers
  // (shared by rdna4_sfloat.sv and rdna4_vfloat.sv)
  // MODE.FP_ROUND field (0 nearest even, 1 +inf, 2 -inf, 3 toward zero, rdna4
  // L1072) as the rtl/common/fp rm code (0 RNE, 1 RTZ, 2 RUP, 3 RDN).
  function automatic logic [2:0] fp_rm(input logic [1:0] m);
    case (m)
      2'd0: fp_rm = 3'd0;
      2'd1: fp_rm = 3'd2;
      2'd2: fp_rm = 3'd3;
      default: fp_rm = 3'd1;
    endcase
  endfunction

  // FP_EXC_* bits of rtl/common/fp -> EXCP_FLAG_USER bits (invalid 0, input
  // denormal 1, div0 2, overflow 3, underflow 4, inexact 5; rdna4 L1310-1326).
  function automatic logic [31:0] excp_bits(input logic [5:0] e);
    excp_bits = {26'd0, e[4], e[3], e[2], e[1], e[5], e[0]};
  endfunction

  // The NaN cases of the min/max rows (model rdna4_exec_sfloat.c rdna4_fp_minmax),
  // raw operands (f16: the low halves): num = minimumNumber/maximumNumber: both
  // NaN -> S0 quieted, one NaN -> the other operand as read; else (minimum/maximum)
  // sNaN S0, sNaN S1, qNaN S0, qNaN S1 win, quieted.  Returns {NaN case, invalid
  // (an sNaN operand), result}.
  function automatic logic [33:0] mm_nan(input logic [31:0] a, input logic [31:0] b, input logic num,
                                         input logic h);
    logic na, nb, sa, sb;
    logic [31:0] qb, r;
    if (h) begin
      na = (a[14:10] == 5'h1f) && (a[9:0] != 10'd0);
      nb = (b[14:10] == 5'h1f) && (b[9:0] != 10'd0);
      sa = na && !a[9];
      sb = nb && !b[9];
      qb = 32'h200;
    end else begin
      na = (a[30:23] == 8'hff) && (a[22:0] != 23'd0);
      nb = (b[30:23] == 8'hff) && (b[22:0] != 23'd0);
      sa = na && !a[22];
      sb = nb && !b[22];
      qb = 32'h400000;
    end
    r = 32'd0;
    if (num) begin
      if (na && nb) r = a | qb;
      else if (na)  r = b;
      else          r = a;
    end else begin
      if (sa)       r = qb | a;
      else if (sb)  r = b | qb;
      else if (na)  r = a;
      else          r = b;
    end
    if (h) r = {16'd0, r[15:0]};
    mm_nan = {na || nb, sa || sb, r};
  endfunction

  // -x for a subtraction's operand: the sign flipped unless x is a NaN (model/fp fp_sub).
  function automatic logic [31:0] neg_num32(input logic [31:0] x);
    neg_num32 = (x[30:23] == 8'hff && x[22:0] != 23'd0) ? x : {~x[31], x[30:0]};
  endfunction

  // The class bit of a binary32 pattern, model/fp FP_CLASS_* = the V_CMP_CLASS mask
  // bits (rdna4 L15560): 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0,
  // 7 +denormal, 8 +normal, 9 +inf; the raw bits (MODE's flush does not apply).
  function automatic logic [9:0] fclass32(input logic [31:0] x);
    logic [9:0] r;
    if (x[30:23] == 8'hff)
      r = (x[22:0] != 23'd0) ? (x[22] ? 10'b00_0000_0010 : 10'b00_0000_0001)
                             : (x[31] ? 10'b00_0000_0100 : 10'b10_0000_0000);
    else if (x[30:23] == 8'd0)
      r = (x[22:0] == 23'd0) ? (x[31] ? 10'b00_0010_0000 : 10'b00_0100_0000)
                             : (x[31] ? 10'b00_0001_0000 : 10'b00_1000_0000);
    else
      r = x[31] ? 10'b00_0000_1000 : 10'b01_0000_0000;
    fclass32 = r;
  endfunction

  // The same for a binary16 pattern (V_CMP_CLASS_F16).
  function automatic logic [9:0] fclass16(input logic [15:0] x);
    logic [9:0] r;
    if (x[14:10] == 5'h1f)
      r = (x[9:0] != 10'd0) ? (x[9] ? 10'b00_0000_0010 : 10'b00_0000_0001)
                            : (x[15] ? 10'b00_0000_0100 : 10'b10_0000_0000);
    else if (x[14:10] == 5'd0)
      r = (x[9:0] == 10'd0) ? (x[15] ? 10'b00_0010_0000 : 10'b00_0100_0000)
                            : (x[15] ? 10'b00_0001_0000 : 10'b00_1000_0000);
    else
      r = x[15] ? 10'b00_0000_1000 : 10'b01_0000_0000;
    fclass16 = r;
  endfunction

  // OMOD of a rounded binary32 result (README C7, model rdna4_valu_fop: fp_mul by
  // 2.0 / 4.0 / 0.5 with output denormals flushed; -0 -> +0 is the caller's): the
  // product is exact but for overflow (rm: 0 RNE, 1 RTZ, 2 RUP, 3 RDN gives +-inf or
  // +-FLT_MAX) and results below 2^-126 (flushed to +-0).  daz: a denormal r reads
  // +-0.  Returns {FP_EXC_* flags that count (invalid on sNaN, overflow, denormal
  // operand), result}; underflow and inexact of this step are not raised.
  function automatic logic [37:0] omod32(input logic [31:0] r, input logic [1:0] om, input logic [2:0] rm,
                                         input logic daz);
    logic [31:0] o;
    logic [5:0]  e;
    logic [24:0] m;
    logic [8:0]  ne;
    logic        inf;
    o = r; e = 6'd0; m = 25'd0; ne = 9'd0; inf = 1'b0;
    if (r[30:23] == 8'hff) begin
      if (r[22:0] != 23'd0) begin o = r | 32'h00400000; e[0] = !r[22]; end
    end else if (r[30:23] == 8'd0) begin
      e[5] = r[22:0] != 23'd0;
      o = {r[31], 31'd0};
      m = (om == 2'd1) ? {1'b0, r[22:0], 1'b0} : {r[22:0], 2'b00};
      if (!daz && om != 2'd3) begin
        if (m[24])      o = {r[31], 8'd2, m[23:1]};
        else if (m[23]) o = {r[31], 8'd1, m[22:0]};
      end
    end else if (om == 2'd3) begin
      o = (r[30:23] == 8'd1) ? {r[31], 31'd0} : {r[31], r[30:23] - 8'd1, r[22:0]};
    end else begin
      ne = {1'b0, r[30:23]} + ((om == 2'd1) ? 9'd1 : 9'd2);
      if (ne >= 9'd255) begin
        e[2] = 1'b1;
        inf = (rm == 3'd0) || (rm == 3'd2 && !r[31]) || (rm == 3'd3 && r[31]);
        o = {r[31], inf ? 31'h7f800000 : 31'h7f7fffff};
      end else
        o = {r[31], ne[7:0], r[22:0]};
    end
    omod32 = {e, o};
  endfunction

  // A source code a VALU operand may hold here: SGPR/VCC/TTMP/NULL/M0/EXEC,
  // inline constants, SCC, literal, VGPR (DPP markers 233/234/250, the aperture
  // constants and reserved codes are not executed: WHY_VALU_MOD / WHY_OPERAND).
  function automatic logic vsrc_ok(input logic [8:0] c);
    vsrc_ok = c[8] || c <= 9'd208 || (c >= 9'd240 && c <= 9'd248) || c == 9'd253 || c == 9'd255;
  endfunction

  // A VALU source code that is an inline constant (128-208, 240-248) / a float one
  // (240-248): the DOT2 rows replicate them into both halves (rdna4_vdot.sv).
  function automatic logic vsrc_k(input logic [8:0] c);
    vsrc_k = (c >= 9'd128 && c <= 9'd208) || vsrc_kf(c);
  endfunction
  function automatic logic vsrc_kf(input logic [8:0] c);
    vsrc_kf = c >= 9'd240 && c <= 9'd248;
  endfunction

  // ------------------------------------------------- register file reads
  // Register pair p (codes 2p, 2p+1) of the flat scalar register vector.  A
  // loop of constant slices, not a variable part-select: yosys 0.23 turns the
  // latter into a 4096-bit barrel shifter per read port.
  function automatic logic [63:0] rd_pair(input logic [4095:0] rf, input logic [5:0] p);
    logic [63:0] v;
    v = 64'd0;
    for (int i = 0; i < 64; i++)
      if (p == 6'(i)) v = rf[64*i +: 64];
    rd_pair = v;
  endfunction

  // ------------------------------------------------------- operands
  // Value of an inline-constant code (128-208 integers, 240-248 floats),
  // rdna4 L1648-1703: integers sign-extended, float constants as F64 bit
  // patterns for 64-bit operands and F32 patterns (zero-extended) otherwise.
  function automatic logic [63:0] inline_const(input logic [7:0] c, input logic w64);
    logic [63:0] v;
    v = 64'd0;
    if (c >= 8'd128 && c <= 8'd192)
      v = {56'd0, c - 8'd128};
    else if (c >= 8'd193 && c <= 8'd208)
      v = 64'd0 - {56'd0, c - 8'd192};
    else if (w64)
      case (c)
        8'd240: v = 64'h3fe0000000000000;   //  0.5
        8'd241: v = 64'hbfe0000000000000;   // -0.5
        8'd242: v = 64'h3ff0000000000000;   //  1.0
        8'd243: v = 64'hbff0000000000000;   // -1.0
        8'd244: v = 64'h4000000000000000;   //  2.0
        8'd245: v = 64'hc000000000000000;   // -2.0
        8'd246: v = 64'h4010000000000000;   //  4.0
        8'd247: v = 64'hc010000000000000;   // -4.0
        8'd248: v = 64'h3fc45f306dc9c882;   //  1/(2*pi)
        default: v = 64'd0;
      endcase
    else
      case (c)
        8'd240: v = 64'h3f000000;
        8'd241: v = 64'hbf000000;
        8'd242: v = 64'h3f800000;
        8'd243: v = 64'hbf800000;
        8'd244: v = 64'h40000000;
        8'd245: v = 64'hc0000000;
        8'd246: v = 64'h40800000;
        8'd247: v = 64'hc0800000;
        8'd248: v = 64'h3e22f983;
        default: v = 64'd0;
      endcase
    if (!w64) v[63:32] = 32'd0;
    inline_const = v;
  endfunction

  // A 16-bit operand: the half h of v (1 = bits 31:16), ABS (clear bit 15) then NEG
  // (flip it), as model/rdna4 rdna4_load_src16.
  function automatic logic [15:0] half16(input logic [31:0] v, input logic h, input logic ab, input logic ng);
    logic [15:0] r;
    r = h ? v[31:16] : v[15:0];
    r[15] = (r[15] & ~ab) ^ ng;
    half16 = r;
  endfunction

  // A 16-bit operand's float inline constant is the F16 pattern (rdna4
  // L1682-1694), zero-extended; any other code keeps its value v.
  function automatic logic [31:0] inline_f16(input logic [7:0] c, input logic [31:0] v);
    logic [31:0] r;
    r = v;
    case (c)
      8'd240: r = 32'h3800;  8'd241: r = 32'hb800;  8'd242: r = 32'h3c00;
      8'd243: r = 32'hbc00;  8'd244: r = 32'h4000;  8'd245: r = 32'hc000;
      8'd246: r = 32'h4400;  8'd247: r = 32'hc400;  8'd248: r = 32'h3118;
      default: ;
    endcase
    inline_f16 = r;
  endfunction

  // Source code usable by an SALU operand of this width (rdna4 L2337-2373;
  // 209-234, 239, 249-252 and 254 are reserved, README).
  function automatic logic src_legal(input logic [7:0] c, input logic w64);
    logic ok;
    ok = 1'b0;
    if (c <= 8'd127)
      ok = !w64 || !c[0];          // 64-bit: even register pair (124 NULL, 126 EXEC)
    else if (c <= 8'd208) ok = 1'b1;
    else if (c >= 8'd235 && c <= 8'd238) ok = 1'b1;     // aperture constants
    else if (c >= 8'd240 && c <= 8'd248) ok = 1'b1;
    else if (c == SRC_SCC || c == SRC_LIT) ok = 1'b1;
    src_legal = ok;
  endfunction

  // Value of a source operand.  lo/hi: the scalar registers at code and code|1.
  function automatic logic [63:0] src_value(input logic [7:0] c, input logic w64, input logic sx,
                                            input logic [31:0] lo, input logic [31:0] hi,
                                            input logic [31:0] lit, input logic scc,
                                            input logic [31:0] shmem);
    logic [63:0] v;
    if (c == SRC_NULL)
      v = 64'd0;
    else if (c <= 8'd127)
      v = w64 ? {hi, lo} : {32'd0, lo};
    else if (c == SRC_SCC)
      v = {63'd0, scc};
    else if (c == SRC_LIT)
      v = (w64 && sx) ? {{32{lit[31]}}, lit} : {32'd0, lit};
    else if (c >= 8'd235 && c <= 8'd238)
      // SHARED/PRIVATE_BASE/LIMIT = {SH_MEM_BASES.base[15:0], 48'h0 / 48'h0000ffffffff}
      // (rdna4 L2590-2598); shmem = {private_base, shared_base}.
      v = {(c <= 8'd236) ? shmem[15:0] : shmem[31:16], 16'd0, c[0] ? 32'd0 : 32'hffffffff} &
          (w64 ? 64'hffffffffffffffff : 64'h00000000ffffffff);
    else
      v = inline_const(c, w64);
    src_value = v;
  endfunction

  // ------------------------------------------------------ bit helpers
  function automatic logic [6:0] popcount64(input logic [63:0] x);
    logic [6:0] n;
    n = 7'd0;
    for (int i = 0; i < 64; i++) n = n + {6'd0, x[i]};
    popcount64 = n;
  endfunction

  // Index of the lowest 1 bit of the low `n` bits (n = 32 or 64), -1 if none.
  function automatic logic [31:0] ctz(input logic [63:0] x, input logic w64);
    logic [31:0] r;
    r = 32'hffffffff;
    for (int i = 63; i >= 0; i--)
      if (x[i] && (w64 || i < 32)) r = 32'(i);
    ctz = r;
  endfunction

  // Number of 0 bits above the highest 1 bit, -1 if none.
  function automatic logic [31:0] clz(input logic [63:0] x, input logic w64);
    logic [31:0] r;
    r = 32'hffffffff;
    for (int i = 0; i < 64; i++)
      if (x[i] && (w64 || i < 32)) r = (w64 ? 32'd63 : 32'd31) - 32'(i);
    clz = r;
  endfunction

  // Number of leading bits equal to the sign bit, sign bit included; -1 if
  // all bits are equal (rdna4 L9456-9510).
  function automatic logic [31:0] cls(input logic [63:0] x, input logic w64);
    logic [31:0] r;
    logic        s;
    r = 32'hffffffff;
    s = w64 ? x[63] : x[31];
    for (int i = 0; i < 63; i++)
      if ((w64 || i < 31) && x[i] != s) r = (w64 ? 32'd63 : 32'd31) - 32'(i);
    cls = r;
  endfunction

  function automatic logic [63:0] brev64(input logic [63:0] x);
    logic [63:0] r;
    for (int i = 0; i < 64; i++) r[i] = x[63 - i];
    brev64 = r;
  endfunction

  // One bit per quad: bit i = OR of x[4i+3:4i] (S_QUADMASK, rdna4 L9683-9720).
  function automatic logic [63:0] quadmask(input logic [63:0] x);
    logic [63:0] r;
    r = 64'd0;
    for (int i = 0; i < 16; i++) r[i] = |x[4*i +: 4];
    quadmask = r;
  endfunction

  // Every quad with a 1 bit becomes 4'hf (S_WQM, rdna4 L9720-9757).
  function automatic logic [63:0] wqm(input logic [63:0] x);
    logic [63:0] r;
    for (int i = 0; i < 16; i++) r[4*i +: 4] = {4{|x[4*i +: 4]}};
    wqm = r;
  endfunction

  function automatic logic [63:0] bitreplicate(input logic [31:0] x);
    logic [63:0] r;
    for (int i = 0; i < 32; i++) r[2*i +: 2] = {2{x[i]}};
    bitreplicate = r;
  endfunction

  // DWORDs an SMEM load returns (S_LOAD_* / S_BUFFER_LOAD_*, rdna4 L6692-6707):
  // B32 1, B64 2, B128 4, B256 8, B512 16, B96 3; 8/16-bit loads 1.
  function automatic logic [4:0] smem_dwords(input logic [3:0] op);
    logic [4:0] n;
    if (op[3]) n = 5'd1;
    else case (op[2:0])
      3'd0: n = 5'd1;
      3'd1: n = 5'd2;
      3'd2: n = 5'd4;
      3'd3: n = 5'd8;
      3'd4: n = 5'd16;
      default: n = 5'd3;
    endcase
    smem_dwords = n;
  endfunction

  // Mask of `size` (1..32) low bits.
  function automatic logic [31:0] low_mask32(input logic [5:0] size);
    low_mask32 = (size >= 6'd32) ? 32'hffffffff : ((32'd1 << size[4:0]) - 32'd1);
  endfunction

  // ------------------------------------------------- hardware registers
  // Bits S_SETREG may change: HwRegWriteMask(id, PRIV) of rdna4 L9227, which the
  // guide does not tabulate.  Derived from the "Writable?" column of rdna4
  // L983-1009 and the field tables (README, "Decisions"): MODE keeps the
  // digest's 0x098000FF; PRIV-only registers are writable in the trap handler.
  // Same masks as model/rdna4 (rdna4_exec_salu.c hwreg_write_mask).
  function automatic logic [31:0] hw_write_mask(input logic [5:0] id, input logic priv);
    logic [31:0] m;
    case (id)
      6'd1:  m = 32'h098000ff;                       // MODE
      6'd18: m = 32'hc000007f;                       // EXCP_FLAG_USER
      6'd4:  m = priv ? 32'h00047e07 : 32'd0;        // STATE_PRIV (bit 9 is SCC)
      6'd17: m = priv ? 32'hc0000fff : 32'd0;        // EXCP_FLAG_PRIV
      6'd19: m = priv ? 32'h000003ff : 32'd0;        // TRAP_CTRL
      6'd20: m = priv ? 32'hffffff00 : 32'd0;        // SCRATCH_BASE_LO (256-byte aligned)
      6'd21: m = priv ? 32'h0000ffff : 32'd0;        // SCRATCH_BASE_HI (48-bit address)
      default: m = 32'd0;                            // STATUS and read-only registers
    endcase
    hw_write_mask = m;
  endfunction

  // What S_GETREG reads: the stored register with the bits that mirror live
  // state substituted (STATUS.EXECZ/VCCZ/WAVE64, STATE_PRIV.SCC).
  function automatic logic [31:0] hw_view(input logic [5:0] id, input logic [31:0] v,
                                          input logic execz, input logic vccz,
                                          input logic scc, input logic wave64);
    logic [31:0] r;
    r = v;
    if (id == HW_STATUS) begin
      r[ST_EXECZ] = execz; r[ST_VCCZ] = vccz; r[ST_WAVE64] = wave64;
    end
    if (id == HW_STATE_PRIV) r[SP_SCC] = scc;
    hw_view = r;
  endfunction

  // ------------------------------------------------- atomics
  // Integer atomics (model rdna4_atomic_int; rdna4_lds and rdna4_vmem): the new
  // memory value from c_tmp (the memory's), c_s (DATA0 / DATA) and c_s2 (DATA1 /
  // the compare value); aop is the opcode of the 32-bit non-returning DS form
  // (COND_SUB 26, SUB_CLAMP every other code); 32-bit forms: upper half 0.
  function automatic logic [63:0] atomic_int(input logic [4:0] k_aop, input logic k_w64,
                                             input logic [63:0] c_tmp, input logic [63:0] c_s,
                                             input logic [63:0] c_s2);
    logic [63:0] c_at;
    case (k_aop)
      5'd0:  c_at = c_tmp + c_s;                                        // ADD
      5'd1:  c_at = c_tmp - c_s;                                        // SUB
      5'd2:  c_at = c_s - c_tmp;                                        // RSUB
      5'd3:  c_at = (c_tmp >= c_s) ? 64'd0 : c_tmp + 64'd1;             // INC
      5'd4:  c_at = (c_tmp == 64'd0 || c_tmp > c_s) ? c_s : c_tmp - 64'd1;   // DEC
      5'd5:  c_at = (k_w64 ? ($signed(c_s) < $signed(c_tmp))
                           : ($signed(c_s[31:0]) < $signed(c_tmp[31:0]))) ? c_s : c_tmp;   // MIN_I
      5'd6:  c_at = (k_w64 ? ($signed(c_s) >= $signed(c_tmp))
                           : ($signed(c_s[31:0]) >= $signed(c_tmp[31:0]))) ? c_s : c_tmp;  // MAX_I
      5'd7:  c_at = (c_s < c_tmp) ? c_s : c_tmp;                        // MIN_U
      5'd8:  c_at = (c_s >= c_tmp) ? c_s : c_tmp;                       // MAX_U
      5'd9:  c_at = c_tmp & c_s;                                        // AND
      5'd10: c_at = c_tmp | c_s;                                        // OR
      5'd11: c_at = c_tmp ^ c_s;                                        // XOR
      5'd12: c_at = (c_tmp & ~c_s) | c_s2;                              // MSKOR
      5'd13: c_at = c_s;                                                // STOREXCHG
      5'd16: c_at = (c_tmp == c_s2) ? c_s : c_tmp;                      // CMPSTORE
      5'd26: c_at = (c_tmp >= c_s) ? c_tmp - c_s : c_tmp;               // COND_SUB
      default: c_at = (c_tmp < c_s) ? 64'd0 : c_tmp - c_s;              // SUB_CLAMP
    endcase
    if (!k_w64) c_at[63:32] = 32'd0;
    atomic_int = c_at;
  endfunction

  // {FP_EXC_*, F32} of an FP8 (bf = 0) or BF8 byte, exact (rdna4_vfp8.sv, rdna4_wmma.sv)
  function automatic logic [37:0] f8to32(input logic [7:0] v, input logic bf);
    logic        s;
    logic [31:0] r;
    logic [5:0]  e;
    s = v[7]; e = 6'd0; r = {s, 31'd0};
    if (!bf) begin
      if (v[6:0] == 7'h7f)     r = {s, 8'hff, 1'b1, 22'd0};
      else if (v[6:3] == 4'd0) begin
        if (v[2:0] != 3'd0) begin
          e[5] = 1'b1;
          if (v[2])      r = {s, 8'd120, v[1:0], 21'd0};     // 1.xx * 2^-7
          else if (v[1]) r = {s, 8'd119, v[0], 22'd0};       // 1.x * 2^-8
          else           r = {s, 8'd118, 23'd0};             // 2^-9
        end
      end else r = {s, 8'd120 + {4'd0, v[6:3]}, v[2:0], 20'd0};
    end else begin
      if (v[6:2] == 5'h1f) begin
        if (v[1:0] == 2'd0) r = {s, 8'hff, 23'd0};
        else begin e[0] = !v[1]; r = {s, 8'hff, 1'b1, v[0], 21'd0}; end
      end else if (v[6:2] == 5'd0) begin
        if (v[1:0] != 2'd0) begin
          e[5] = 1'b1;
          if (v[1]) r = {s, 8'd112, v[0], 22'd0};            // 1.x * 2^-15
          else      r = {s, 8'd111, 23'd0};                  // 2^-16
        end
      end else r = {s, 8'd112 + {3'd0, v[6:2]}, v[1:0], 21'd0};
    end
    f8to32 = {e, r};
  endfunction

endpackage
`endif
