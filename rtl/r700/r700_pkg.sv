// r700_pkg.sv - types and constants of the R700 (RV770) VLIW5 core: ALU and
// CF opcode numbers (model/r700/r700.def), register-file ids of the retire
// record (model/r700/README.md "State"), fault reasons.
`ifndef R700_PKG_SV
`define R700_PKG_SV
package r700_pkg;
  // per-pixel states
  localparam logic [1:0] PS_ACTIVE = 2'd0, PS_BRANCH = 2'd1, PS_CONT = 2'd2, PS_BREAK = 2'd3;

  // OP2 opcodes (ALU_WORD1_OP2.ALU_INST [13:7])
  localparam logic [6:0]
    OP_MOVA_INT = 7'd24, OP_MOV = 7'd25, OP_NOP = 7'd26,
    OP_PSETGT_U = 7'd30, OP_PSETGE_U = 7'd31,
    OP_KILLGT_U = 7'd64, OP_KILLGE_U = 7'd65,
    OP_AND = 7'd48, OP_OR = 7'd49, OP_XOR = 7'd50, OP_NOT = 7'd51, OP_ADD_INT = 7'd52,
    OP_SUB_INT = 7'd53, OP_MAX_INT = 7'd54, OP_MIN_INT = 7'd55, OP_MAX_UINT = 7'd56,
    OP_MIN_UINT = 7'd57, OP_SETE_INT = 7'd58, OP_SETGT_INT = 7'd59, OP_SETGE_INT = 7'd60,
    OP_SETNE_INT = 7'd61, OP_SETGT_UINT = 7'd62, OP_SETGE_UINT = 7'd63,
    OP_PSETE_INT = 7'd66, OP_PSETGT_INT = 7'd67, OP_PSETGE_INT = 7'd68, OP_PSETNE_INT = 7'd69,
    OP_KILLE_INT = 7'd70, OP_KILLGT_INT = 7'd71, OP_KILLGE_INT = 7'd72, OP_KILLNE_INT = 7'd73,
    OP_ASHR = 7'd112, OP_LSHR = 7'd113, OP_LSHL = 7'd114,
    OP_MULLO_INT = 7'd115, OP_MULHI_INT = 7'd116, OP_MULLO_UINT = 7'd117, OP_MULHI_UINT = 7'd118;
  // OP3 opcodes (ALU_WORD1_OP3.ALU_INST [17:13])
  localparam logic [4:0] OP3_CNDE_INT = 5'd28, OP3_CNDGT_INT = 5'd29, OP3_CNDGE_INT = 5'd30;

  // CF_INST (CF_WORD1 [29:23]; CF_ALU_WORD1 [29:26])
  localparam logic [6:0] CF_NOP = 7'd0, CF_JUMP = 7'd10, CF_PUSH = 7'd11, CF_ELSE = 7'd13,
                         CF_POP = 7'd14, CF_KILL = 7'd24, CF_EXPORT = 7'd39, CF_EXPORT_DONE = 7'd40;
  localparam logic [3:0] CFA_ALU = 4'd8, CFA_PUSH_BEFORE = 4'd9, CFA_POP_AFTER = 4'd10,
                         CFA_POP2_AFTER = 4'd11, CFA_ELSE_AFTER = 4'd15;

  // fault_why
  localparam logic [3:0] WHY_NONE = 4'd0, WHY_PC = 4'd1, WHY_CF_UNIMPL = 4'd2, WHY_ALU_UNIMPL = 4'd3,
                         WHY_GROUP = 4'd4, WHY_STACK = 4'd5, WHY_SRC = 4'd6, WHY_CLAUSE = 4'd7;

  // the t slot's transcendentals (r700_trans)
  localparam logic [6:0]
    OP_EXP_IEEE = 7'd97, OP_LOG_CLAMPED = 7'd98, OP_LOG_IEEE = 7'd99, OP_RECIP_CLAMPED = 7'd100,
    OP_RECIP_FF = 7'd101, OP_RECIP_IEEE = 7'd102, OP_RSQ_CLAMPED = 7'd103, OP_RSQ_FF = 7'd104,
    OP_RSQ_IEEE = 7'd105, OP_SQRT_IEEE = 7'd106, OP_SIN = 7'd110, OP_COS = 7'd111;

  // an export or fetch address outside its memory space (model D54, D55)
  localparam logic [3:0] WHY_MEM = 4'd8;
  // a model knob (cfg) the core cannot follow: stack_size > STACK (SIN/COS with
  // sin_radians run: r700_trans rad, R2)
  localparam logic [3:0] WHY_KNOB = 4'd9;
endpackage
`endif
