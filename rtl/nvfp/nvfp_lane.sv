// nvfp_lane.sv - the datapath of one pixel of the quad for one instruction:
// the operand path of model/nvfp/nvfp_step.c (the stored components in
// their read format, conversion to the execution precision with the s12
// quantisation, swizzle, negate) and the vec4 ALU of nvfp_exec_alu.c
// (MOV ADD MUL MAD DP3 DP4 DST MIN MAX SLT SGE FLR FRC, PK2, UP2; the
// texture rows take the value nvfp_tex fetched), then the
// conversion to the destination precision with the s12 clamp and the CC
// status of each component.  Float arithmetic goes through rtl/common/fp
// under the nvfp policy (model/fp/policy_isa.c: RNE, denormals flushed in
// and out, tininess after rounding, NaN read as Inf and never written, zero
// wins with a +0 product, -0 == +0 in compares).  An H destination executes
// at fp16 (README R2): each fp16 operation is the fp32 operation on the
// exact fp32 images of its operands, rounded to fp16 (24 >= 2*11 + 2 bits,
// so the double rounding is innocuous), which is the correctly rounded fp16
// result the model computes.  Combinational.
`include "rtl/nvfp/nvfp_pkg.sv"
module nvfp_lane (
    input  logic [4:0]   op,
    input  logic [1:0]   xprec,      // execution precision (R, H or I)
    input  logic [1:0]   dprec,      // destination precision
    input  logic         frc_clamp,  // model config frc_clamp (D11)
    input  logic [383:0] sv,         // source k component j: bits 32*(4k+j) (H/I: the 16-bit half, low bits)
    input  logic [5:0]   sfmt,       // source k's read format (R for p[] and c[])
    input  logic [23:0]  swz,        // source k's swizzle, 8 bits each
    input  logic [2:0]   neg,
    input  logic [127:0] dhi, dlo,   // DDX/DDY: source 0 (fp32 image) of the pair's other pixels
    input  logic [127:0] tx,         // TEX/TXP/TXD: this pixel's texture result (fp32, nvfp_tex);
                                     // RCP RSQ EXP LOG LIT: nvfp_trans's result (execution format)
    output logic [127:0] a0,         // this pixel's source 0 (fp32 image, after swizzle and negate)
    output logic [127:0] xs0,        // the same in the execution format (H: fp16 bits in 15:0)
    output logic [31:0]  f0,         // floor of a0's component x (EXP)
    output logic [127:0] out,        // component j as stored (H/I: the 16-bit half in the low bits)
    output logic [7:0]   ncc         // component j's CC status
);
  localparam logic [31:0] F32_NEG0 = 32'h80000000;

  function automatic logic [31:0] f16to32(input logic [15:0] h);
    // exact; denormals flushed (daz), NaN read as Inf of its sign
    if (h[14:10] == 5'd0)       f16to32 = {h[15], 31'd0};
    else if (h[14:10] == 5'd31) f16to32 = {h[15], 8'hff, 23'd0};
    else                        f16to32 = {h[15], {3'd0, h[14:10]} + 8'd112, h[9:0], 13'd0};
  endfunction

  // a 16-bit I half as fp32: the int16 n * 2^-10, exact (an s12 result is
  // sign-extended to 16 bits; a half another view wrote can hold any int16)
  function automatic logic [31:0] s12to32(input logic [15:0] v);
    logic [15:0] mag;
    logic [3:0]  p;
    logic [22:0] frac;
    mag = v[15] ? 16'd0 - v : v;
    p = 4'd0;
    for (int i = 0; i < 16; i++) if (mag[i]) p = i[3:0];
    frac = {7'd0, mag} << (5'd23 - {1'b0, p});
    if (mag == 16'd0) s12to32 = 32'd0;
    else              s12to32 = {v[15], 8'd117 + {4'd0, p}, frac};
  endfunction

  // fp32 -> s12: x * 1024 rounded to nearest even, clamped to [-2048, 2047]
  // (model f32_to_s12: fp_mul by 1024, fp_to_int RNE, clamp); denormals read
  // as 0, NaN as Inf
  function automatic logic [15:0] f32tos12(input logic [31:0] x);
    logic [7:0]  e;
    logic [27:0] mag, q, rem, half;
    logic [4:0]  sh;
    logic [7:0]  d8;
    logic        unused_d8;
    logic        up;
    logic [15:0] n;
    e = x[30:23];
    mag = {5'b00001, x[22:0]};
    n = 16'd0;
    if (e == 8'd0) n = 16'd0;
    else if (e >= 8'd138) n = x[31] ? 16'hf800 : 16'h07ff;     // |x| >= 2048/1024... and Inf/NaN
    else if (e < 8'd114) n = 16'd0;                             // |x * 1024| < 1/4
    else begin
      d8 = 8'd140 - e;                                          // 13 - (e - 127), 3..26
      sh = d8[4:0];
      unused_d8 = ^d8[7:5];
      q = mag >> sh;
      half = 28'd1 << (sh - 5'd1);
      rem = mag & ((28'd1 << sh) - 28'd1);
      up = rem > half || (rem == half && q[0]);
      q = q + {27'd0, up};
      if (q > 28'd2047) n = x[31] ? 16'hf800 : 16'h07ff;
      else              n = x[31] ? 16'd0 - q[15:0] : q[15:0];
    end
    f32tos12 = n;
  endfunction

  // UP4 (Table 25, D10): (b - 128) / 127 as fp32, correctly rounded (b - 128 is
  // exact; 127 is odd, so the quotient never ties: round up when 2r > 127)
  function automatic logic [31:0] up4f(input logic [7:0] b);
    logic        sg;
    logic [7:0]  m;
    logic [2:0]  k;
    logic [38:0] nn, q, r;
    logic [7:0]  ex;
    sg = b < 8'd128;
    m = sg ? 8'd128 - b : b - 8'd128;
    k = 3'd0;
    for (int i = 7; i >= 0; i--) if (({8'd0, m} << i) >= 16'd127) k = i[2:0];
    nn = {31'd0, m} << (6'd23 + {3'd0, k});
    q = nn / 39'd127;
    r = nn % 39'd127;
    if (r > 39'd63) q = q + 39'd1;                 // 2r > 127
    ex = 8'd127 - {5'd0, k};
    if (q[24]) begin q = q >> 1; ex = ex + 8'd1; end
    up4f = m == 8'd0 ? 32'd0 : {sg, ex, q[22:0]};
  endfunction

  // floor of an fp32 value (fp_floor: denormals read as 0, NaN as Inf)
  function automatic logic [31:0] floor32(input logic [31:0] x);
    logic [7:0]  e;
    logic [31:0] mask, t;
    e = x[30:23];
    mask = 32'd0;
    t = x;
    if (e == 8'd255)      t = {x[31], 8'hff, 23'd0};
    else if (e == 8'd0)   t = {x[31], 31'd0};
    else if (e >= 8'd150) t = x;
    else if (e < 8'd127)  t = x[31] ? 32'hbf800000 : 32'h00000000;
    else begin
      mask = (32'd1 << (8'd150 - e)) - 32'd1;
      t = x & ~mask;
      if (x[31] && (x & mask) != 32'd0) t = t + mask + 32'd1;
    end
    floor32 = t;
  endfunction

  logic hx;
  assign hx = xprec == nvfp_pkg::PR_H;

  // ---- operand path: 3 sources x 4 stored components
  logic [31:0] cv [12];   // component converted to the execution format (fp16 in 15:0)
  for (genvar g = 0; g < 12; g++) begin : g_src
    logic [31:0] v, f32in, x;
    logic [1:0]  fm;
    logic [15:0] h16;
    assign v = sv[32*g +: 32];
    assign fm = sfmt[2*(g/4) +: 2];
    assign f32in = fm == nvfp_pkg::PR_R ? v : fm == nvfp_pkg::PR_H ? f16to32(v[15:0]) : s12to32(v[15:0]);
    nvfp_to_h u_h (.a(f32in), .r(h16));
    always_comb begin
      case (xprec)
        nvfp_pkg::PR_H: x = {16'd0, fm == nvfp_pkg::PR_H ? v[15:0] : h16};
        nvfp_pkg::PR_I: x = fm == nvfp_pkg::PR_I ? f32in : s12to32(f32tos12(f32in));
        default:        x = fm == nvfp_pkg::PR_R ? v : f32in;
      endcase
    end
    assign cv[g] = x;
  end

  // swizzle, negate; X: execution bits, A: its fp32 image
  logic [31:0] X [3][4];
  logic [31:0] A [3][4];
  always_comb begin
    for (int k = 0; k < 3; k++)
      for (int j = 0; j < 4; j++) begin
        logic [31:0] t;
        t = cv[4*k + {30'd0, swz[8*k + 2*j +: 2]}];
        if (neg[k]) t = hx ? t ^ 32'h00008000 : t ^ 32'h80000000;
        X[k][j] = t;
        A[k][j] = hx ? f16to32(t[15:0]) : t;
      end
  end

  assign a0 = {A[0][3], A[0][2], A[0][1], A[0][0]};
  assign xs0 = {X[0][3], X[0][2], X[0][1], X[0][0]};

  // ---- the four component slices
  logic [31:0] one;
  assign one = hx ? 32'h00003c00 : 32'h3f800000;
  // split_var on the arrays of the DP chain: slice j reads slice j-1's
  // partial sum (mh -> sm -> sh -> ch -> the next slice's add), so Verilator
  // would see whole arrays feeding themselves (UNOPTFLAT, a false loop)
  logic [31:0] mp  [4] /* verilator split_var */;    // product
  logic [15:0] m16 [4] /* verilator split_var */;    // product rounded to fp16
  logic [31:0] mh  [4] /* verilator split_var */;    // product at the execution precision (fp32 image)
  logic [31:0] sm  [4] /* verilator split_var */;    // sum
  logic [15:0] s16 [4] /* verilator split_var */;
  logic [31:0] sh  [4] /* verilator split_var */;
  logic [31:0] ch  [4] /* verilator split_var */;    // DP chain: the partial sum after component j
  logic        lt  [4];    // t < u (-0 == +0)
  logic [31:0] ua  [4];    // UP2: the unpacked half as fp32
  logic [31:0] pk;         // PK2: the packed word
  logic [31:0] pk4;        // PK4: the packed word
  for (genvar j = 0; j < 4; j++) begin : g_slice
    logic [31:0] aa, ab, fl, prev;
    if (j == 0) begin : g_first
      assign prev = 32'd0;
    end else begin : g_next
      assign prev = ch[j - 1];
    end
    logic        asub, cres;
    logic [1:0]  crel;
    logic [5:0]  x0, x2, x4;
    // PK4 (D10): 127 * clamp(t, -1.008, 1.0), then + 128 (product rounded, then the sum)
    logic [31:0] ma, mb, q4;
    always_comb begin
      q4 = A[0][j];
      if (!q4[31] && q4[30:23] != 8'd0 && q4[30:0] > 31'h3f800000) q4 = 32'h3f800000;
      if (q4[31] && q4[30:23] != 8'd0 && q4[30:0] > 31'h3f810625) q4 = 32'hbf810625;
      ma = op == nvfp_pkg::OP_PK4 ? 32'h42fe0000 : A[0][j];
      mb = op == nvfp_pkg::OP_PK4 ? q4 : A[1][j];
    end
    fp32_mul u_mul (.a(ma), .b(mb), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                    .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b1), .dnan(32'h7fc00000),
                    .dexc_always(1'b0), .zero_wins(1'b1), .zw_sign_xor(1'b0), .clamp(1'b0),
                    .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(mp[j]), .exc(x0));
    nvfp_to_h u_mh (.a(mp[j]), .r(m16[j]));
    assign mh[j] = hx ? f16to32(m16[j]) : mp[j];
    assign fl = floor32(A[0][j]);
    if (j == 0) begin : g_f0
      assign f0 = fl;
    end
    assign ua[j] = f16to32(j[0] ? X[0][0][31:16] : X[0][0][15:0]);
    always_comb begin
      aa = A[0][j]; ab = A[1][j]; asub = 1'b0;
      case (op)
        nvfp_pkg::OP_MAD: begin aa = mh[j]; ab = A[2][j]; end
        nvfp_pkg::OP_DP3, nvfp_pkg::OP_DP4: begin aa = mh[j]; ab = prev; end
        nvfp_pkg::OP_FRC: begin ab = fl; asub = 1'b1; end
        nvfp_pkg::OP_FLR: begin aa = fl; ab = F32_NEG0; end      // x + -0 = x, exactly
        nvfp_pkg::OP_UP2: begin aa = ua[j]; ab = F32_NEG0; end
        nvfp_pkg::OP_PK4: begin aa = mp[j]; ab = 32'h43000000; end
        nvfp_pkg::OP_UP4: begin aa = up4f(X[0][0][8*j +: 8]); ab = F32_NEG0; end
        nvfp_pkg::OP_DDX, nvfp_pkg::OP_DDY: begin aa = dhi[32*j +: 32]; ab = dlo[32*j +: 32]; asub = 1'b1; end
        // the texel value + (-0): its fp16 rounding for an H destination (a
        // NaN reads as Inf, a denormal as its zero: fp_convert's reading)
        nvfp_pkg::OP_TEX, nvfp_pkg::OP_TXP, nvfp_pkg::OP_TXD: begin aa = tx[32*j +: 32]; ab = F32_NEG0; end
        default: ;
      endcase
    end
    fp32_add u_add (.a(aa), .b(ab), .sub(asub), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                    .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b1), .dnan(32'h7fc00000),
                    .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
                    .r(sm[j]), .exc(x2));
    nvfp_to_h u_sh (.a(sm[j]), .r(s16[j]));
    assign sh[j] = hx ? f16to32(s16[j]) : sm[j];
    // PK4: the sum rounded to an integer (nearest even: f32tos12 of sum / 1024), clamped to 0..255
    logic [15:0] n4;
    assign n4 = sm[j][30:23] > 8'd10 ? f32tos12({sm[j][31], sm[j][30:23] - 8'd10, sm[j][22:0]}) : 16'd0;
    assign pk4[8*j +: 8] = n4[15] ? 8'd0 : n4 > 16'd255 ? 8'd255 : n4[7:0];
    assign ch[j] = j == 0 ? mh[j] : sh[j];
    fp32_cmp u_cmp (.a(A[0][j]), .b(A[1][j]), .pred(4'b0001), .signaling(1'b0), .daz(1'b1), .nan_inf(1'b1),
                    .dexc_always(1'b0), .zero_negless(1'b0), .res(cres), .rel(crel), .exc(x4));
    assign lt[j] = cres;
    logic unused_s;
    assign unused_s = ^{x0, x2, x4, crel};
  end
  // PK2: t.x, t.y at fp32 rounded to fp16 (the product path of slices 0/1 is
  // free: PK2 reads one source, so the multiplier's b is unused)
  logic [15:0] pk_lo, pk_hi;
  nvfp_to_h u_pk0 (.a(A[0][0]), .r(pk_lo));
  nvfp_to_h u_pk1 (.a(A[0][1]), .r(pk_hi));
  assign pk = {pk_hi, pk_lo};

  // ---- results: E in the execution format, then the destination format
  for (genvar j = 0; j < 4; j++) begin : g_res
    logic [31:0] e, o;
    always_comb begin
      case (op)
        nvfp_pkg::OP_MOV: e = X[0][j];
        nvfp_pkg::OP_MUL: e = hx ? {16'd0, m16[j]} : mp[j];
        nvfp_pkg::OP_DP3: e = hx ? {16'd0, s16[2]} : sm[2];
        nvfp_pkg::OP_DP4: e = hx ? {16'd0, s16[3]} : sm[3];
        nvfp_pkg::OP_DST:
          if (j == 0)      e = one;
          else if (j == 1) e = hx ? {16'd0, m16[1]} : mp[1];
          else if (j == 2) e = X[0][2];
          else             e = X[1][3];
        nvfp_pkg::OP_MIN: e = lt[j] ? X[0][j] : X[1][j];
        nvfp_pkg::OP_MAX: e = lt[j] ? X[1][j] : X[0][j];
        nvfp_pkg::OP_SLT: e = lt[j] ? one : 32'd0;
        nvfp_pkg::OP_SGE: e = lt[j] ? 32'd0 : one;
        nvfp_pkg::OP_PK2: e = pk;
        nvfp_pkg::OP_PK4: e = pk4;
        // the fetched value as the texture unit returns it (R: raw; I: f32tos12)
        nvfp_pkg::OP_TEX, nvfp_pkg::OP_TXP, nvfp_pkg::OP_TXD: e = tx[32*j +: 32];
        // computed in the execution format by nvfp_trans
        nvfp_pkg::OP_RCP, nvfp_pkg::OP_RSQ, nvfp_pkg::OP_EXP, nvfp_pkg::OP_LOG,
        nvfp_pkg::OP_LIT: e = tx[32*j +: 32];
        default: e = hx ? {16'd0, s16[j]} : sm[j];    // ADD MAD FLR FRC UP2 UP4 DDX DDY
      endcase
      // D11: FRC never returns 1.0
      if (op == nvfp_pkg::OP_FRC && frc_clamp && e == one) e = one - 32'd1;
      case (dprec)
        nvfp_pkg::PR_H: o = {16'd0, hx ? e[15:0] : s16[j]};   // not hx: UP2, TEX (an fp32 result, converted)
        nvfp_pkg::PR_I: o = {16'd0, f32tos12(e)};
        default:        o = e;
      endcase
    end
    assign out[32*j +: 32] = o;
    assign ncc[2*j +: 2] =
        dprec == nvfp_pkg::PR_H ? (o[14:0] == 15'd0 ? nvfp_pkg::CC_EQ : o[15] ? nvfp_pkg::CC_LT : nvfp_pkg::CC_GT) :
        dprec == nvfp_pkg::PR_I ? (o[15:0] == 16'd0 ? nvfp_pkg::CC_EQ : o[15] ? nvfp_pkg::CC_LT : nvfp_pkg::CC_GT) :
                                  (o[30:0] == 31'd0 ? nvfp_pkg::CC_EQ : o[31] ? nvfp_pkg::CC_LT : nvfp_pkg::CC_GT);
  end
  logic unused_l;
  assign unused_l = ^{sh[0], X[1][0][31:0], X[2][0], X[2][1], X[2][2], X[2][3]};
endmodule
