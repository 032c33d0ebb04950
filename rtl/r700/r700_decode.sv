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
  output logic [26:0] sel,       // src k: sel[9k+8:9k], rel[k], chan[2k+1:2k], neg[k], absv[k]
  output logic [2:0]  rel,
  output logic [5:0]  chan,
  output logic [2:0]  neg,
  output logic [2:0]  absv,
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
  output logic        is_red,    // DOT4, DOT4_IEEE, CUBE, MAX4: the four vector slots
  output logic        is_int,    // an integer result: OMOD/CLAMP illegal (model D42)
  output logic [1:0]  nsrc,
  output logic        impl,
  output logic        bad
);
  always_comb begin
    sel[8:0] = w0[8:0];    rel[0] = w0[9];  chan[1:0] = w0[11:10]; neg[0] = w0[12];
    sel[17:9] = w0[21:13]; rel[1] = w0[22]; chan[3:2] = w0[24:23]; neg[1] = w0[25];
    sel[26:18] = w1[8:0];  rel[2] = w1[9];  chan[5:4] = w1[11:10]; neg[2] = w1[12];
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
    trans_only = 1'b0; vec_only = 1'b0; is_pred = 1'b0; is_kill = 1'b0; is_mova = 1'b0; is_red = 1'b0;
    // R700_RF_INT rows of model/r700/r700.def
    is_int = op3 ? (w1[17:13] >= 5'd28 && w1[17:13] <= 5'd30)
                 : ((w1[13:7] >= 7'd12 && w1[13:7] <= 7'd15) || (w1[13:7] >= 7'd48 && w1[13:7] <= 7'd63) ||
                    w1[13:7] == 7'd107 || (w1[13:7] >= 7'd112 && w1[13:7] <= 7'd121));
    nsrc = 2'd2;
    impl = 1'b1;
    bad = (!op3 && w1[14]) || index_mode == 3'd7 || pred_sel == 2'd1;
    for (int k = 0; k < 3; k++)      // src2 exists in OP3 only
      if ((k < 2 || op3) && sel[9*k +: 9] >= 9'd192 && sel[9*k +: 9] < 9'd244) bad = 1'b1;
    if (op3) begin
      nsrc = 2'd3;
      // CND*, CND*_INT, MULADD*, MUL_LIT* (trans only), MULADD_64* (the four vector slots, r700_f64)
      impl = (opc[4:0] >= 5'd8 && opc[4:0] <= 5'd26) || opc[4:0] == r700_pkg::OP3_CNDE_INT ||
             opc[4:0] == r700_pkg::OP3_CNDGT_INT || opc[4:0] == r700_pkg::OP3_CNDGE_INT;
      trans_only = opc[4:0] >= 5'd12 && opc[4:0] <= 5'd15;
      vec_only = opc[4:0] >= 5'd8 && opc[4:0] <= 5'd11;
      // OP3 numbers without a row in model/r700/r700.def: reserved
      if (opc[4:0] < 5'd8 || opc[4:0] == 5'd27 || opc[4:0] == 5'd31) bad = 1'b1;
    end else begin
      case (opc)
        r700_pkg::OP_NOP: nsrc = 2'd0;
        7'd0, 7'd1, 7'd2, 7'd3, 7'd4, 7'd5, 7'd6, 7'd8, 7'd9, 7'd10, 7'd11, 7'd12, 7'd13, 7'd14,
        7'd15: ;                                              // float arithmetic and sets
        7'd32, 7'd33, 7'd34, 7'd35, 7'd37, 7'd40, 7'd41, 7'd42, 7'd43, 7'd74, 7'd75, 7'd76, 7'd77,
        7'd78, 7'd79: is_pred = 1'b1;                          // PRED_SETE..NE, _POP, *_PUSH*
        7'd36, 7'd39: begin nsrc = 2'd1; is_pred = 1'b1; end   // PRED_SET_INV, _RESTORE
        7'd38: begin nsrc = 2'd0; is_pred = 1'b1; end          // PRED_SET_CLR
        7'd16, 7'd17, 7'd18, 7'd19, 7'd20: nsrc = 2'd1;        // FRACT, TRUNC, CEIL, RNDNE, FLOOR
        7'd21, 7'd22: begin nsrc = 2'd1; vec_only = 1'b1; is_mova = 1'b1; end  // MOVA, MOVA_FLOOR
        7'd80, 7'd81, 7'd82: begin vec_only = 1'b1; is_red = 1'b1; end         // DOT4, DOT4_IEEE, CUBE
        7'd83: begin nsrc = 2'd1; vec_only = 1'b1; is_red = 1'b1; end          // MAX4
        7'd107, 7'd108, 7'd109, 7'd119, 7'd120, 7'd121: begin nsrc = 2'd1; trans_only = 1'b1; end
                                                               // conversions, RECIP_INT/UINT
        7'd97, 7'd98, 7'd99, 7'd100, 7'd101, 7'd102, 7'd103, 7'd104, 7'd105, 7'd106, 7'd110,
        7'd111: begin nsrc = 2'd1; trans_only = 1'b1; end      // transcendentals (r700_trans)
        7'd44, 7'd45, 7'd46, 7'd47: is_kill = 1'b1;            // KILLE..NE
        // the doubles (r700_f64): slot pairs x,y / z,w or all four vector slots
        7'd7, 7'd28, 7'd29, 7'd123: begin nsrc = 2'd1; vec_only = 1'b1; end   // FREXP_64, FLT64_TO_FLT32, FLT32_TO_FLT64, FRACT_64
        7'd23, 7'd27, 7'd122: vec_only = 1'b1;                 // ADD_64, MUL_64, LDEXP_64
        7'd124, 7'd125, 7'd126: begin vec_only = 1'b1; is_pred = 1'b1; end     // PRED_SETGT/E/GE_64
        r700_pkg::OP_MOV, r700_pkg::OP_NOT: nsrc = 2'd1;
        r700_pkg::OP_MOVA_INT: begin nsrc = 2'd1; vec_only = 1'b1; is_mova = 1'b1; end
        r700_pkg::OP_AND, r700_pkg::OP_OR, r700_pkg::OP_XOR, r700_pkg::OP_ADD_INT, r700_pkg::OP_SUB_INT, r700_pkg::OP_MAX_INT, r700_pkg::OP_MIN_INT, r700_pkg::OP_MAX_UINT,
        r700_pkg::OP_MIN_UINT, r700_pkg::OP_SETE_INT, r700_pkg::OP_SETGT_INT, r700_pkg::OP_SETGE_INT, r700_pkg::OP_SETNE_INT, r700_pkg::OP_SETGT_UINT,
        r700_pkg::OP_SETGE_UINT, r700_pkg::OP_ASHR, r700_pkg::OP_LSHR, r700_pkg::OP_LSHL: ;
        r700_pkg::OP_MULLO_INT, r700_pkg::OP_MULHI_INT, r700_pkg::OP_MULLO_UINT, r700_pkg::OP_MULHI_UINT: trans_only = 1'b1;
        r700_pkg::OP_PSETGT_U, r700_pkg::OP_PSETGE_U, r700_pkg::OP_PSETE_INT, r700_pkg::OP_PSETGT_INT, r700_pkg::OP_PSETGE_INT, r700_pkg::OP_PSETNE_INT:
          is_pred = 1'b1;
        r700_pkg::OP_KILLGT_U, r700_pkg::OP_KILLGE_U, r700_pkg::OP_KILLE_INT, r700_pkg::OP_KILLGT_INT, r700_pkg::OP_KILLGE_INT, r700_pkg::OP_KILLNE_INT:
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
  assign unused_bs = ^w1[20:18];   // BANK_SWIZZLE: the core's group check reads it from the word
endmodule
