`include "rtl/r700/r700_pkg.sv"
// r700_alu.sv - one ALU slot of one lane: the integer, move, integer set,
// predicate-set (incl. PRED_SET_INV/POP/CLR/RESTORE and PRED_SET*_PUSH),
// kill and conditional-move opcodes (R700 guide §9.2, the semantics of
// model/r700/r700_exec_alu.c), MOVA/MOVA_FLOOR/MOVA_INT, FRACT/TRUNC/CEIL/
// RNDNE/FLOOR, the conversions FLT_TO_INT/UINT and INT/UINT_TO_FLT, RECIP_INT/
// UINT, MUL_LIT*, the reductions' result (`red`, computed across the four
// vector slots by r700_red) and the transcendentals' result (`trn`, computed
// for the t slot by the multi-cycle r700_trans).  Combinational.
//   sub_guide   SUB_INT = src1 - src0 (the guide's text; default src0 - src1, model D3)
//   shift_mask  shift counts modulo 32 (default: > 31 gives 0 / the sign, model D4)
// Float opcodes (ADD, MUL, MUL_IEEE, MAX/MIN and their DX10 forms, SET*,
// SET*_DX10, PRED_SET*, KILL*, CND*, MULADD*) go through rtl/common/fp with
// the knobs of the model's R700 policy (model/fp/policy_isa.c): RNE,
// denormals flushed in and out, tininess after rounding, IEEE overflow, NaN of
// src0 first with its quiet bit kept, default NaN 0xFFC00000, -0 == +0,
// MAX/MIN ties select as the pseudocode, CLAMP NaN -> +0.  MUL, MULADD and
// MULADD_M2/M4/D2 pass zero-wins (0 * anything = 0, L1831).  MULADD* is
// unfused (product rounded, then the sum, then the opcode's scale: model D11).
// OMOD and CLAMP (an exact multiply by 1, 2, 4 or 0.5 with CLAMP, model D12)
// follow every opcode but MOVA*.  The doubles come computed from r700_f64
// (`dbl`, `dres`): this module only passes them through.
module r700_alu (
  input  logic        op3,
  input  logic [6:0]  opc,
  input  logic [31:0] s0, s1, s2,
  input  logic [31:0] red,         // DOT4/DOT4_IEEE/MAX4/CUBE result of this unit (r700_red)
  input  logic [31:0] trn,         // EXP/LOG/RECIP/RECIPSQRT/SQRT/SIN/COS result (r700_trans, t slot)
  input  logic        dbl,         // a double opcode: this slot's dword of r700_f64's result
  input  logic [31:0] dres,        //   (its OMOD/CLAMP already applied there, D40; the core
  input  logic        dpred,       //   passes OMOD/CLAMP 0 but for FLT64_TO_FLT32's f32 value),
  input  logic        dnow,        //   the PRED_SET*_64 relation, FLT64_TO_FLT32's odd slot
  input  logic        sub_guide,
  input  logic        shift_mask,
  input  logic        f2i_rne,     // FLT_TO_INT/UINT round to nearest even (model flt_to_int_rne, D7)
  input  logic [1:0]  omod,
  input  logic        clamp,
  output logic [31:0] dst,
  output logic        pred_out,
  output logic        kill,
  output logic [8:0]  ar,
  output logic        nowrite
);
  localparam logic [31:0] F1 = 32'h3f800000;
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic isnan(input logic [31:0] x);
    isnan = x[30:23] == 8'hff && x[22:0] != 23'd0;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  // round a binary32 to an integral value: mode 0 trunc, 1 floor, 2 ceil, 3
  // nearest even; denormals as zero (signed), NaN and infinities unchanged
  // (model/fp rint with the R700 policy: the NaN keeps its payload)
  function automatic logic [31:0] rint(input logic [31:0] x, input logic [1:0] mode);
    logic [7:0] e; logic [22:0] fm, hm; logic up, nz; logic [4:0] f;
    e = x[30:23];
    rint = x;
    up = 1'b0;
    if (e == 8'd0) rint = {x[31], 31'd0};
    else if (e < 8'd127) begin                  // 0 < |x| < 1
      case (mode)
        2'd1: up = x[31];
        2'd2: up = !x[31];
        2'd3: up = e == 8'd126 && x[22:0] != 23'd0;
        default: up = 1'b0;
      endcase
      rint = up ? {x[31], 31'h3f800000} : {x[31], 31'd0};
    end else if (e < 8'd150) begin              // fractional bits below 2^0
      f = 5'(8'd150 - e);                       // 1..23
      fm = (23'd1 << f) - 23'd1;
      hm = 23'd1 << (f - 5'd1);
      nz = (x[22:0] & fm) != 23'd0;
      case (mode)
        2'd1: up = x[31] && nz;
        2'd2: up = !x[31] && nz;
        2'd3: up = (x[22:0] & fm) > hm || ((x[22:0] & fm) == hm && (f == 5'd23 || x[f]));
        default: up = 1'b0;
      endcase
      rint = {x[31], x[30:23], x[22:0] & ~fm};
      if (up) rint[30:0] = rint[30:0] + (31'd1 << f);
    end
  endfunction
  logic signed [31:0] a, b;
  logic [31:0] n;
  logic [63:0] pu;
  logic signed [63:0] ps;
  logic        t;
  logic [31:0] r;            // the opcode's result before OMOD/CLAMP
  // ---- float units
  logic        mad, madzw, fmul_zw;
  logic [31:0] m1_r, a_a, a_b, a_r, m2_a, m2_b, m2_r, c_b, mm_r, o_r;
  logic [1:0]  mscale;
  logic        c_res, o_en, mm_max;
  logic [1:0]  c_rel;
  logic [3:0]  c_pred;
  logic [2:0]  mm_kind;
  logic [5:0]  x_m1, x_a, x_m2, x_c, x_mm, x_o;
  // opcode classes of the float datapath
  logic        mlit, fract, mova_f, psh_f, psh_a, ppop, f2i, movaf;
  logic [31:0] rfl, c_a, lit_t, f2i_in, f2i_r, i2f_r;
  logic [5:0]  x_f2i, x_i2f;
  always_comb begin
    mad = op3 && opc[4:0] >= 5'd16 && opc[4:0] <= 5'd23;       // MULADD*
    mlit = op3 && opc[4:0] >= 5'd12 && opc[4:0] <= 5'd15;      // MUL_LIT*
    madzw = mad && opc[4:0] <= 5'd19;
    fract = !op3 && opc == 7'd16;
    mova_f = !op3 && opc == 7'd21;                             // MOVA: floor(s0 + 0.5)
    movaf = !op3 && (opc == 7'd21 || opc == 7'd22);            // MOVA, MOVA_FLOOR
    psh_f = !op3 && opc >= 7'd40 && opc <= 7'd43;              // PRED_SET*_PUSH (float)
    psh_a = psh_f || (!op3 && opc >= 7'd74 && opc <= 7'd79);  // every PRED_SET*_PUSH*: src0 + 1.0
    ppop = !op3 && opc == 7'd37;                               // PRED_SET_POP
    f2i = !op3 && (opc == 7'd107 || opc == 7'd121);            // FLT_TO_INT, FLT_TO_UINT
    mscale = (mad || mlit) ? opc[1:0] : 2'd0;                  // 0 x1, 1 x2, 2 x4, 3 /2
    fmul_zw = madzw || mlit || (!op3 && opc == 7'd1);          // MUL, MULADD*, MUL_LIT*
    case (mscale)
      2'd1: m2_b = 32'h40000000;
      2'd2: m2_b = 32'h40800000;
      default: m2_b = 32'h3f000000;
    endcase
    // compares: CND* src0 against 0.0, MUL_LIT src2 <= 0.0, PRED_SET*_PUSH
    // src1 against 0.0, everything else src0 against src1
    c_a = mlit ? s2 : psh_f ? s1 : s0;
    c_b = (op3 || psh_f) ? 32'd0 : s1;
    case (op3 ? 2'(opc[4:0] - 5'd24) : opc[1:0])
      2'd0: c_pred = 4'h2;      // EQ
      2'd1: c_pred = 4'h4;      // GT
      2'd2: c_pred = 4'h6;      // GE
      default: c_pred = 4'hd;   // NEQ (unordered true)
    endcase
    if (mlit || ppop) c_pred = 4'h3;                           // LE
    mm_max = opc == 7'd3 || opc == 7'd5;
    mm_kind = (opc == 7'd3 || opc == 7'd4) ? 3'd4 : 3'd3;      // LEGACY_GE, DX10
  end
  // round to an integral value (FRACT: floor); the float-to-int input
  assign rfl = rint(s0, fract || opc == 7'd20 ? 2'd1 : opc == 7'd17 ? 2'd0 : opc == 7'd18 ? 2'd2 : 2'd3);
  // the adder: MULADD product + src2; FRACT src0 - floor(src0); MOVA src0 + 0.5;
  // PRED_SET*_PUSH src0 + 1.0; PRED_SET_POP src0 - src1; else src0 + src1
  assign a_a = mad ? m1_r : s0;
  assign a_b = mad ? s2 : fract ? {~rfl[31], rfl[30:0]} : mova_f ? 32'h3f000000 : psh_a ? F1 : s1;
  // MUL_LIT (L4729): -MAX_FLOAT when src1 is -MAX_FLOAT, -inf or NaN, or src2 <= 0 or NaN
  assign lit_t = (s1 == 32'hff7fffff || s1 == 32'hff800000 || isnan(s1) || c_res || isnan(s2))
                 ? 32'hff7fffff : m1_r;
  assign m2_a = mlit ? lit_t : a_r;
  assign f2i_in = mova_f ? a_r : s0;
  fp32_mul u_m1 (.a(s0), .b(s1), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1), .ovf_sat(1'b0),
                 .nan_prop(2'd0), .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b0),
                 .zero_wins(fmul_zw), .zw_sign_xor(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0),
                 .clamp_negzero_keep(1'b0), .r(m1_r), .exc(x_m1));
  fp32_add u_a (.a(a_a), .b(a_b), .sub(ppop), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                .ovf_sat(1'b0), .nan_prop(2'd0), .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000),
                .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
                .r(a_r), .exc(x_a));
  fp32_mul u_m2 (.a(m2_a), .b(m2_b), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1), .ovf_sat(1'b0),
                 .nan_prop(2'd0), .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b0),
                 .zero_wins(1'b0), .zw_sign_xor(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0),
                 .clamp_negzero_keep(1'b0), .r(m2_r), .exc(x_m2));
  fp32_cmp u_c (.a(c_a), .b(c_b), .pred(c_pred), .signaling(1'b0), .daz(1'b1), .nan_inf(1'b0),
                .dexc_always(1'b0), .zero_negless(1'b0), .res(c_res), .rel(c_rel), .exc(x_c));
  fp32_minmax u_mm (.a(s0), .b(s1), .is_max(mm_max), .kind(mm_kind), .daz(1'b1), .nan_prop(2'd0),
                    .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b0),
                    .zero_negless(1'b0), .zero_minmax(2'd3), .clamp(1'b0), .clamp_nan_keep(1'b0),
                    .clamp_negzero_keep(1'b0), .r(mm_r), .exc(x_mm));
  // float -> int: MOVA/MOVA_FLOOR floor (saturated, then the AR range),
  // FLT_TO_INT/UINT truncation with the low 32 bits out of range, NaN 0 (model D7)
  fp32_to_int u_f2i (.a(f2i_in), .is_signed(!(opc == 7'd121)), .rm(movaf ? 3'd3 : f2i_rne ? 3'd0 : 3'd1), .daz(1'b1),
                     .nan_inf(1'b0), .dexc_always(1'b0), .int_nan(2'd0), .int_wrap(!movaf),
                     .r(f2i_r), .exc(x_f2i));
  fp32_from_int u_i2f (.a(s0), .is_signed(opc == 7'd108), .rm(3'd0), .clamp(1'b0), .r(i2f_r), .exc(x_i2f));
  // OMOD / CLAMP
  logic [31:0] o_b;
  always_comb begin
    case (omod)
      2'd1: o_b = 32'h40000000;
      2'd2: o_b = 32'h40800000;
      2'd3: o_b = 32'h3f000000;
      default: o_b = 32'h3f800000;
    endcase
  end
  fp32_mul u_o (.a(r), .b(o_b), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1), .ovf_sat(1'b0),
                .nan_prop(2'd0), .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b0),
                .zero_wins(1'b0), .zw_sign_xor(1'b1), .clamp(clamp), .clamp_nan_keep(1'b0),
                .clamp_negzero_keep(1'b0), .r(o_r), .exc(x_o));
  logic unused_x;
  assign unused_x = ^{x_m1, x_a, x_m2, x_c, x_mm, x_o, c_rel, x_f2i, x_i2f, f2i};
  assign o_en = (omod != 2'd0 || clamp) && !nowrite;
  assign dst = o_en ? o_r : r;

  always_comb begin
    a = s0; b = s1;
    n = shift_mask ? {27'd0, s1[4:0]} : s1;
    pu = {32'd0, s0} * {32'd0, s1};
    ps = 64'(a) * 64'(b);
    r = 32'd0; pred_out = 1'b0; kill = 1'b0; nowrite = 1'b0; t = 1'b0;
    ar = 9'd0;
    if (dbl) begin                                            // r700_f64
      r = dres; pred_out = dpred; nowrite = dnow;
    end else if (op3) begin
      case (opc[4:0])
        r700_pkg::OP3_CNDE_INT:  r = s0 == 32'd0 ? s1 : s2;
        r700_pkg::OP3_CNDGT_INT: r = a > 0 ? s1 : s2;
        r700_pkg::OP3_CNDGE_INT: r = a >= 0 ? s1 : s2;
        5'd24, 5'd25, 5'd26: r = c_res ? s1 : s2;        // CNDE/GT/GE: a NaN src0 takes src2 (D21)
        5'd12, 5'd13, 5'd14, 5'd15: r = mscale == 2'd0 ? lit_t : m2_r;   // MUL_LIT*
        default:       r = mscale == 2'd0 ? a_r : m2_r; // MULADD*
      endcase
    end else begin
      case (opc)
        r700_pkg::OP_NOP:      nowrite = 1'b1;
        7'd0:        r = a_r;                                 // ADD
        7'd1, 7'd2:  r = m1_r;                                // MUL, MUL_IEEE
        7'd3, 7'd4, 7'd5, 7'd6: r = mm_r;                     // MAX, MIN, MAX_DX10, MIN_DX10
        7'd8, 7'd9, 7'd10, 7'd11: r = c_res ? F1 : 32'd0;     // SETE..SETNE
        7'd12, 7'd13, 7'd14, 7'd15: r = {32{c_res}};          // SET*_DX10
        7'd32, 7'd33, 7'd34, 7'd35: begin                     // PRED_SETE..NE
          pred_out = c_res;
          r = c_res ? 32'd0 : F1;
        end
        7'd44, 7'd45, 7'd46, 7'd47: begin                     // KILLE..NE
          kill = c_res;
          r = c_res ? F1 : 32'd0;
        end
        r700_pkg::OP_MOV:      r = s0;
        7'd16:       r = a_r == F1 ? 32'h3f7fffff : a_r;      // FRACT: x - floor(x), below 1.0
        7'd17, 7'd18, 7'd19, 7'd20: r = rfl;                  // TRUNC, CEIL, RNDNE, FLOOR
        7'd21, 7'd22: begin                                   // MOVA, MOVA_FLOOR (D10)
          nowrite = 1'b1;
          ar = (isnan(f2i_in) || $signed(f2i_r) < -256 || $signed(f2i_r) > 255) ? 9'h100 : f2i_r[8:0];
        end
        7'd36: begin                                          // PRED_SET_INV (D20)
          pred_out = s0 == F1;
          r = s0 == F1 ? 32'd0 : s0[30:23] == 8'd0 ? F1 : s0;
        end
        7'd37: begin pred_out = c_res; r = c_res ? 32'd0 : a_r; end   // PRED_SET_POP
        7'd38: begin pred_out = 1'b0; r = 32'h7f7fffff; end            // PRED_SET_CLR
        7'd39: begin                                          // PRED_SET_RESTORE
          pred_out = s0[30:23] == 8'd0;
          r = s0[30:23] == 8'd0 ? 32'd0 : s0;
        end
        7'd40, 7'd41, 7'd42, 7'd43, 7'd74, 7'd75, 7'd76, 7'd77, 7'd78, 7'd79: begin  // PRED_SET*_PUSH
          case (opc)
            7'd74: t = s1 == 32'd0;
            7'd75: t = $signed(s1) > 0;
            7'd76: t = $signed(s1) >= 0;
            7'd77: t = s1 != 32'd0;
            7'd78: t = $signed(s1) < 0;
            7'd79: t = $signed(s1) <= 0;
            default: t = c_res;                               // float: src1 REL 0.0
          endcase
          pred_out = t && s0[30:23] == 8'd0;                  // and src0 == 0.0
          r = pred_out ? 32'd0 : a_r;                         // else src0 + 1.0
        end
        7'd80, 7'd81, 7'd82, 7'd83: r = red;                  // DOT4, DOT4_IEEE, CUBE, MAX4
        7'd97, 7'd98, 7'd99, 7'd100, 7'd101, 7'd102, 7'd103, 7'd104, 7'd105, 7'd106, 7'd110,
        7'd111: r = trn;                                      // transcendentals (r700_trans)
        7'd107, 7'd121: r = f2i_r;                            // FLT_TO_INT, FLT_TO_UINT (D7)
        7'd108, 7'd109: r = i2f_r;                            // INT_TO_FLT, UINT_TO_FLT
        7'd119: r = (s0 == 32'd0) ? 32'h7fffffff                                   // RECIP_INT (D8)
                    : (a == -32'sd1) ? 32'h80000000 : (a == 32'sd1) ? 32'h7fffffff
                    : 32'(64'sh80000000 / 64'(a));
        7'd120: r = (s0 <= 32'd1) ? 32'hffffffff : 32'(33'h100000000 / {1'b0, s0});  // RECIP_UINT (D8)
        r700_pkg::OP_MOVA_INT: begin
          nowrite = 1'b1;
          ar = (a < -256 || a > 255) ? 9'h100 : s0[8:0];      // out of range: -256 (model D10)
        end
        r700_pkg::OP_AND:      r = s0 & s1;
        r700_pkg::OP_OR:       r = s0 | s1;
        r700_pkg::OP_XOR:      r = s0 ^ s1;
        r700_pkg::OP_NOT:      r = ~s0;
        r700_pkg::OP_ADD_INT:  r = s0 + s1;
        r700_pkg::OP_SUB_INT:  r = sub_guide ? s1 - s0 : s0 - s1;
        r700_pkg::OP_MAX_INT:  r = a >= b ? s0 : s1;
        r700_pkg::OP_MIN_INT:  r = a < b ? s0 : s1;
        r700_pkg::OP_MAX_UINT: r = s0 >= s1 ? s0 : s1;
        r700_pkg::OP_MIN_UINT: r = s0 < s1 ? s0 : s1;
        r700_pkg::OP_SETE_INT:   r = {32{s0 == s1}};
        r700_pkg::OP_SETGT_INT:  r = {32{a > b}};
        r700_pkg::OP_SETGE_INT:  r = {32{a >= b}};
        r700_pkg::OP_SETNE_INT:  r = {32{s0 != s1}};
        r700_pkg::OP_SETGT_UINT: r = {32{s0 > s1}};
        r700_pkg::OP_SETGE_UINT: r = {32{s0 >= s1}};
        r700_pkg::OP_LSHL: r = n > 32'd31 ? 32'd0 : s0 << n[4:0];
        r700_pkg::OP_LSHR: r = n > 32'd31 ? 32'd0 : s0 >> n[4:0];
        r700_pkg::OP_ASHR: r = n > 32'd31 ? {32{s0[31]}} : 32'(a >>> n[4:0]);
        r700_pkg::OP_MULLO_INT:  r = ps[31:0];
        r700_pkg::OP_MULHI_INT:  r = ps[63:32];
        r700_pkg::OP_MULLO_UINT: r = pu[31:0];
        r700_pkg::OP_MULHI_UINT: r = pu[63:32];
        // PRED_SET*: true -> (0.0, execute), false -> (1.0, skip)
        r700_pkg::OP_PSETGT_U, r700_pkg::OP_PSETGE_U, r700_pkg::OP_PSETE_INT, r700_pkg::OP_PSETGT_INT, r700_pkg::OP_PSETGE_INT, r700_pkg::OP_PSETNE_INT: begin
          case (opc)
            r700_pkg::OP_PSETGT_U:   t = s0 > s1;
            r700_pkg::OP_PSETGE_U:   t = s0 >= s1;
            r700_pkg::OP_PSETE_INT:  t = s0 == s1;
            r700_pkg::OP_PSETGT_INT: t = a > b;
            r700_pkg::OP_PSETGE_INT: t = a >= b;
            default:       t = s0 != s1;
          endcase
          pred_out = t;
          r = t ? 32'd0 : F1;
        end
        // KILL*: true -> (1.0, kill) else 0.0
        default: begin
          case (opc)
            r700_pkg::OP_KILLGT_U:   t = s0 > s1;
            r700_pkg::OP_KILLGE_U:   t = s0 >= s1;
            r700_pkg::OP_KILLE_INT:  t = s0 == s1;
            r700_pkg::OP_KILLGT_INT: t = a > b;
            r700_pkg::OP_KILLGE_INT: t = a >= b;
            default:       t = s0 != s1;           // KILLNE_INT
          endcase
          kill = t;
          r = t ? F1 : 32'd0;
        end
      endcase
    end
  end
endmodule
