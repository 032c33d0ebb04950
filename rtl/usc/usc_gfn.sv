// usc_gfn.sv - GCMP, GEXP, FSINC and FARCTANC of one instance (model D41-D44,
// rtl/usc/README.md R21): the model's fixed sequence of binary32 steps, one
// step at a time, each rounded to nearest even with the usc policy (IEEE
// denormals, tininess after rounding, the default NaN 0x7fc00000):
//   multiply, add, subtract   one rtl/common/fp/fp32_fma (a x b + (-0),
//                             a x 1 + b, a x 1 + (-b): the product is exact,
//                             so the one rounding is fp_mul's / fp_add's /
//                             fp_sub's, as R6)
//   LOG2 EXP2 SQRT RCP SIN    rtl/common/fp/fp32_trans (correctly rounded,
//                             as the model's fp_log2 ...; SIN in turns)
//   FSINC's divide            rtl/common/fp/fp64_dsr on the two binary32
//                             values widened exactly, then fp64_to_fp32: the
//                             binary64 quotient rounded again to binary32 is
//                             the correctly rounded binary32 quotient
//                             (53 >= 2 x 24 + 2 bits), the model's fp_div
// Handshake as fp32_trans: start (ignored while busy) latches op and a;
// done pulses one cycle with r = {P0, W0} (P0: FSINC's predicate).
// op: 0 GCMP, 1 GEXP, 2 FSINC, 3 FARCTANC.
module usc_gfn (
    input  logic        clk,
    input  logic        rst_n,
    input  logic        start,
    input  logic [1:0]  op,
    input  logic [31:0] a,
    output logic        busy,
    output logic        done,
    output logic [32:0] r
);
  // the constants of model/usc/usc_exec_float.c (the special-constant
  // table's sRGB entries c136-c140, c156-c158, and those the steps add)
  localparam logic [31:0] NAN = 32'h7fc00000, ONE = 32'h3f800000,
                          C136 = 32'h3b4d2e1c, C137 = 32'h414eb852, C138 = 32'h3ed55555,
                          C139 = 32'h3f870a3d, C140 = 32'h3d6147ae, C156 = 32'h3d25aee6,
                          C157 = 32'h3d9e8391, C158 = 32'h3f72a76f, C2_4 = 32'h4019999a,
                          HALF_PI = 32'h3fc90fdb, QUARTER = 32'h3e800000;
  // arctan(t)/t = sum (-1)^k t^2k / (2k+1), k = 0..9 (D44)
  function automatic logic [31:0] coef(input logic [3:0] k);
    case (k)
      4'd0: coef = 32'h3f800000;  4'd1: coef = 32'hbeaaaaab;  4'd2: coef = 32'h3e4ccccd;
      4'd3: coef = 32'hbe124925;  4'd4: coef = 32'h3de38e39;  4'd5: coef = 32'hbdba2e8c;
      4'd6: coef = 32'h3d9d89d9;  4'd7: coef = 32'hbd888889;  4'd8: coef = 32'h3d70f0f1;
      default: coef = 32'hbd579436;
    endcase
  endfunction
  // a binary32 value widened to binary64 exactly
  function automatic logic [63:0] widen(input logic [31:0] x);
    logic [22:0] m;
    logic [10:0] e;
    widen = {x[31], 63'd0};
    if (x[30:23] == 8'hff) widen = {x[31], 11'h7ff, x[22:0], 29'd0};
    else if (x[30:23] != 8'd0) widen = {x[31], 11'(x[30:23]) + 11'd896, x[22:0], 29'd0};
    else if (x[22:0] != 23'd0) begin
      m = x[22:0];
      e = 11'd897;                 // 2^-126 x 0.m: shift the leading 1 out
      for (int i = 0; i < 23; i++)
        if (!m[22]) begin m = m << 1; e = e - 11'd1; end
      widen = {x[31], e - 11'd1, m[21:0], 30'd0};
    end
  endfunction

  // step kinds
  localparam logic [3:0] S_MUL = 4'd0, S_ADD = 4'd1, S_SUB = 4'd2, S_RCP = 4'd3, S_SQRT = 4'd4,
                         S_LOG2 = 4'd5, S_EXP2 = 4'd6, S_SIN = 4'd7, S_DIV = 4'd8;
  logic [1:0]  q_op;
  logic        q_lin, run, t_st, d_st;
  logic [4:0]  s;
  logic [31:0] x, acc, u, t2;
  // the step s of the operation: kind, operands, the last one
  logic [3:0]  k;
  logic [31:0] oa, ob;
  logic        last;
  always_comb begin
    logic [4:0] j;
    k = S_MUL; oa = acc; ob = acc; last = 1'b0; j = s - 5'd7;
    case (q_op)
      2'd0:                        // GCMP: x <= c136: x c137; else exp2(log2(x) c138) c139 - c140
        if (q_lin) begin k = S_MUL; oa = x; ob = C137; last = 1'b1; end
        else case (s)
          5'd0: begin k = S_LOG2; oa = x; end
          5'd1: begin k = S_MUL; ob = C138; end
          5'd2: k = S_EXP2;
          5'd3: begin k = S_MUL; ob = C139; end
          default: begin k = S_SUB; ob = C140; last = 1'b1; end
        endcase
      2'd1:                        // GEXP: x <= c156: x c157; else exp2(log2((x + c140) c158) 2.4)
        if (q_lin) begin k = S_MUL; oa = x; ob = C157; last = 1'b1; end
        else case (s)
          5'd0: begin k = S_ADD; oa = x; ob = C140; end
          5'd1: begin k = S_MUL; ob = C158; end
          5'd2: k = S_LOG2;
          5'd3: begin k = S_MUL; ob = C2_4; end
          default: begin k = S_EXP2; last = 1'b1; end
        endcase
      2'd2:                        // FSINC: sin(2 pi (x / 4)) / x
        case (s)
          5'd0: begin k = S_MUL; oa = x; ob = QUARTER; end
          5'd1: k = S_SIN;
          default: begin k = S_DIV; ob = x; last = 1'b1; end
        endcase
      default:                     // FARCTANC: u = 1 / (1 + sqrt(1 + x x)), t = x u, (u + u) P(t t)
        case (s)
          5'd0: begin k = S_MUL; oa = x; ob = x; end
          5'd1: begin k = S_ADD; oa = ONE; end
          5'd2: k = S_SQRT;
          5'd3: begin k = S_ADD; oa = ONE; end
          5'd4: k = S_RCP;                                  // u
          5'd5: begin k = S_MUL; oa = x; ob = u; end        // t
          5'd6: k = S_MUL;                                  // t^2; P = coef 9
          5'd25: begin k = S_ADD; oa = u; ob = u; end       // u + u
          5'd26: begin k = S_MUL; oa = t2; last = 1'b1; end
          default:                                          // Horner from k = 8: P t^2, + coef k
            if (!j[0]) begin k = S_MUL; ob = t2; end
            else begin k = S_ADD; ob = coef(4'd8 - 4'(j[4:1])); end
        endcase
    endcase
  end

  // the units
  logic [31:0] f_a, f_b, f_c, f_r, t_r, v_r;
  logic        t_busy, t_done, d_busy, d_done;
  logic [63:0] d_r;
  logic [2:0]  t_code;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [5:0]  f_exc, v_exc, d_exc;         // no exception state in the USC
  /* verilator lint_on UNUSEDSIGNAL */
  always_comb begin
    f_a = oa; f_b = ONE; f_c = ob;
    if (k == S_MUL) begin f_b = ob; f_c = 32'h80000000; end
    if (k == S_SUB) f_c = {~ob[31], ob[30:0]};
    case (k)
      S_RCP: t_code = 3'd0;
      S_SQRT: t_code = 3'd2;
      S_EXP2: t_code = 3'd3;
      S_LOG2: t_code = 3'd4;
      default: t_code = 3'd5;                   // SIN (in turns)
    endcase
  end
  fp32_fma u_fma (.a(f_a), .b(f_b), .c(f_c), .rm(3'd0), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1),
    .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(NAN), .dexc_always(1'b0),
    .zero_wins(1'b0), .zw_sign_xor(1'b0), .zw_pass_c(1'b0), .fma_nan(2'd0), .clamp(1'b0),
    .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(f_r), .exc(f_exc));
  fp32_trans u_tr (.clk(clk), .rst_n(rst_n), .start(run && k >= S_RCP && k <= S_SIN && !t_st && !t_busy),
    .op(t_code), .a(oa), .dnan(NAN), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1), .nan_keep(1'b0),
    .nan_prop(2'd2), .busy(t_busy), .done(t_done), .r(t_r));
  fp64_dsr u_div (.clk(clk), .rst_n(rst_n), .start(run && k == S_DIV && !d_st && !d_busy), .op(2'd0),
    .a(widen(oa)), .b(widen(ob)), .rm(3'd0), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0),
    .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(64'h7ff8000000000000), .dexc_always(1'b0),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .busy(d_busy), .done(d_done), .r(d_r), .exc(d_exc));
  fp64_to_fp32 u_nar (.a(d_r), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0),
    .nan_inf(1'b0), .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .rm(3'd0), .nan_prop(2'd2), .dnan(NAN), .r(v_r), .exc(v_exc));

  // the step's result when it is ready
  logic        s_ok;
  logic [31:0] s_r;
  always_comb begin
    s_ok = 1'b1; s_r = f_r;
    if (k >= S_RCP && k <= S_SIN) begin s_ok = t_st && t_done; s_r = t_r; end
    if (k == S_DIV) begin s_ok = d_st && d_done; s_r = v_r; end
  end

  // the special operands (no steps) and the segment of GCMP/GEXP
  logic        sp;
  logic [32:0] sp_r;
  logic        le136, le156;
  always_comb begin
    logic [7:0] e;
    e = a[30:23];
    le136 = a[31] || a[30:0] <= C136[30:0];       // x <= c (a positive constant; -0, negatives)
    le156 = a[31] || a[30:0] <= C156[30:0];
    sp = 1'b0; sp_r = {1'b0, NAN};
    case (op)
      2'd2: begin                                  // FSINC: P0 = 1 for a finite x
        if (e == 8'hff) sp = 1'b1;
        else if (e < 8'd103) begin sp = 1'b1; sp_r = {1'b1, HALF_PI}; end
      end
      2'd3: begin
        if (e == 8'hff && a[22:0] != 23'd0) sp = 1'b1;
        else if (a[30:0] < 31'h39c00000) begin sp = 1'b1; sp_r = {1'b0, ONE}; end
        else if (a[30:0] == 31'h7f800000) begin sp = 1'b1; sp_r = 33'd0; end   // +-inf: the limit +0
      end
      default: if (e == 8'hff && a[22:0] != 23'd0) sp = 1'b1;
    endcase
  end

  assign busy = run;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      run <= 1'b0; done <= 1'b0; r <= 33'd0; t_st <= 1'b0; d_st <= 1'b0; s <= 5'd0;
      q_op <= 2'd0; q_lin <= 1'b0; x <= 32'd0; acc <= 32'd0; u <= 32'd0; t2 <= 32'd0;
    end else begin
      done <= 1'b0;
      if (start && !run) begin
        if (sp) begin done <= 1'b1; r <= sp_r; end
        else begin
          run <= 1'b1; s <= 5'd0; q_op <= op; x <= a;
          q_lin <= op == 2'd0 ? le136 : le156;
        end
      end
      if (run) begin
        if (k >= S_RCP && k <= S_SIN && !t_st && !t_busy) t_st <= 1'b1;
        if (k == S_DIV && !d_st && !d_busy) d_st <= 1'b1;
        if (s_ok) begin
          t_st <= 1'b0; d_st <= 1'b0;
          acc <= s_r;
          if (q_op == 2'd3 && s == 5'd4) u <= s_r;
          if (q_op == 2'd3 && s == 5'd6) begin t2 <= s_r; acc <= coef(4'd9); end
          if (q_op == 2'd3 && s == 5'd25) begin t2 <= s_r; acc <= acc; end
          s <= s + 5'd1;
          if (last) begin run <= 1'b0; done <= 1'b1; r <= {q_op == 2'd2, s_r}; end
        end
      end
    end
  end
endmodule
