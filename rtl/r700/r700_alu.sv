`include "rtl/r700/r700_pkg.sv"
// r700_alu.sv - one ALU slot of one lane: the integer, move, integer set,
// predicate-set, kill and conditional-move opcodes (R700 guide §9.2, the
// semantics of model/r700/r700_exec_alu.c), MOVA_INT.  Combinational.
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
// follow every opcode but MOVA*.
module r700_alu (
  input  logic        op3,
  input  logic [6:0]  opc,
  input  logic [31:0] s0, s1, s2,
  input  logic        sub_guide,
  input  logic        shift_mask,
  input  logic [1:0]  omod,
  input  logic        clamp,
  output logic [31:0] dst,
  output logic        pred_out,
  output logic        kill,
  output logic [8:0]  ar,
  output logic        nowrite
);
  localparam logic [31:0] F1 = 32'h3f800000;
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
  always_comb begin
    mad = op3 && opc[4:0] >= 5'd16 && opc[4:0] <= 5'd23;       // MULADD*
    madzw = mad && opc[4:0] <= 5'd19;
    mscale = mad ? opc[1:0] : 2'd0;                            // 0 x1, 1 x2, 2 x4, 3 /2
    fmul_zw = madzw || (!op3 && opc == 7'd1);                  // MUL
    case (mscale)
      2'd1: m2_b = 32'h40000000;
      2'd2: m2_b = 32'h40800000;
      default: m2_b = 32'h3f000000;
    endcase
    // compares: CND* against 0.0, everything else src0 against src1
    c_b = op3 ? 32'd0 : s1;
    case (op3 ? 2'(opc[4:0] - 5'd24) : opc[1:0])
      2'd0: c_pred = 4'h2;      // EQ
      2'd1: c_pred = 4'h4;      // GT
      2'd2: c_pred = 4'h6;      // GE
      default: c_pred = 4'hd;   // NEQ (unordered true)
    endcase
    mm_max = opc == 7'd3 || opc == 7'd5;
    mm_kind = (opc == 7'd3 || opc == 7'd4) ? 3'd4 : 3'd3;      // LEGACY_GE, DX10
  end
  assign a_a = mad ? m1_r : s0;
  assign a_b = mad ? s2 : s1;
  assign m2_a = a_r;
  fp32_mul u_m1 (.a(s0), .b(s1), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1), .ovf_sat(1'b0),
                 .nan_prop(2'd0), .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b0),
                 .zero_wins(fmul_zw), .zw_sign_xor(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0),
                 .clamp_negzero_keep(1'b0), .r(m1_r), .exc(x_m1));
  fp32_add u_a (.a(a_a), .b(a_b), .sub(1'b0), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                .ovf_sat(1'b0), .nan_prop(2'd0), .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000),
                .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
                .r(a_r), .exc(x_a));
  fp32_mul u_m2 (.a(m2_a), .b(m2_b), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1), .ovf_sat(1'b0),
                 .nan_prop(2'd0), .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b0),
                 .zero_wins(1'b0), .zw_sign_xor(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0),
                 .clamp_negzero_keep(1'b0), .r(m2_r), .exc(x_m2));
  fp32_cmp u_c (.a(s0), .b(c_b), .pred(c_pred), .signaling(1'b0), .daz(1'b1), .nan_inf(1'b0),
                .dexc_always(1'b0), .zero_negless(1'b0), .res(c_res), .rel(c_rel), .exc(x_c));
  fp32_minmax u_mm (.a(s0), .b(s1), .is_max(mm_max), .kind(mm_kind), .daz(1'b1), .nan_prop(2'd0),
                    .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b0),
                    .zero_negless(1'b0), .zero_minmax(2'd3), .clamp(1'b0), .clamp_nan_keep(1'b0),
                    .clamp_negzero_keep(1'b0), .r(mm_r), .exc(x_mm));
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
  assign unused_x = ^{x_m1, x_a, x_m2, x_c, x_mm, x_o, c_rel};
  assign o_en = (omod != 2'd0 || clamp) && !nowrite;
  assign dst = o_en ? o_r : r;

  always_comb begin
    a = s0; b = s1;
    n = shift_mask ? {27'd0, s1[4:0]} : s1;
    pu = {32'd0, s0} * {32'd0, s1};
    ps = 64'(a) * 64'(b);
    r = 32'd0; pred_out = 1'b0; kill = 1'b0; nowrite = 1'b0; t = 1'b0;
    ar = 9'd0;
    if (op3) begin
      case (opc[4:0])
        r700_pkg::OP3_CNDE_INT:  r = s0 == 32'd0 ? s1 : s2;
        r700_pkg::OP3_CNDGT_INT: r = a > 0 ? s1 : s2;
        r700_pkg::OP3_CNDGE_INT: r = a >= 0 ? s1 : s2;
        5'd24, 5'd25, 5'd26: r = c_res ? s1 : s2;        // CNDE/GT/GE: a NaN src0 takes src2 (D21)
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
