// nvfp_pkg.sv - constants of the NVFP quad processor (the programmable pixel
// processor of US patent 7,136,070): opcode numbers of the project encoding
// v1 (model/nvfp/nvfp.def row order, model/nvfp/README.md "Encoding"),
// precisions, CC states, tests, fault reasons.
`ifndef NVFP_PKG_SV
`define NVFP_PKG_SV
package nvfp_pkg;
  localparam logic [4:0]
    OP_NOP = 5'd0,  OP_TEX = 5'd1,  OP_TXP = 5'd2,  OP_TXD = 5'd3,  OP_DDX = 5'd4,
    OP_DDY = 5'd5,  OP_MOV = 5'd6,  OP_MUL = 5'd7,  OP_ADD = 5'd8,  OP_MAD = 5'd9,
    OP_RCP = 5'd10, OP_RSQ = 5'd11, OP_DP3 = 5'd12, OP_DP4 = 5'd13, OP_DST = 5'd14,
    OP_MIN = 5'd15, OP_MAX = 5'd16, OP_PK2 = 5'd17, OP_PK4 = 5'd18, OP_UP2 = 5'd19,
    OP_UP4 = 5'd20, OP_SLT = 5'd21, OP_SGE = 5'd22, OP_FLR = 5'd23, OP_FRC = 5'd24,
    OP_KIL = 5'd25, OP_EXP = 5'd26, OP_LOG = 5'd27, OP_LIT = 5'd28;
  localparam int NOPS = 29;
  // register / destination precision (encoding field values)
  localparam logic [1:0] PR_R = 2'd0, PR_H = 2'd1, PR_I = 2'd2;
  // source types
  localparam logic [1:0] ST_NONE = 2'd0, ST_REG = 2'd1, ST_P = 2'd2, ST_C = 2'd3;
  // condition-code status per component (the CC file)
  localparam logic [1:0] CC_EQ = 2'd0, CC_LT = 2'd1, CC_GT = 2'd2;
  // fault reasons (fault_why)
  localparam logic [3:0]
    WHY_PC      = 4'd1,   // pc outside the loaded program, or past the 128-instruction storage
    WHY_ILLEGAL = 4'd2,   // the words are not an instruction of encoding v1 (or are truncated)
    WHY_OP      = 4'd3,   // a mnemonic the core does not execute (none of encoding v1: all 29 run)
    WHY_TEX     = 4'd4;   // TEX/TXP/TXD: a bound id's descriptor out of range, or a texel outside tex
endpackage
`endif
