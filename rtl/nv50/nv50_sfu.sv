// nv50_sfu.sv - the special function unit of one thread (purely combinational):
// rcp, rsqrt, lg2, ex2, sin, cos and the argument preparations presin, preex2.
//
// Contract: model/nv50/FLOAT.md "SFU".  The model returns the correctly
// rounded f32 value of the exact function and the checker accepts DUT values
// within the ULP bound the model records (GPUREF_REGW_F32_ULP); special inputs
// (+-0, +-Inf, NaN, negative operands, denormals read as zero, tiny results
// written as zero) are exact here.  presin is within one unit of the
// fixed-point code; preex2 is exact.
//
// Approximation (rtl/nv50/README.md "SFU"): one piecewise-quadratic evaluator,
// y = a0 + a1*d + a2*d^2, with the coefficient tables of nv50_sfu_rom
// (2^6 or 2^7 segments per function, y with 32 fraction bits):
//   rcp    m in [1,2):  1/m from the table 1/(1+t)
//   rsqrt  m' = m or 2m (even exponent):  1/sqrt(m') from two tables
//   ex2    2^v = 2^n * 2^g, g in [0,1) the 23 fraction bits of the code
//   lg2    x = m * 2^E:  m < 1.5: E + t * log2(1+t)/t (t = m - 1);
//          m >= 1.5: (E+1) - u * (-log2(1-u)/u) (u = 1 - m/2); the products
//          keep full relative precision near x = 1
//   sin    sin(pi/2 h) = h * (sin(pi h/2)/h), h = g or 1 - g by quadrant
//   presin |x| * 2/pi mod 4 with an 81-bit window of 2/pi (Payne-Hanek)
//   preex2 round(|x| * 2^23) (RNE)
// The operand modifiers (neg, abs) are applied by the caller.
module nv50_sfu (
  input  logic        en,     // an SFU instruction (operand isolation, see below)
  input  logic [2:0]  op,     // 0 rcp, 1 rsqrt, 2 lg2, 3 ex2, 4 sin, 5 cos, 6 presin, 7 preex2
  input  logic [31:0] x,
  output logic [31:0] r
);
  localparam logic [2:0] O_RCP = 3'd0, O_RSQ = 3'd1, O_LG2 = 3'd2, O_EX2 = 3'd3,
                         O_SIN = 3'd4, O_COS = 3'd5, O_PRESIN = 3'd6;   // 7 preex2
  localparam logic [31:0] DNAN    = 32'h7fff_ffff;   // fp_policy_nv50 default NaN
  localparam logic [30:0] FX_NAN  = 31'h4000_0000;   // fixed-point code of NaN
  localparam logic [30:0] FX_INF  = 31'h4080_0000;   // fixed-point code of Inf
  // bits 1..184 after the binary point of 2/pi: floor(2/pi * 2^184)
  localparam logic [183:0] TWO_PI = 184'ha2f9836e4e441529fc2757d1f534ddc0db6295993c4390;

  // ------------------------------------------------------------ helpers
  // position of the most significant set bit of a 66-bit value (0 if none)
  function automatic logic [6:0] msb66(input logic [65:0] v);
    logic [6:0] p;
    p = 7'd0;
    for (int i = 0; i < 66; i++)
      if (v[i]) p = 7'(i);
    msb66 = p;
  endfunction

  // ------------------------------------------------------------ operand
  logic        sx, xnan, xinf, xzero, fz;
  logic [7:0]  ex;
  logic [22:0] fx;
  logic [9:0]  E;                 // unbiased exponent, signed
  assign sx    = x[31];
  assign ex    = x[30:23];
  assign fx    = x[22:0];
  assign xnan  = (ex == 8'hff) && (fx != 23'd0);
  assign xinf  = (ex == 8'hff) && (fx == 23'd0);
  assign xzero = (ex == 8'd0);                   // zero or denormal (flushed)
  assign fz    = (fx == 23'd0);
  assign E     = {2'b00, ex} - 10'd127;

  // fixed-point code (ex2, sin, cos): bit 31 sign, 7.23 magnitude; bit 30 set:
  // 0x40800000 is Inf, every other such code NaN
  logic        cspec, cinf;
  logic [31:0] V;                 // the signed value in units of 2^-23
  logic [8:0]  n;                 // floor(v)
  logic [22:0] G;                 // fraction of v
  logic [1:0]  sel;               // sin/cos quadrant after the cos shift
  logic [22:0] H;                 // sin argument in units of 2^-23
  assign cspec = x[30];
  assign cinf  = (x[30:0] == FX_INF);
  assign V     = sx ? (32'd0 - {1'b0, x[30:0]}) : {1'b0, x[30:0]};
  assign n     = V[31:23];
  assign G     = V[22:0];
  assign sel   = V[24:23] + {1'b0, (op == O_COS)};
  assign H     = sel[0] ? (23'd0 - G) : G;       // cos(pi/2 g) = sin(pi/2 (1 - g))

  // ------------------------------------------------------------ table argument
  logic        lgb;               // lg2: m >= 1.5 (second table)
  logic [23:0] U;                 // lg2: 2^23 - fraction (u = U / 2^24)
  logic [2:0]  fn;
  logic [23:0] T;                 // argument in [0, 1), units of 2^-24
  logic        k7;                // 2^7 segments (else 2^6)
  logic [7:0]  idx;
  logic [23:0] D;                 // position in the segment, units of 2^-24
  assign lgb = fx[22];
  assign U   = 24'h80_0000 - {1'b0, fx};
  always_comb begin
    fn = 3'd0; T = {fx, 1'b0}; k7 = 1'b1;
    case (op)
      O_RCP: begin fn = 3'd0; T = {fx, 1'b0}; k7 = 1'b1; end
      O_RSQ: begin fn = 3'd1; T = {fx, 1'b0}; k7 = 1'b1; end
      O_LG2: begin
        if (lgb) begin fn = 3'd4; T = {U[22:0], 1'b0};  k7 = 1'b1; end
        else     begin fn = 3'd3; T = {fx[21:0], 2'b00}; k7 = 1'b0; end
      end
      O_EX2:   begin fn = 3'd2; T = {G, 1'b0}; k7 = 1'b0; end
      default: begin fn = 3'd5; T = {H, 1'b0}; k7 = 1'b0; end   // sin, cos
    endcase
    if (k7) begin
      idx = {(op == O_RSQ) && !ex[0], T[23:17]};   // rsqrt: odd exponent -> 1/sqrt(2(1+t))
      D   = {T[16:0], 7'd0};
    end else begin
      idx = {2'b00, T[23:18]};
      D   = {T[17:0], 6'd0};
    end
  end

  // ------------------------------------------------------------ evaluator
  logic [32:0]        a0;
  logic [28:0]        a1;
  logic [21:0]        a2;
  nv50_sfu_rom u_rom (.fn(fn), .idx(idx), .a0(a0), .a1(a1), .a2(a2));

  // The datapaths below are isolated: each computes only while its operation
  // is selected (en and op), else its outputs are 0.  In hardware this keeps
  // the multipliers quiet for other instructions; in Verilator it skips them.
  logic        ev_on, ps_on, pe_on;
  assign ev_on = en && (op != O_PRESIN) && (op != 3'd7);
  assign ps_on = en && (op == O_PRESIN);
  assign pe_on = en && (op == 3'd7);

  // evaluator y = a0 + a1 d + a2 d^2 (d^2 from the top 18 bits of d), then
  // rcp, rsqrt, ex2: y in (0.5, 1) (rcp, rsqrt) or [1, 2) (ex2) rounded to a
  // 24-bit significand and kept inside the binade (the true value is, and the
  // error is well below one unit); lg2, sin: the products below
  logic signed [53:0] p1f;        // a1 * d, units 2^-56
  logic        [35:0] sq;
  logic signed [40:0] p2f;        // a2 * d^2, units 2^-50
  logic signed [35:0] ysum;
  logic        [32:0] Y;          // y, unsigned 1.32
  logic        [24:0] mq;         // significand before the binade check
  logic        [23:0] sig;
  // lg2: S = n' + L in units of 2^-56; sin: h * s(h), normalised to an f32
  logic [55:0]        pr;         // {23-bit operand} * y
  logic [22:0]        pm;
  logic [9:0]         nl;         // lg2 integer part (E or E + 1)
  logic signed [66:0] S;
  logic               ssgn;
  logic [65:0]        smag;
  logic [6:0]         sp;
  logic [65:0]        sn;
  logic [24:0]        nr;
  logic [9:0]         be_n;
  logic [31:0]        r_norm;
  always_comb begin
    p1f = '0; sq = '0; p2f = '0; ysum = '0; Y = '0; mq = '0; sig = '0;
    pr = '0; pm = '0; nl = '0; S = '0; ssgn = 1'b0; smag = '0;
    sp = '0; sn = '0; nr = '0; be_n = '0; r_norm = '0;
    if (ev_on) begin
      p1f  = $signed(a1) * $signed({1'b0, D});
      sq   = D[23:6] * D[23:6];
      p2f  = $signed(a2) * $signed({1'b0, sq[35:18]});
      ysum = $signed({3'b000, a0}) + $signed({{6{p1f[53]}}, p1f[53:24]}) +
             $signed({{13{p2f[40]}}, p2f[40:18]});
      Y    = ysum[32:0];
      if (op == O_EX2) mq = {1'b0, Y[32:9]} + {24'd0, Y[8]};
      else             mq = Y[32:8] + {24'd0, Y[7]};
      if (mq[24])       sig = 24'hff_ffff;
      else if (!mq[23]) sig = 24'h80_0000;
      else              sig = mq[23:0];
      if (op == O_LG2 || op == O_SIN || op == O_COS) begin
        if (op == O_LG2) pm = lgb ? U[22:0] : fx;
        else             pm = H;
        pr = {23'd0, Y} * {33'd0, pm};
        nl = (lgb && !fz) ? E + 10'd1 : E;
        if (op == O_LG2) begin
          S = $signed({nl, 57'd0}) >>> 1;               // nl * 2^56
          if (!fz) begin
            if (lgb) S = S - $signed({11'd0, pr});       // - u h2(u): pr = U * y, units 2^-56
            else     S = S + $signed({10'd0, pr, 1'b0}); // + t h(t):  pr = F * y, units 2^-55
          end
        end else begin
          S = $signed({10'd0, pr, 1'b0});                // h s(h): units 2^-55
        end
        ssgn = S[66];
        smag = ssgn ? 66'(-S) : S[65:0];
        // normalise smag (value smag * 2^-56), round to nearest
        sp   = msb66(smag);
        sn   = smag << (7'd65 - sp);
        nr   = {1'b0, 1'b1, sn[64:42]} + {24'd0, sn[41]};
        be_n = {3'd0, sp} + 10'd71 + {9'd0, nr[24]};
        r_norm = {ssgn, be_n[7:0], nr[24] ? 23'd0 : nr[22:0]};
        if (smag == 66'd0) r_norm = 32'd0;
      end
    end
  end

  logic [9:0]  kk;                // rsqrt: floor(E / 2)
  logic [9:0]  be_rcp, be_rsq, be_ex2;
  logic        rsq_exact;
  assign kk        = {E[9], E[9:1]};
  assign rsq_exact = fz && !E[0];
  assign be_rcp    = (fz ? 10'd254 : 10'd253) - {2'b00, ex};
  assign be_rsq    = (rsq_exact ? 10'd127 : 10'd126) - kk;
  assign be_ex2    = {n[8], n} + 10'd127;

  // ------------------------------------------------------------ presin
  // code = round(|x| * 2/pi * 2^23) modulo 2^25 (up to 2^25 when it rounds up
  // to 4.0).  |x| = M * 2^(K-23) (K = E): the bits i of 2/pi from K-24 (the
  // lower ones only add multiples of 2^25) to K+56 form the 81-bit window W;
  // M * W has 56 fraction bits, the truncated tail is below 2^-32 of a unit.
  logic [183:0] tw;
  logic [104:0] Q;
  logic [25:0]  pcode;
  always_comb begin
    tw = '0; Q = '0; pcode = '0;
    if (ps_on) begin
      tw    = TWO_PI >> (10'd128 - E);                  // window: bits 80:0
      Q     = {81'd0, 1'b1, fx} * {24'd0, tw[80:0]};
      pcode = {1'b0, Q[80:56]} + {25'd0, Q[55]};
    end
  end

  // ------------------------------------------------------------ preex2
  // round(|x| * 2^23) = round(M * 2^E) (RNE); 2^30 or more is the Inf code
  logic [9:0]  esh;               // right shift -E (E < 0)
  logic [23:0] xm;
  logic [23:0] qm, rm_, hf;
  logic [30:0] ecode;
  always_comb begin
    xm    = {1'b1, fx};
    esh   = 10'd0 - E;
    qm    = 24'd0;
    rm_   = 24'd0;
    hf    = 24'd0;
    ecode = 31'd0;
    if (!pe_on) ;
    else if (!E[9]) begin                         // E >= 0
      if (E >= 10'd7) ecode = FX_INF;
      else            ecode = 31'({7'd0, xm} << E[2:0]);
    end else if (esh <= 10'd24) begin             // |x| * 2^23 >= 2^-1
      qm    = xm >> esh[4:0];
      rm_   = xm & ((24'd1 << esh[4:0]) - 24'd1);
      hf    = 24'd1 << (esh[4:0] - 5'd1);
      ecode = {7'd0, qm} + {30'd0, (rm_ > hf) || ((rm_ == hf) && qm[0])};
    end
  end

  // bits computed for the general case that a result does not use
  logic unused_ok;
  assign unused_ok = ^{U[23], p1f[23:0], sq[17:0], p2f[17:0], ysum[35:33], sig[23], be_rsq[9:8],
                       be_n[9:8], sn[65], sn[40:0], nr[23], tw[183:81], Q[104:81], Q[54:0]};

  // ------------------------------------------------------------ result
  always_comb begin
    r = DNAN;
    case (op)
      O_RCP: begin
        if (xnan)                  r = DNAN;
        else if (xinf)             r = {sx, 31'd0};
        else if (xzero)            r = {sx, 8'hff, 23'd0};
        else if (be_rcp[9] || be_rcp == 10'd0) r = {sx, 31'd0};     // tiny: flushed
        else                       r = {sx, be_rcp[7:0], fz ? 23'd0 : sig[22:0]};
      end
      O_RSQ: begin
        if (xnan)                  r = DNAN;
        else if (xzero)            r = {sx, 8'hff, 23'd0};
        else if (sx)               r = DNAN;
        else if (xinf)             r = 32'd0;
        else                       r = {1'b0, be_rsq[7:0], rsq_exact ? 23'd0 : sig[22:0]};
      end
      O_LG2: begin
        if (xnan)                  r = DNAN;
        else if (xzero)            r = 32'hff80_0000;
        else if (sx)               r = DNAN;
        else if (xinf)             r = 32'h7f80_0000;
        else                       r = r_norm;
      end
      O_EX2: begin
        if (cspec)                 r = cinf ? (sx ? 32'd0 : 32'h7f80_0000) : DNAN;
        else if (be_ex2[9] || be_ex2 == 10'd0) r = 32'd0;           // 2^n, n <= -127: flushed
        else                       r = {1'b0, be_ex2[7:0], (G == 23'd0) ? 23'd0 : sig[22:0]};
      end
      O_SIN, O_COS: begin
        if (cspec)                 r = DNAN;
        else if (G == 23'd0)       r = sel[0] ? {sel[1], 31'h3f80_0000}
                                              : ((op == O_SIN) ? {sx, 31'd0} : 32'd0);
        else                       r = {sel[1], r_norm[30:0]};
      end
      O_PRESIN: begin
        if (ex == 8'hff)           r = {sx, FX_NAN};
        else if (xzero)            r = {sx, 31'd0};
        else                       r = {sx, 5'd0, pcode};
      end
      default: begin               // preex2
        if (xnan)                  r = {sx, FX_NAN};
        else if (xinf)             r = {sx, FX_INF};
        else if (xzero)            r = {sx, 31'd0};
        else                       r = {sx, ecode};
      end
    endcase
  end

endmodule
