`include "rtl/r700/r700_pkg.sv"
// r700_alu.sv - one ALU slot of one lane: the integer, move, integer set,
// predicate-set, kill and conditional-move opcodes (R700 guide §9.2, the
// semantics of model/r700/r700_exec_alu.c), MOVA_INT.  Combinational.
//   sub_guide   SUB_INT = src1 - src0 (the guide's text; default src0 - src1, model D3)
//   shift_mask  shift counts modulo 32 (default: > 31 gives 0 / the sign, model D4)
module r700_alu (
  input  logic        op3,
  input  logic [6:0]  opc,
  input  logic [31:0] s0, s1, s2,
  input  logic        sub_guide,
  input  logic        shift_mask,
  output logic [31:0] dst,
  output logic        pred_out,
  output logic        kill,
  output logic [8:0]  ar,
  output logic        nowrite
);
  import r700_pkg::*;
  localparam logic [31:0] F1 = 32'h3f800000;
  logic signed [31:0] a, b;
  logic [31:0] n;
  logic [63:0] pu;
  logic signed [63:0] ps;
  logic        t;
  always_comb begin
    a = s0; b = s1;
    n = shift_mask ? {27'd0, s1[4:0]} : s1;
    pu = {32'd0, s0} * {32'd0, s1};
    ps = 64'(a) * 64'(b);
    dst = 32'd0; pred_out = 1'b0; kill = 1'b0; nowrite = 1'b0; t = 1'b0;
    ar = 9'd0;
    if (op3) begin
      case (opc[4:0])
        OP3_CNDE_INT:  dst = s0 == 32'd0 ? s1 : s2;
        OP3_CNDGT_INT: dst = a > 0 ? s1 : s2;
        default:       dst = a >= 0 ? s1 : s2;      // CNDGE_INT
      endcase
    end else begin
      case (opc)
        OP_NOP:      nowrite = 1'b1;
        OP_MOV:      dst = s0;
        OP_MOVA_INT: begin
          nowrite = 1'b1;
          ar = (a < -256 || a > 255) ? 9'h100 : s0[8:0];      // out of range: -256 (model D10)
        end
        OP_AND:      dst = s0 & s1;
        OP_OR:       dst = s0 | s1;
        OP_XOR:      dst = s0 ^ s1;
        OP_NOT:      dst = ~s0;
        OP_ADD_INT:  dst = s0 + s1;
        OP_SUB_INT:  dst = sub_guide ? s1 - s0 : s0 - s1;
        OP_MAX_INT:  dst = a >= b ? s0 : s1;
        OP_MIN_INT:  dst = a < b ? s0 : s1;
        OP_MAX_UINT: dst = s0 >= s1 ? s0 : s1;
        OP_MIN_UINT: dst = s0 < s1 ? s0 : s1;
        OP_SETE_INT:   dst = {32{s0 == s1}};
        OP_SETGT_INT:  dst = {32{a > b}};
        OP_SETGE_INT:  dst = {32{a >= b}};
        OP_SETNE_INT:  dst = {32{s0 != s1}};
        OP_SETGT_UINT: dst = {32{s0 > s1}};
        OP_SETGE_UINT: dst = {32{s0 >= s1}};
        OP_LSHL: dst = n > 32'd31 ? 32'd0 : s0 << n[4:0];
        OP_LSHR: dst = n > 32'd31 ? 32'd0 : s0 >> n[4:0];
        OP_ASHR: dst = n > 32'd31 ? {32{s0[31]}} : 32'(a >>> n[4:0]);
        OP_MULLO_INT:  dst = ps[31:0];
        OP_MULHI_INT:  dst = ps[63:32];
        OP_MULLO_UINT: dst = pu[31:0];
        OP_MULHI_UINT: dst = pu[63:32];
        // PRED_SET*: true -> (0.0, execute), false -> (1.0, skip)
        OP_PSETGT_U, OP_PSETGE_U, OP_PSETE_INT, OP_PSETGT_INT, OP_PSETGE_INT, OP_PSETNE_INT: begin
          case (opc)
            OP_PSETGT_U:   t = s0 > s1;
            OP_PSETGE_U:   t = s0 >= s1;
            OP_PSETE_INT:  t = s0 == s1;
            OP_PSETGT_INT: t = a > b;
            OP_PSETGE_INT: t = a >= b;
            default:       t = s0 != s1;
          endcase
          pred_out = t;
          dst = t ? 32'd0 : F1;
        end
        // KILL*: true -> (1.0, kill) else 0.0
        default: begin
          case (opc)
            OP_KILLGT_U:   t = s0 > s1;
            OP_KILLGE_U:   t = s0 >= s1;
            OP_KILLE_INT:  t = s0 == s1;
            OP_KILLGT_INT: t = a > b;
            OP_KILLGE_INT: t = a >= b;
            default:       t = s0 != s1;           // KILLNE_INT
          endcase
          kill = t;
          dst = t ? F1 : 32'd0;
        end
      endcase
    end
  end
endmodule
