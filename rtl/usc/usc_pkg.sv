// usc_pkg.sv - the PowerVR USC core's shared definitions: the rows of
// model/usc/usc.def (usc_rows.svh, generated), operand kinds, slots, the
// decoded instruction and group of the project encoding v1
// (model/usc/README.md "Encoding"), fault reasons.
// Written for Verilator 5.006 (-Wall) and yosys 0.23: the modules name
// what they use as usc_pkg::name (no `import`), no multi-dimensional packed
// arrays (flat vectors with [w*i +: w] slices), no `return`, no type casts
// but width casts.
`ifndef USC_PKG_SV
`define USC_PKG_SV
package usc_pkg;
  // the generated table names every row; the core uses some of the names
  /* verilator lint_off UNUSEDPARAM */
  `include "rtl/usc/usc_rows.svh"
  /* verilator lint_on UNUSEDPARAM */

  // operand kinds (USC_K_* of model/usc/usc.h): the value rows of a lane
  localparam int NK = 23;
  localparam logic [6:0] K_S0 = 7'd0, K_S2 = 7'd2, K_S3 = 7'd3, K_S4 = 7'd4,
                         K_FT0 = 7'd6, K_FT1 = 7'd7, K_FT2 = 7'd8, K_FT3 = 7'd9, K_FT4 = 7'd10,
                         K_FT5 = 7'd11, K_FTE = 7'd12, K_IS0 = 7'd13, K_IS1 = 7'd14, K_IS2 = 7'd15,
                         K_IS3 = 7'd16, K_IS4 = 7'd17, K_IS5 = 7'd18, K_W0 = 7'd19, K_W1 = 7'd20,
                         K_FTT = 7'd21, K_P0 = 7'd22,
                         K_NONE = 7'd100, K_IMM = 7'd101, K_TGT = 7'd102, K_PCND = 7'd103,
                         K_ADJ = 7'd104, K_SOP = 7'd106,
                         K_MEM = 7'd107;   // LD ST ATOM IDF: one memory control word (model D37)
  // slots (USC_SL_*) and M kinds: every value named, the core uses some
  /* verilator lint_off UNUSEDPARAM */
  localparam logic [3:0] SL_P0 = 4'd0, SL_P1 = 4'd1, SL_P2 = 4'd2, SL_TST = 4'd3, SL_MOV = 4'd4,
                         SL_BE = 4'd5, SL_BMSK = 4'd6, SL_BSH1 = 4'd7, SL_BCNT = 4'd8, SL_BLOG = 4'd9,
                         SL_BSH2 = 4'd10, SL_BTST = 4'd11;
  localparam logic [11:0] S_BITWISE = 12'hfc0;
  // banks of a register word
  localparam logic [3:0] B_R = 4'd0, B_VI = 4'd1, B_CF = 4'd2, B_CFA = 4'd3, B_SH = 4'd4, B_SC = 4'd5,
                         B_I = 4'd6, B_IDX = 4'd7, B_O = 4'd8;
  // M kinds
  localparam logic [2:0] M_NONE = 3'd0, M_TYPE = 3'd1, M_BYTES = 3'd2, M_ASR = 3'd3, M_PCK = 3'd4,
                         M_CVT = 3'd5, M_INST = 3'd6, M_PART = 3'd7;
  /* verilator lint_on UNUSEDPARAM */
  // fault_why (rtl/usc/README.md "Ports")
  localparam logic [3:0] WHY_PC = 4'd1, WHY_ILLEGAL = 4'd2, WHY_UNIMPL = 4'd3, WHY_CORE = 4'd4,
                         WHY_RANGE = 4'd5, WHY_DRC = 4'd6, WHY_MEM = 4'd7, WHY_WIN = 4'd8,
                         WHY_FF = 4'd9;

  typedef struct packed {   // a register word [20:0], most significant field first
    logic [2:0]  dlog;
    logic [1:0]  idx;       // 0 none, 1 idx0, 2 idx1
    logic [11:0] index;
    logic [3:0]  bank;
  } reg_t;

  typedef struct packed {
    logic [6:0]      op;
    logic [3:0]      slot;
    logic [7:0]      mods;
    logic            sat;
    logic [4:0]      m;
    logic [3:0]      o;      // the O field [29:26] (PCK/UNPCK: {.rndzero, .scale, element})
    logic [1:0]      pcnd;   // the pcnd field of the form (0 without one)
    logic [1:0]      adj;    // the adj field
    logic [55:0]     k;      // operand kinds in form order (K_NONE for "_"), up to 8 (the F64 rows): kind j at [7*j +: 7]
    logic [3:0]      nk;
    logic [31:0]     imm;
  } ins_t;

  typedef struct packed {
    logic [2:0]      ninsn;
    logic            bitwise;
    logic [1:0]      pred;
    logic            ignorepe;
    logic [5:0]      smask;
    logic [1:0]      wmask;
    logic [2:0]      is0;
    logic            is1, is2;
    logic [1:0]      is3, is4, is5;
    logic [125:0]    s;     // S0..S5: S i at [21*i +: 21] (a reg_t; s_at)
    logic [41:0]     w;     // W0, W1: W i at [21*i +: 21] (w_at)
    logic [749:0]    ins;   // instruction i at [125*i +: 125] (an ins_t; ins_at)
    logic [11:0]     slots;
    logic [55:0]     sop;   // F16SOP's control words, word i at [28*i +: 28] (word 0 the j part; 0 without F16SOP)
    logic [91:0]     mad;   // F16SOP.MAD's control words: MAD m's 23-bit field at [23*m +: 23] (0 without it)
    logic [31:0]     itc;   // DITR's, ITRSMP's second control word (model D51, D52; 0 without them)
  } grp_t;

  // the array fields of grp_t, one element (yosys 0.23 reads no array of
  // structs inside a struct, so they are flat vectors; a reg_t or an ins_t
  // as a plain vector: yosys 0.23 takes no struct argument or result in a
  // function)
  function automatic logic [20:0] s_at(input logic [125:0] s, input int i);   // grp_t.s
    s_at = s[21*i +: 21];
  endfunction
  function automatic logic [20:0] w_at(input logic [41:0] w, input int i);    // grp_t.w
    w_at = w[21*i +: 21];
  endfunction
  function automatic logic [124:0] ins_at(input logic [749:0] ins, input int i);   // grp_t.ins
    ins_at = ins[125*i +: 125];
  endfunction
  // the fields of an ins_t and a reg_t passed to a function as a plain
  // vector: the lowest bit of each (x[IN_OP +: 7] is x.op)
  /* verilator lint_off UNUSEDPARAM */
  localparam int IN_OP = 118, IN_SLOT = 114, IN_MODS = 106, IN_SAT = 105, IN_M = 100, IN_O = 96,
                 IN_PCND = 94, IN_ADJ = 92, IN_K = 36, IN_NK = 32, IN_IMM = 0;
  localparam int RG_DLOG = 18, RG_IDX = 16, RG_INDEX = 4, RG_BANK = 0;
  /* verilator lint_on UNUSEDPARAM */

  // IS0's choices in header code order (D13): S0, S3, S4, S5, S1, S2
  function automatic logic [2:0] is0_src(input logic [2:0] c);
    case (c)
      3'd0: is0_src = 3'd0;
      3'd1: is0_src = 3'd3;
      3'd2: is0_src = 3'd4;
      3'd3: is0_src = 3'd5;
      3'd4: is0_src = 3'd1;
      default: is0_src = 3'd2;
    endcase
  endfunction

  // a row using the whole main ALU (phase 0 only, a w0 in its form): complex and CND ops
  function automatic logic whole_op(input logic [6:0] op);
    logic [148:0] f;
    f = row_form(op, 2'd0);
    whole_op = 1'b0;
    if (row_slots(op) == 12'h001 && f[148])
      for (int j = 0; j < 8; j++)
        if (j < $signed(32'(f[147:144])) && f[18*j + 11 +: 7] == K_W0) whole_op = 1'b1;
  endfunction

  // the register count of a bank (the model's defaults; 0: no bank)
  function automatic logic [12:0] bank_limit(input logic [3:0] b);
    case (b)
      B_R, B_VI: bank_limit = 13'd248;
      B_CF, B_CFA: bank_limit = 13'd256;
      B_SH: bank_limit = 13'd4096;
      B_SC: bank_limit = 13'd240;
      B_I, B_O: bank_limit = 13'd8;
      B_IDX: bank_limit = 13'd2;
      default: bank_limit = 13'd0;
    endcase
  endfunction

  function automatic logic sc_defined(input logic [11:0] i);
    sc_defined = i < 12'd32 || (i >= 12'd64 && i <= 12'd95) || (i >= 12'd128 && i <= 12'd158);
  endfunction
endpackage
`endif
