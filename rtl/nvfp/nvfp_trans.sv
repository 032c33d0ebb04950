// nvfp_trans.sv - RCP, RSQ, EXP, LOG and LIT (Tables 15, 16, 31-33) of the
// four pixels of a quad, one pixel after the other, as model/nvfp's
// nvfp_exec_trans.c computes them (D8): every transcendental step is the
// correctly rounded function of model/fp, here rtl/common/fp/fp32_trans
// (one instance, multi-cycle), every other step an fp32 unit of
// rtl/common/fp under the nvfp policy (RNE, denormals flushed in and out,
// tininess after rounding, NaN read as Inf and never written, zero wins
// with a +0 product).
//
// Execution precision (README R2, R10): an H destination executes at fp16.
// Each fp16 step is the fp32 step on the exact fp32 images of its fp16
// operands, rounded to fp16 (nvfp_to_h).  For + and x that is the correctly
// rounded fp16 result (24 >= 2*11 + 2).  For RCP, RSQ, LOG2 and EXP2 it was
// checked for all 65536 fp16 operands against model/fp's fp16 functions
// (testbenches/nvfp/trans/trans_h16.c): they agree except EXP2 of 0x11c5
// (2^0.000842... = 1 + 2^-11 + 1.2e-11): the fp32 result is the fp16
// midpoint 1 + 2^-11 itself, which rounds to even (0x3c00), while the true
// value lies above it (0x3c01).  That one operand is corrected (EXP2_H_*).
// Intermediate values are kept as fp32 images of values of the execution
// precision; the results are returned in the execution format (fp16 bits in
// 15:0 for H) as the lane expects them.
//
// Per operation and pixel (t = source 0 after swizzle and negate):
//  RCP  splat(1/t.x)                  (t.x == 1.0 gives 1.0 anyway)
//  RSQ  splat(1/sqrt(|t.x|))
//  EXP  fl = floor(t.x); (2^fl, t.x - fl, 2^fl * exp2(t.x - fl), 1)
//  LOG  |t.x| = m * 2^E, m in [1, 2): (E, m, E + log2(m), 1); 0 gives
//       (-Inf, 1, -Inf, 1), Inf (+Inf, 1, +Inf, 1) (D9), a NaN (read as
//       Inf by the model's frexp, whose exponent is then 0) (-1, +Inf, +Inf,
//       1), a denormal (read as 0) (-1, +0, -Inf, 1)
//  LIT  w clamped to +-127.9961 (fp16: +-128, the limit's fp16 rounding),
//       t.x and t.y below 0 (not -0) set to +0; (1, t.x, t.x > 0 ?
//       exp2(w * log2(t.y)) : 0, 1), t.x > 0 on the bits (a positive
//       denormal is > 0)
//
// Handshake: `start` (while not busy) begins; the inputs must stay as they
// are until `done`, which pulses one cycle with `res` valid (held until the
// next start).  Cycles per instruction: about 4 x (RCP/RSQ 33, EXP/LOG 105,
// LIT 208), 4 x 3 for the special operands of LOG and for LIT with t.x <= 0.
`include "rtl/nvfp/nvfp_pkg.sv"
module nvfp_trans (
    input  logic         clk,
    input  logic         rst_n,
    input  logic         start,
    input  logic [4:0]   op,
    input  logic         hx,          // execution at fp16
    input  logic [511:0] xb,          // pixel l component j of source 0 in the execution format: [128*l + 32*j]
    input  logic [511:0] xa,          // the same components as fp32 images (NaN read as Inf for fp16)
    input  logic [127:0] xf,          // pixel l: floor of the image of component x (nvfp_lane)
    output logic         busy,
    output logic         done,
    output logic [511:0] res          // pixel l component j in the execution format
);
  // fp32_trans operations
  localparam logic [2:0] T_RCP = 3'd0, T_RSQ = 3'd1, T_EXP2 = 3'd3, T_LOG2 = 3'd4;
  // EXP2 at fp16: the one operand whose fp32 result is an fp16 midpoint the
  // true value is not on (image of fp16 0x11c5, result fp16 0x3c01)
  localparam logic [31:0] EXP2_H_ARG = 32'h3a38a000, EXP2_H_RES = 32'h3f802000;
  localparam logic [1:0] S_IDLE = 2'd0, S_PREP = 2'd1, S_T1 = 2'd2, S_T2 = 2'd3;

  // fp16 bits -> fp32 image (denormals read as 0, NaN as Inf: the nvfp policy)
  function automatic logic [31:0] f16to32(input logic [15:0] h);
    if (h[14:10] == 5'd0)       f16to32 = {h[15], 31'd0};
    else if (h[14:10] == 5'd31) f16to32 = {h[15], 8'hff, 23'd0};
    else                        f16to32 = {h[15], {3'd0, h[14:10]} + 8'd112, h[9:0], 13'd0};
  endfunction
  // the fp16 bits of an fp32 image of an fp16 value (zero, Inf or normal), exact
  function automatic logic [15:0] h_of(input logic [31:0] v);
    logic unused_lo;
    unused_lo = ^v[12:0];                           // zero in an fp16 image
    if (v[30:23] == 8'd0)        h_of = {v[31], 15'd0};
    else if (v[30:23] == 8'hff)  h_of = {v[31], 5'h1f, 10'd0};
    else                         h_of = {v[31], v[27:23] + 5'd16, v[22:13]};   // exponent - 112, mod 32
  endfunction
  function automatic logic [31:0] nanfix(input logic [31:0] v);   // a NaN read as Inf of its sign
    nanfix = v[30:23] == 8'hff ? {v[31], 8'hff, 23'd0} : v;
  endfunction

  logic [1:0]  st;
  logic [1:0]  l;
  logic [31:0] v0, v1;            // per operation (EXP: 2^fl, fr; LOG: E, m; LIT: t.x clamped, w clamped)
  logic [31:0] ta;                // fp32_trans operand
  logic [2:0]  top;
  logic        tgo;               // start fp32_trans this cycle
  logic [127:0] q [4];

  // ---- this pixel's inputs
  logic [31:0] bx, by, ax, ay, aw, fx;
  always_comb begin
    bx = xb[128*l +: 32]; by = xb[128*l + 32 +: 32];
    ax = xa[128*l +: 32]; ay = xa[128*l + 32 +: 32]; aw = xa[128*l + 96 +: 32];
    fx = xf[32*l +: 32];
  end
  logic [31:0] one;
  assign one = hx ? 32'h00003c00 : 32'h3f800000;

  // ---- rounding to the execution precision: R(v) = fp32 image of v's fp16 rounding (H), else v
  logic [31:0] add_r, mul_r, tr_r, add_x, mul_x, tr_x;
  logic [15:0] add_h, mul_h, tr_h;
  nvfp_to_h u_h_add (.a(add_r), .r(add_h));
  nvfp_to_h u_h_mul (.a(mul_r), .r(mul_h));
  nvfp_to_h u_h_tr  (.a(tr_r),  .r(tr_h));
  assign add_x = hx ? f16to32(add_h) : add_r;
  assign mul_x = hx ? f16to32(mul_h) : mul_r;
  // EXP2's fp16 correction (header); a NaN result (never reached: the
  // operands are never NaN and never negative for RSQ/LOG2) would be +Inf
  always_comb begin
    tr_x = hx ? f16to32(tr_h) : tr_r;
    if (hx && top == T_EXP2 && ta == EXP2_H_ARG) tr_x = EXP2_H_RES;
    if (tr_x[30:23] == 8'hff && tr_x[22:0] != 23'd0) tr_x = 32'h7f800000;
  end
  function automatic logic [31:0] xo(input logic h, input logic [31:0] v);   // image -> execution format
    xo = h ? {16'd0, h_of(v)} : v;
  endfunction

  // ---- the transcendental unit
  logic t_busy, t_done;
  fp32_trans u_tr (.clk(clk), .rst_n(rst_n), .start(tgo), .op(top), .a(ta), .daz(1'b1), .ftz(1'b1),
                   .tiny_after(1'b1), .nan_prop(2'd2), .nan_keep(1'b0), .dnan(32'h7fc00000),
                   .busy(t_busy), .done(t_done), .r(tr_r));

  // ---- one adder, one multiplier (nvfp policy, as nvfp_lane's)
  logic [31:0] aa, ab, ma, mb;
  logic        asub;
  always_comb begin
    // EXP at S_PREP: t.x - floor(t.x); LOG at S_T1: E + log2(m)
    aa = st == S_PREP ? ax : v0;
    ab = st == S_PREP ? fx : tr_x;
    asub = st == S_PREP;
    // EXP: 2^fl * exp2(fr); LIT: w * log2(t.y)
    ma = op == nvfp_pkg::OP_LIT ? v1 : v0;
    mb = tr_x;
  end
  logic [5:0] x_add, x_mul, x_int;
  fp32_add u_add (.a(aa), .b(ab), .sub(asub), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                  .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b1), .dnan(32'h7fc00000),
                  .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
                  .r(add_r), .exc(x_add));
  fp32_mul u_mul (.a(ma), .b(mb), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                  .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b1), .dnan(32'h7fc00000),
                  .dexc_always(1'b0), .zero_wins(1'b1), .zw_sign_xor(1'b0), .clamp(1'b0),
                  .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(mul_r), .exc(x_mul));

  // ---- EXP: 2^fl at the execution precision (fl an integer, +-0 or +-Inf;
  // 2^n overflows to +Inf above the largest exponent, flushes to +0 below the
  // smallest normal one)
  logic [31:0] p2;
  always_comb begin
    logic [23:0] shv;
    logic [7:0]  sh, n;     // |fl| when below 256
    logic        big, unused_sh;
    sh = 8'd150 - fx[30:23];
    shv = {1'b1, fx[22:0]} >> sh[4:0];
    unused_sh = ^{shv[23:8], sh[7:5]};
    n = fx[30:23] < 8'd127 ? 8'd0 : shv[7:0];
    big = fx[30:23] >= 8'd135;                     // |fl| >= 256 (or Inf)
    if (fx[30:23] == 8'd0)  p2 = 32'h3f800000;                          // 2^+-0
    else if (big)           p2 = fx[31] ? 32'd0 : 32'h7f800000;
    else if (!fx[31])       p2 = n > (hx ? 8'd15 : 8'd127) ? 32'h7f800000 : {1'b0, 8'd127 + n, 23'd0};
    else                    p2 = n > (hx ? 8'd14 : 8'd126) ? 32'd0 : {1'b0, 8'd127 - n, 23'd0};
  end

  // ---- LOG: |t.x| = m * 2^E in the execution format's fields
  logic        lz, linf, lnan, lden;
  logic [7:0]  le;                       // E + 127 (fp16: E + 15 + 112)
  logic [31:0] lm, le32;
  always_comb begin
    if (hx) begin
      lz = bx[14:0] == 15'd0;
      linf = bx[14:0] == 15'h7c00;
      lnan = bx[14:10] == 5'h1f && bx[9:0] != 10'd0;
      lden = bx[14:10] == 5'd0 && !lz;
      le = {3'd0, bx[14:10]} + 8'd112;
      lm = {9'h07f, bx[9:0], 13'd0};
    end else begin
      lz = bx[30:0] == 31'd0;
      linf = bx[30:0] == 31'h7f800000;
      lnan = bx[30:23] == 8'hff && bx[22:0] != 23'd0;
      lden = bx[30:23] == 8'd0 && !lz;
      le = bx[30:23];
      lm = {9'h07f, bx[22:0]};
    end
  end
  logic [31:0] lei;
  assign lei = {24'd0, le} - 32'd127;                // E, two's complement
  fp32_from_int u_e (.a(lei), .is_signed(1'b1), .rm(3'd0), .clamp(1'b0),
                     .r(le32), .exc(x_int));

  // ---- LIT: the clamps
  logic [31:0] wc, xc, yc, xn;
  logic [30:0] lim, wn;
  assign wn = aw[30:23] == 8'hff ? 31'h7f800000 : aw[30:0];
  assign xn = nanfix(ax);
  logic        xneg, yneg, xpos;
  always_comb begin
    lim = hx ? 31'h43000000 : 31'h42fffe01;           // 127.9961 (Table 33); its fp16 rounding 128
    wc = aw;
    if (wn > lim) wc = {aw[31], lim};
    xneg = hx ? bx[15] && bx[14:0] != 15'd0 : bx[31] && bx[30:0] != 31'd0;
    yneg = hx ? by[15] && by[14:0] != 15'd0 : by[31] && by[30:0] != 31'd0;
    xpos = hx ? !bx[15] && bx[14:0] != 15'd0 : !bx[31] && bx[30:0] != 31'd0;
    xc = xneg ? 32'd0 : bx;
    yc = yneg ? 32'd0 : nanfix(ay);
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      st <= S_IDLE; l <= 2'd0; busy <= 1'b0; done <= 1'b0; tgo <= 1'b0;
      v0 <= 32'd0; v1 <= 32'd0; ta <= 32'd0; top <= T_RCP;
      for (int i = 0; i < 4; i++) q[i] <= 128'd0;
    end else begin
      logic nxt;
      nxt = 1'b0;
      done <= 1'b0;
      tgo <= 1'b0;
      case (st)
        S_IDLE:
          if (start && !busy) begin
            busy <= 1'b1; l <= 2'd0; st <= S_PREP;
          end
        S_PREP: begin
          st <= S_T1; tgo <= 1'b1;
          case (op)
            nvfp_pkg::OP_RCP: begin top <= T_RCP; ta <= xn; end
            nvfp_pkg::OP_RSQ: begin top <= T_RSQ; ta <= {1'b0, xn[30:0]}; end      // Table 16: abs
            nvfp_pkg::OP_EXP: begin top <= T_EXP2; v0 <= p2; v1 <= add_x; ta <= add_x; end
            nvfp_pkg::OP_LOG:
              if (lz || linf || lnan || lden) begin
                st <= S_PREP; tgo <= 1'b0; nxt = 1'b1;
                q[l] <= lz   ? {one, xo(hx, 32'hff800000), one, xo(hx, 32'hff800000)} :
                        linf ? {one, xo(hx, 32'h7f800000), one, xo(hx, 32'h7f800000)} :
                        lnan ? {one, xo(hx, 32'h7f800000), xo(hx, 32'h7f800000), xo(hx, 32'hbf800000)} :
                               {one, xo(hx, 32'hff800000), 32'd0, xo(hx, 32'hbf800000)};
              end else begin
                top <= T_LOG2; v0 <= le32; v1 <= lm; ta <= lm;
              end
            default:                                                                  // LIT
              if (xpos) begin
                top <= T_LOG2; v0 <= xc; v1 <= wc; ta <= yc;
              end else begin
                st <= S_PREP; tgo <= 1'b0; nxt = 1'b1;
                q[l] <= {one, 32'd0, xc, one};
              end
          endcase
        end
        S_T1:
          if (t_done)
            case (op)
              nvfp_pkg::OP_RCP, nvfp_pkg::OP_RSQ: begin
                q[l] <= {4{xo(hx, tr_x)}}; nxt = 1'b1;
              end
              nvfp_pkg::OP_EXP: begin
                q[l] <= {one, xo(hx, mul_x), xo(hx, v1), xo(hx, v0)}; nxt = 1'b1;
              end
              nvfp_pkg::OP_LOG: begin
                q[l] <= {one, xo(hx, add_x), xo(hx, v1), xo(hx, v0)}; nxt = 1'b1;
              end
              default: begin                                                           // LIT: exp2(w * log2(y))
                st <= S_T2; tgo <= 1'b1; top <= T_EXP2; ta <= mul_x;
              end
            endcase
        default:                                                                       // S_T2 (LIT)
          if (t_done) begin
            q[l] <= {one, xo(hx, tr_x), v0, one}; nxt = 1'b1;
          end
      endcase
      if (nxt) begin
        if (l == 2'd3) begin
          st <= S_IDLE; busy <= 1'b0; done <= 1'b1;
        end else begin
          st <= S_PREP; l <= l + 2'd1;
        end
      end
    end
  end
  assign res = {q[3], q[2], q[1], q[0]};
  logic unused_t;
  assign unused_t = ^{t_busy, x_add, x_mul, x_int};
endmodule
