`include "rtl/r700/r700_pkg.sv"
// r700_trans.sv - the t slot's transcendentals for one lane at a time:
// EXP_IEEE, LOG_CLAMPED, LOG_IEEE, RECIP_CLAMPED/FF/IEEE,
// RECIPSQRT_CLAMPED/FF/IEEE, SQRT_IEEE, SIN, COS, correctly rounded by
// rtl/common/fp/fp32_trans with the model's R700 policy (denormals flushed in
// and out, tininess after rounding, NaN of src0 with its quiet bit kept,
// default NaN 0xFFC00000), then the guide's special cases (model
// r700_exec_trans.c): _CLAMPED an infinite result -> +-MAX_FLOAT, _FF -> +-0,
// LOG_CLAMPED -inf -> -MAX_FLOAT.  SIN/COS take the operand in turns
// (sin(2 pi x), model D6 with sin_radians = 0) or, with `rad` (the model's
// sin_radians = 1), in radians: fp32_trans_core's exact reduction by pi/2,
// correctly rounded as the model's fp_sin/fp_cos without FP_F_TURNS.
//
// Handshake with the lane loop of r700_core: while `req` (the t slot of the
// current lane runs a transcendental) and no result is held, the unit starts
// fp32_trans on `src`; `ready` then holds `res` until `take` (the lane loop
// used it and moves on).  The operand must not change between req and take.
module r700_trans (
  input  logic        clk,
  input  logic        rst_n,
  input  logic        req,
  input  logic        take,
  input  logic [6:0]  opc,
  input  logic        rad,
  input  logic [31:0] src,
  output logic        ready,
  output logic [31:0] res
);
  logic [2:0]  op;
  logic        clampmax, ff, logclamp;
  always_comb begin
    clampmax = 1'b0; ff = 1'b0; logclamp = 1'b0;
    case (opc)
      r700_pkg::OP_EXP_IEEE:     op = 3'd3;
      r700_pkg::OP_LOG_CLAMPED:  begin op = 3'd4; logclamp = 1'b1; end
      r700_pkg::OP_LOG_IEEE:     op = 3'd4;
      r700_pkg::OP_RECIP_CLAMPED: begin op = 3'd0; clampmax = 1'b1; end
      r700_pkg::OP_RECIP_FF:     begin op = 3'd0; ff = 1'b1; end
      r700_pkg::OP_RECIP_IEEE:   op = 3'd0;
      r700_pkg::OP_RSQ_CLAMPED:  begin op = 3'd1; clampmax = 1'b1; end
      r700_pkg::OP_RSQ_FF:       begin op = 3'd1; ff = 1'b1; end
      r700_pkg::OP_RSQ_IEEE:     op = 3'd1;
      r700_pkg::OP_SQRT_IEEE:    op = 3'd2;
      r700_pkg::OP_SIN:          op = 3'd5;
      r700_pkg::OP_COS:          op = 3'd6;
      default:                   op = 3'd6;
    endcase
  end

  logic        busy, done, started;
  logic [31:0] r;
  fp32_trans_core u_fp (
    .clk(clk), .rst_n(rst_n), .start(req && !ready && !busy && !started), .op(op), .rad(rad), .rm(3'd0), .a(src),
    .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1), .nan_prop(2'd0), .nan_keep(1'b1),
    .dnan(32'hffc00000), .busy(busy), .done(done), .r(r));

  // the guide's special cases on top of the IEEE result
  logic [31:0] fix;
  always_comb begin
    fix = r;
    if (r[30:0] == 31'h7f800000 && (clampmax || ff))
      fix = {r[31], ff ? 31'd0 : 31'h7f7fffff};
    if (logclamp && r == 32'hff800000)
      fix = 32'hff7fffff;
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      ready <= 1'b0;
      started <= 1'b0;
      res <= '0;
    end else begin
      if (req && !ready && !busy && !started) started <= 1'b1;
      if (done && started) begin
        ready <= 1'b1;
        started <= 1'b0;
        res <= fix;
      end
      if (take) ready <= 1'b0;
    end
  end
endmodule
