`include "rtl/r700/r700_pkg.sv"
// r700_decode.sv - decode of one ALU instruction (ALU_WORD0 + ALU_WORD1, OP2 or
// OP3 form; bit positions of the R700 guide chapter 10, OP2 ALU_INST at
// [17:7] as model/r700 decision D1) into its fields and its opcode class.
// `impl` is clear for an opcode this core does not execute (the core faults
// with WHY_ALU_UNIMPL); `bad` for a word the model rejects as reserved
// (bit 14 of an OP2 ALU_INST, INDEX_MODE 7, PRED_SEL 1, SEL 192-243).
module r700_decode (
  input  logic [31:0] w0,
  input  logic [31:0] w1,
  output logic [8:0]  sel   [3],
  output logic        rel   [3],
  output logic [1:0]  chan  [3],
  output logic        neg   [3],
  output logic        absv  [3],
  output logic [2:0]  index_mode,
  output logic [1:0]  pred_sel,
  output logic        last,
  output logic [6:0]  dst_gpr,
  output logic        dst_rel,
  output logic [1:0]  dst_chan,
  output logic        clamp,
  output logic [1:0]  omod,
  output logic        write,
  output logic        up,
  output logic        uem,
  output logic        op3,
  output logic [6:0]  opc,       // OP2 opcode, or OP3 opcode (5 bits)
  output logic        trans_only,
  output logic        vec_only,
  output logic        is_pred,
  output logic        is_kill,
  output logic        is_mova,
  output logic [1:0]  nsrc,
  output logic        impl,
  output logic        bad
);
  import r700_pkg::*;
  always_comb begin
    sel[0] = w0[8:0];   rel[0] = w0[9];  chan[0] = w0[11:10]; neg[0] = w0[12];
    sel[1] = w0[21:13]; rel[1] = w0[22]; chan[1] = w0[24:23]; neg[1] = w0[25];
    sel[2] = w1[8:0];   rel[2] = w1[9];  chan[2] = w1[11:10]; neg[2] = w1[12];
    index_mode = w0[28:26];
    pred_sel = w0[30:29];
    last = w0[31];
    dst_gpr = w1[27:21];
    dst_rel = w1[28];
    dst_chan = w1[30:29];
    clamp = w1[31];
    op3 = w1[17:15] != 3'd0;
    absv[0] = !op3 && w1[0];
    absv[1] = !op3 && w1[1];
    absv[2] = 1'b0;
    uem   = !op3 && w1[2];
    up    = !op3 && w1[3];
    write = op3 || w1[4];
    omod  = op3 ? 2'd0 : w1[6:5];
    opc   = op3 ? {2'b00, w1[17:13]} : w1[13:7];
    trans_only = 1'b0; vec_only = 1'b0; is_pred = 1'b0; is_kill = 1'b0; is_mova = 1'b0;
    nsrc = 2'd2;
    impl = 1'b1;
    bad = (!op3 && w1[14]) || index_mode == 3'd7 || pred_sel == 2'd1;
    for (int k = 0; k < 3; k++)
      if (sel[k] >= 9'd192 && sel[k] < 9'd244) bad = 1'b1;
    if (op3) begin
      nsrc = 2'd3;
      // CND*, CND*_INT, MULADD* (MUL_LIT and the doubles: not in this core)
      impl = (opc[4:0] >= 5'd16 && opc[4:0] <= 5'd26) || opc[4:0] == OP3_CNDE_INT ||
             opc[4:0] == OP3_CNDGT_INT || opc[4:0] == OP3_CNDGE_INT;
      // every other defined OP3 opcode is float or double: not in this core
      if (opc[4:0] < 5'd8 || opc[4:0] == 5'd27 || opc[4:0] == 5'd31) bad = 1'b1;
    end else begin
      case (opc)
        OP_NOP: nsrc = 2'd0;
        7'd0, 7'd1, 7'd2, 7'd3, 7'd4, 7'd5, 7'd6, 7'd8, 7'd9, 7'd10, 7'd11, 7'd12, 7'd13, 7'd14,
        7'd15: ;                                              // float arithmetic and sets
        7'd32, 7'd33, 7'd34, 7'd35: is_pred = 1'b1;            // PRED_SETE..NE
        7'd44, 7'd45, 7'd46, 7'd47: is_kill = 1'b1;            // KILLE..NE
        OP_MOV, OP_NOT: nsrc = 2'd1;
        OP_MOVA_INT: begin nsrc = 2'd1; vec_only = 1'b1; is_mova = 1'b1; end
        OP_AND, OP_OR, OP_XOR, OP_ADD_INT, OP_SUB_INT, OP_MAX_INT, OP_MIN_INT, OP_MAX_UINT,
        OP_MIN_UINT, OP_SETE_INT, OP_SETGT_INT, OP_SETGE_INT, OP_SETNE_INT, OP_SETGT_UINT,
        OP_SETGE_UINT, OP_ASHR, OP_LSHR, OP_LSHL: ;
        OP_MULLO_INT, OP_MULHI_INT, OP_MULLO_UINT, OP_MULHI_UINT: trans_only = 1'b1;
        OP_PSETGT_U, OP_PSETGE_U, OP_PSETE_INT, OP_PSETGT_INT, OP_PSETGE_INT, OP_PSETNE_INT:
          is_pred = 1'b1;
        OP_KILLGT_U, OP_KILLGE_U, OP_KILLE_INT, OP_KILLGT_INT, OP_KILLGE_INT, OP_KILLNE_INT:
          is_kill = 1'b1;
        default: begin
          impl = 1'b0;
          // reserved OP2 numbers (r700.def has no row for them)
          if ((opc >= 7'd84 && opc <= 7'd96) || opc == 7'd127) bad = 1'b1;
        end
      endcase
    end
  end
  logic unused_bs;
  assign unused_bs = ^w1[20:18];   // BANK_SWIZZLE: read-port timing only (not architectural)
endmodule
