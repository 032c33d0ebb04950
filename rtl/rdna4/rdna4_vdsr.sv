`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vdsr.sv - V_RCP_F64, V_RSQ_F64, V_SQRT_F64 of the RDNA4 vector unit (VOP3
// rows 431, 433, 436) on one rtl/common/fp/fp64_dsr, which serves the FPC lanes of
// a pass one after the other (README "F64 arithmetic").
//
// The model (rdna4_exec_valu_f32.c, README C2) computes them correctly rounded in
// MODE's F64 rounding (MODE[3:2]) with MODE[6] keeping F64 denormal inputs and
// MODE[7] denormal outputs, tininess after rounding, the first NaN quieted, the
// default NaN 0xfff80000_00000000 and the denormal exception for any denormal
// operand: fp64_dsr under those knobs gives the result and its flags.  The output
// modifiers (OMOD, CLAMP) are rdna4_vf64.sv's result stage, which takes d and e
// here as the row's rounded result.
//
// Handshake with the core (as rdna4_vtrans.sv): go holds while a pass of such a row
// is in EX (op, mode, act, a stable); the unit starts fp64_dsr for each active lane
// in turn and raises rdy when the pass's lanes are done (d and e valid, held while
// go stays); the cycle after rdy it begins again (the core has moved to the next
// pass or row).  Cycles per pass: the sum over the active lanes of fp64_dsr's
// latency plus one (59, or 3 for the special operands), plus one per inactive lane.
module rdna4_vdsr #(
  parameter int FPC = 8
) (
  input  logic               clk,
  input  logic               rst_n,
  input  logic               go,
  input  logic [9:0]         op,
  input  logic [31:0]        mode,       // MODE hardware register
  input  logic [FPC-1:0]     act,
  input  logic [FPC*64-1:0]  a,          // S0 of each lane at [64*i +: 64]
  output logic               rdy,
  output logic [FPC*64-1:0]  d,          // the rounded result of each lane
  output logic [FPC*6-1:0]   e           // its FP_EXC_* flags
);
  localparam int CW = $clog2(FPC + 1);

  logic [1:0] dop;
  always_comb begin
    case (op)
      10'd436: dop = 2'd1;      // SQRT
      10'd433: dop = 2'd2;      // RSQ
      default: dop = 2'd3;      // RCP (431)
    endcase
  end

  logic [CW-1:0] cnt;
  logic          started, rdy_q, tgo, tdone, tbusy, lane_act;
  logic [63:0]   x, tr;
  logic [5:0]    te;
  logic [FPC*64-1:0] d_q;
  logic [FPC*6-1:0]  e_q;
  always_comb begin
    x = 64'd0;
    lane_act = 1'b0;
    for (int i = 0; i < FPC; i++)
      if (cnt == CW'(i)) begin
        x = a[64*i +: 64];
        lane_act = act[i];
      end
  end
  assign tgo = go && !rdy_q && cnt != CW'(FPC) && lane_act && !started && !tbusy;
  fp64_dsr u_dsr (.clk(clk), .rst_n(rst_n), .start(tgo), .op(dop), .a(x), .b(64'd0),
    .rm(rdna4_pkg::fp_rm(mode[3:2])), .daz(!mode[6]), .ftz(!mode[7]), .tiny_after(1'b1), .ovf_sat(1'b0),
    .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(64'hfff8000000000000), .dexc_always(1'b1),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .busy(tbusy), .done(tdone), .r(tr),
    .exc(te));

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      cnt <= '0; started <= 1'b0; rdy_q <= 1'b0; d_q <= '0; e_q <= '0;
    end else if (!go || rdy_q) begin                   // idle, or the pass was taken: start over
      cnt <= '0; started <= 1'b0; rdy_q <= 1'b0;
    end else if (cnt == CW'(FPC)) begin
      rdy_q <= 1'b1;
    end else if (!lane_act) begin
      for (int i = 0; i < FPC; i++)
        if (cnt == CW'(i)) e_q[6*i +: 6] <= 6'd0;
      cnt <= cnt + 1'b1;
    end else if (tgo) begin
      started <= 1'b1;
    end else if (tdone) begin
      for (int i = 0; i < FPC; i++)
        if (cnt == CW'(i)) begin
          d_q[64*i +: 64] <= tr;
          e_q[6*i +: 6]   <= te;
        end
      started <= 1'b0;
      cnt <= cnt + 1'b1;
    end
  end
  assign rdy = rdy_q;
  assign d   = d_q;
  assign e   = e_q;
  logic unused_mode;
  assign unused_mode = ^{mode[31:8], mode[5:4], mode[1:0]};
endmodule
