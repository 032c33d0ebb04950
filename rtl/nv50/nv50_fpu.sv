// nv50_fpu.sv - the float, SFU and conversion datapath of one thread (purely
// combinational), next to the integer nv50_alu.
//
// Contract: model/nv50/FLOAT.md and the float environment fp_policy_nv50
// (model/fp/policy_isa.c): f32 denormals flushed on input and output (sign
// kept), tininess after rounding, IEEE overflow, every NaN result the default
// NaN 0x7fffffff (f16: 0x7fff), RNE unless the instruction says otherwise,
// sat = clamp to [0, 1] with -0 -> +0 and the NaN 0x7fffffff kept, -0 == +0
// in compares, -0 < +0 in min/max.  f16 operands and results keep their
// denormals (FLOAT.md "f16 per IEEE").  G80 specifics (model/nv50/README.md
// "Float on G80"): fadd/fmul round rn, rm, rp, rz (overflow as IEEE), fmul honours sat
// only with fmul_sat (G200), zero_wins makes fmul/fmad 0 * x = +0, and fmad
// truncates the product (module nv50_mad_g80, rtl/nv50/nv50_mad_g80.sv).
//
// The arithmetic is done by the bit-exact units of rtl/common/fp (one of
// each, shared between the rows) and by nv50_sfu:
//   fadd          fp32_add   ([neg] a + [neg] b, rn/rm/rp/rz), then sat32
//   fmul          fp32_mul   ([neg] a * [neg] b, rn/rm/rp/rz), then sat32
//   fmad          nv50_mad_g80 (nv50_mad_g80.sv) when a, b, c are normal: the product truncated to 24
//                 bits, exponent unbounded, one RN rounding of the sum; else
//                 fp32_mul then fp32_add (RNE), as the model's nv50_mad1
//   fset, fslct   fp32_cmp   (fslct: [neg] c >= 0, a NaN selects src2)
//   fmin, fmax    fp32_minmax (DX10 kind: a NaN operand loses)
//   cvt           fp16_to_fp32, fp32_to_fp16, fp32_to_int, fp32_from_int,
//                 fp32_add (f32 results: x + -0 gives the policy's flush, NaN
//                 and clamp), and the round-to-integral below
//   rcp ... sin   nv50_sfu
// Flags are {O, C, S, Z} (decision D1): float results Z = zero or NaN,
// S = negative or NaN (-0 is not negative), C = O = 0; fset/fslct and integer
// cvt results: Z = all bits 0, S = the top bit of the result width.
module nv50_fpu (
  input  logic [4:0]  cls,
  input  logic        sat,
  input  logic        b32,      // cvt: 32-bit destination (else 16-bit)
  input  logic        neg1,
  input  logic        neg2,
  input  logic        neg3,
  input  logic        abs1,
  input  logic        abs2,
  input  logic [1:0]  rnd,
  input  logic [3:0]  fcond,
  input  logic        ismin,
  input  logic [2:0]  sfop,
  input  logic [2:0]  cvd,
  input  logic [2:0]  cvs,
  input  logic        rint,
  input  logic        cvssgn,
  input  logic        cvdsgn,
  input  logic        fmul_sat, // fmul honours sat (chipset g200; cfg[2] bit 0)
  input  logic        zero_wins,// 0 * x = +0 in fmul/fmad (cfg[2] bit 1)
  input  logic [31:0] va,       // src1
  input  logic [31:0] vb,       // second input
  input  logic [31:0] vc,       // third input
  output logic [31:0] res,
  output logic [3:0]  flags     // {O, C, S, Z}
);
  localparam logic [4:0] C_FADD  = nv50_pkg::C_FADD;
  localparam logic [4:0] C_FMUL  = nv50_pkg::C_FMUL;
  localparam logic [4:0] C_FMAD  = nv50_pkg::C_FMAD;
  localparam logic [4:0] C_FSET  = nv50_pkg::C_FSET;
  localparam logic [4:0] C_FMNMX = nv50_pkg::C_FMNMX;
  localparam logic [4:0] C_FSLCT = nv50_pkg::C_FSLCT;
  localparam logic [4:0] C_SFU   = nv50_pkg::C_SFU;
  localparam logic [4:0] C_CVT   = nv50_pkg::C_CVT;
  localparam logic [2:0] CV_I8   = nv50_pkg::CV_I8;
  localparam logic [2:0] CV_I16  = nv50_pkg::CV_I16;
  localparam logic [2:0] CV_F16  = nv50_pkg::CV_F16;
  localparam logic [2:0] CV_F32  = nv50_pkg::CV_F32;

  // fp_policy_nv50 knobs (rtl/common/fp/README.md "Policy knob ports")
  localparam logic [2:0]  RM_RNE = 3'd0, RM_RTZ = 3'd1, RM_RUP = 3'd2, RM_RDN = 3'd3;
  localparam logic [31:0] DNAN32 = 32'h7fff_ffff;
  localparam logic [15:0] DNAN16 = 16'h7fff;
  localparam logic [1:0]  NANP_DEFAULT = 2'd2;
  localparam logic [2:0]  MM_DX10 = 3'd3;
  localparam logic [1:0]  ZMM_NEG_LESS = 2'd0;
  localparam logic [1:0]  INAN_ZERO = 2'd0;

  // ------------------------------------------------------------ helpers
  // operand modifiers (FLOAT.md): abs first, then neg
  function automatic logic [31:0] fmod32(input logic [31:0] x, input logic n, input logic a);
    fmod32 = {(x[31] & ~a) ^ n, x[30:0]};
  endfunction

  // the 2-bit rounding field (rn, rm, rp, rz) as an fp unit rm code
  function automatic logic [2:0] rmode(input logic [1:0] f);
    case (f)
      2'd0:    rmode = RM_RNE;
      2'd1:    rmode = RM_RDN;
      2'd2:    rmode = RM_RUP;
      default: rmode = RM_RTZ;
    endcase
  endfunction

  // sat as G80-G200 do it: [1.0, +Inf] -> 1.0, sign set -> +0, else as is
  // (the NaN 0x7fffffff stays NaN)
  function automatic logic [31:0] sat32(input logic [31:0] x);
    if (x >= 32'h3f80_0000 && x <= 32'h7f80_0000) sat32 = 32'h3f80_0000;
    else if (x[31])                               sat32 = 32'd0;
    else                                          sat32 = x;
  endfunction

  // fmad of three normal finite operands (G-MAD): module nv50_mad_g80 in
  // rtl/nv50/nv50_mad_g80.sv, instantiated as u_mad_g80 further down (an
  // always_comb block: as a function, yosys expands the branches of its
  // reassigned variables into a tree too large to synthesize)

  // $c of a float result (f16 in bits 15:0 when h)
  function automatic logic [3:0] fflags(input logic [31:0] r, input logic h);
    logic [30:0] m;
    logic        s;
    m = h ? {16'd0, r[14:0]} : r[30:0];
    s = h ? r[15] : r[31];
    if (m > (h ? 31'h7c00 : 31'h7f80_0000)) fflags = 4'b0011;
    else if (m == 31'd0)                    fflags = 4'b0001;
    else                                    fflags = {2'b00, s, 1'b0};
  endfunction

  // $c of an integer result of 16 or 32 bits
  function automatic logic [3:0] iflags(input logic [31:0] r, input logic w32);
    iflags = {2'b00, w32 ? r[31] : r[15], r == 32'd0};
  endfunction

  // f32 round to an integral value (rm: RNE/RTZ/RUP/RDN); denormals read as
  // zero, NaN and Inf pass (made default NaN / clamped by the next stage)
  function automatic logic [31:0] rint32(input logic [31:0] x, input logic [2:0] rm);
    logic        s, up;
    logic [7:0]  e;
    logic [4:0]  fb;           // fraction bits of the significand: 150 - e
    logic [30:0] lsb, msk, mag;
    logic [23:0] sg;
    logic [23:0] rem, half;
    s   = x[31];
    e   = x[30:23];
    mag = x[30:0];
    up  = 1'b0;
    sg  = {1'b1, x[22:0]};
    fb  = 5'd0;
    lsb = 31'd0;
    msk = 31'd0;
    rem = 24'd0;
    half = 24'd0;
    if (e == 8'd0) begin
      mag = 31'd0;                                     // +-0, denormal flushed
    end else if (e >= 8'd150) begin
      mag = x[30:0];                                   // integral, Inf, NaN
    end else if (e < 8'd127) begin                     // 0 < |x| < 1
      case (rm)
        RM_RNE:  up = (e == 8'd126) && (x[22:0] != 23'd0);
        RM_RUP:  up = !s;
        RM_RDN:  up = s;
        default: up = 1'b0;
      endcase
      mag = up ? 31'h3f80_0000 : 31'd0;
    end else begin                                     // 1 <= |x| < 2^23
      fb   = 5'(8'd150 - e);
      lsb  = 31'd1 << fb;
      msk  = lsb - 31'd1;
      rem  = sg & msk[23:0];
      half = lsb[24:1];
      case (rm)
        RM_RNE:  up = (rem > half) || ((rem == half) && ((sg & lsb[23:0]) != 24'd0));
        RM_RUP:  up = !s && (rem != 24'd0);
        RM_RDN:  up = s && (rem != 24'd0);
        default: up = 1'b0;
      endcase
      mag = (x[30:0] & ~msk) + (up ? lsb : 31'd0);
    end
    rint32 = {s, mag};
  endfunction

  // ------------------------------------------------------------ operands
  logic [31:0] a1m, b2m, c3n;          // src1/src2 with neg+abs, src3 with neg
  assign a1m = fmod32(va, neg1, abs1);
  assign b2m = fmod32(vb, neg2, abs2);
  assign c3n = {vc[31] ^ neg3, vc[30:0]};

  // ------------------------------------------------------------ cvt front end
  logic [15:0] h16;                    // f16 source with neg/abs
  logic [31:0] h2f;                    // f16 -> f32 (exact)
  logic [31:0] x32;                    // float source as f32
  logic [31:0] xr;                     // rounded to an integral value
  logic [2:0]  crm;
  assign h16 = {(va[15] & ~abs1) ^ neg1, va[14:0]};
  assign x32 = (cvs == CV_F16) ? h2f : a1m;
  assign crm = rmode(rnd);
  assign xr  = rint32(x32, crm);

  // integer source: the low 8/16/32 bits, extended, |.|, negated (34 bits)
  logic signed [33:0] iv, iv0, ilo, ihi, icl;
  logic [32:0]        imag;
  logic               ineg, ipos;
  always_comb begin
    case (cvs)
      CV_I8:   iv0 = cvssgn ? {{26{va[7]}},  va[7:0]}  : {26'd0, va[7:0]};
      CV_I16:  iv0 = cvssgn ? {{18{va[15]}}, va[15:0]} : {18'd0, va[15:0]};
      default: iv0 = cvssgn ? {{2{va[31]}},  va}       : {2'd0,  va};
    endcase
    iv = iv0;
    if (abs1 && iv[33]) iv = -iv;
    if (neg1)           iv = -iv;
    ineg = iv[33];
    ipos = !iv[33] && (iv != 34'sd0);
    imag = ineg ? 33'(-iv) : iv[32:0];
    // integer destination range
    case (cvd)
      CV_I8:   begin ilo = cvdsgn ? -34'sd128   : 34'sd0; ihi = cvdsgn ? 34'sd127   : 34'sd255;   end
      CV_I16:  begin ilo = cvdsgn ? -34'sd32768 : 34'sd0; ihi = cvdsgn ? 34'sd32767 : 34'sd65535; end
      default: begin ilo = cvdsgn ? -34'sd2147483648 : 34'sd0;
                     ihi = cvdsgn ? 34'sd2147483647 : 34'sd4294967295; end
    endcase
    icl = (iv < ilo) ? ilo : (iv > ihi) ? ihi : iv;
  end

  // ------------------------------------------------------------ shared fp units
  logic [31:0] mul_a, mul_b, mul_r, add_a, add_b, add_r, cmp_a, cmp_b, mm_r, i2f_r, f2i_r;
  logic [2:0]  mul_rm, add_rm, i2f_rm;
  logic        mul_cl, add_cl, cmp_res;
  logic [3:0]  cmp_pred;
  logic [31:0] f2h_a;
  logic [15:0] f2h_r;
  logic [2:0]  f2h_rm;
  logic [1:0]  cmp_rel;
  logic [5:0]  x_mul, x_add, x_cmp, x_mm, x_h2f, x_f2h, x_f2i, x_i2f;
  logic [31:0] i2f_s;                  // int -> f32 with the sign of the integer

  always_comb begin
    // multiplier: fmul, and the product of fmad
    mul_a  = {va[31] ^ neg1, va[30:0]};
    mul_b  = (cls == C_FMUL) ? {vb[31] ^ neg2, vb[30:0]} : vb;
    mul_rm = (cls == C_FMUL) ? rmode(rnd) : RM_RNE;   // rn, rm, rp, rz (G-RND)
    mul_cl = 1'b0;                                     // sat: sat32 on the result
    // adder: fadd, the sum of fmad, f32 results of cvt (x + -0)
    add_a  = {va[31] ^ neg1, va[30:0]};
    add_b  = {vb[31] ^ neg2, vb[30:0]};
    add_rm = rmode(rnd);
    add_cl = (cls == C_CVT) && sat;                    // fadd/fmad: sat32 on the result
    if (cls == C_FMAD) begin
      add_a = mul_r; add_b = {vc[31] ^ neg2, vc[30:0]}; add_rm = RM_RNE;
    end else if (cls == C_CVT) begin
      add_a = rint ? xr : x32; add_b = 32'h8000_0000; add_rm = RM_RNE;
    end
    // comparator: fset, fslct (src3 >= 0)
    if (cls == C_FSLCT) begin
      cmp_a = c3n; cmp_b = 32'd0; cmp_pred = 4'b0110;
    end else begin
      cmp_a = a1m; cmp_b = b2m; cmp_pred = fcond;
    end
    // f32 -> f16: float sources (rounded), integer sources through f32
    i2f_rm = crm;
    if (ineg && crm == RM_RUP) i2f_rm = RM_RDN;      // |v| rounded: directions swap
    if (ineg && crm == RM_RDN) i2f_rm = RM_RUP;
    i2f_s  = {ineg, i2f_r[30:0]};
    f2h_a  = (cvs == CV_F16 || cvs == CV_F32) ? (rint ? xr : x32) : i2f_s;
    f2h_rm = crm;
  end

  fp32_mul u_mul (
    .a(mul_a), .b(mul_b), .rm(mul_rm), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1), .ovf_sat(1'b0),
    .nan_prop(NANP_DEFAULT), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32), .dexc_always(1'b0),
    .zero_wins(zero_wins && (cls == C_FMUL || cls == C_FMAD)), .zw_sign_xor(1'b0),
    .clamp(mul_cl), .clamp_nan_keep(1'b1),
    .clamp_negzero_keep(1'b0), .r(mul_r), .exc(x_mul));

  fp32_add u_add (
    .a(add_a), .b(add_b), .sub(1'b0), .rm(add_rm), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
    .ovf_sat(1'b0), .nan_prop(NANP_DEFAULT), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32),
    .dexc_always(1'b0), .clamp(add_cl), .clamp_nan_keep(1'b1), .clamp_negzero_keep(1'b0),
    .r(add_r), .exc(x_add));

  fp32_cmp u_cmp (
    .a(cmp_a), .b(cmp_b), .pred(cmp_pred), .signaling(1'b0), .daz(1'b1), .nan_inf(1'b0),
    .dexc_always(1'b0), .zero_negless(1'b0), .res(cmp_res), .rel(cmp_rel), .exc(x_cmp));

  fp32_minmax u_mm (
    .a(a1m), .b(b2m), .is_max(!ismin), .kind(MM_DX10), .daz(1'b1), .nan_prop(NANP_DEFAULT),
    .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32), .dexc_always(1'b0), .zero_negless(1'b0),
    .zero_minmax(ZMM_NEG_LESS), .clamp(1'b0), .clamp_nan_keep(1'b1), .clamp_negzero_keep(1'b0),
    .r(mm_r), .exc(x_mm));

  fp16_to_fp32 u_h2f (
    .a(h16), .daz(1'b0), .nan_prop(NANP_DEFAULT), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32),
    .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .r(h2f), .exc(x_h2f));

  fp32_to_fp16 u_f2h (
    .a(f2h_a), .daz(1'b1), .rm(f2h_rm), .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0),
    .nan_prop(NANP_DEFAULT), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN16), .dexc_always(1'b0),
    .clamp(sat), .clamp_nan_keep(1'b1), .clamp_negzero_keep(1'b0), .r(f2h_r), .exc(x_f2h));

  fp32_to_int u_f2i (
    .a(x32), .is_signed(cvdsgn), .rm(crm), .daz(1'b1), .nan_inf(1'b0), .dexc_always(1'b0),
    .int_nan(INAN_ZERO), .int_wrap(1'b0), .r(f2i_r), .exc(x_f2i));

  fp32_from_int u_i2f (
    .a(imag[31:0]), .is_signed(1'b0), .rm(i2f_rm), .clamp(1'b0), .r(i2f_r), .exc(x_i2f));

  logic [31:0] sfu_r;
  nv50_sfu u_sfu (.en(cls == C_SFU), .op(sfop), .x(a1m), .r(sfu_r));

  // ------------------------------------------------------------ results
  logic [31:0] f2i16;                  // f32 -> 16-bit integer: the 32-bit result clamped
  always_comb begin
    if (cvdsgn)
      f2i16 = ($signed(f2i_r) > 32'sd32767)  ? 32'h0000_7fff :
              ($signed(f2i_r) < -32'sd32768) ? 32'h0000_8000 : {16'd0, f2i_r[15:0]};
    else
      f2i16 = (f2i_r > 32'd65535) ? 32'h0000_ffff : {16'd0, f2i_r[15:0]};
  end

  // fmad: three normal operands go to nv50_mad_g80; a NaN, Inf or zero operand
  // to the rounded product then the sum (u_mul, u_add), except a finite
  // normal product with an Inf or NaN c
  logic [31:0] mad_c, mad_r, mad_g80_r;
  logic [47:0] mad_pr;
  logic        mad_norm;
  nv50_mad_g80 u_mad_g80 (.a(mul_a[31:23]), .b(mul_b[31:23]), .c(mad_c), .pr(mad_pr[47:23]),
                          .r(mad_g80_r));
  assign mad_pr = {24'd0, 1'b1, mul_a[22:0]} * {24'd0, 1'b1, mul_b[22:0]};
  assign mad_c = {vc[31] ^ neg2, vc[30:0]};
  always_comb begin
    mad_norm = (mul_a[30:23] != 8'd0) && (mul_a[30:23] != 8'hff) &&
               (mul_b[30:23] != 8'd0) && (mul_b[30:23] != 8'hff) && (mad_c[30:23] != 8'd0);
    if (!mad_norm)                   mad_r = add_r;
    else if (mad_c[30:23] == 8'hff)  mad_r = (mad_c[22:0] != 23'd0) ? DNAN32 : mad_c;
    else                             mad_r = mad_g80_r;
  end

  // fadd/fmul: rn, rm, rp, rz as IEEE directs them, overflow included
  // (G-RND, G-OVF: the units' own rounding), then G80's sat
  logic [31:0] fadd_r, fmul_r;
  always_comb begin
    fadd_r = add_r;
    fmul_r = mul_r;
    if (sat)             fadd_r = sat32(fadd_r);
    if (sat && fmul_sat) fmul_r = sat32(fmul_r);
  end

  always_comb begin
    res   = 32'd0;
    flags = 4'd0;
    case (cls)
      C_FADD:         begin res = fadd_r; flags = fflags(fadd_r, 1'b0); end
      C_FMAD:         begin res = sat ? sat32(mad_r) : mad_r; flags = fflags(res, 1'b0); end
      C_FMUL:         begin res = fmul_r; flags = fflags(fmul_r, 1'b0); end
      C_FSET:         begin res = cmp_res ? 32'hffff_ffff : 32'd0; flags = iflags(res, 1'b1); end
      C_FMNMX:        begin res = mm_r; flags = fflags(mm_r, 1'b0); end
      // G-SLCT: Z if bits 30:0 are zero (+-0), else S from bit 31
      C_FSLCT:        begin res = cmp_res ? va : vb;
                            flags = {2'b00, (res[30:0] != 31'd0) && res[31], res[30:0] == 31'd0}; end
      C_SFU:          res = sfu_r;
      C_CVT: begin
        if (cvd == CV_F32) begin
          if (cvs == CV_F16 || cvs == CV_F32) res = add_r;
          else if (sat)                       res = ipos ? 32'h3f80_0000 : 32'd0;
          else                                res = (imag == 33'd0) ? 32'd0 : i2f_s;
          flags = fflags(res, 1'b0);
        end else if (cvd == CV_F16) begin
          if (cvs != CV_F16 && cvs != CV_F32 && sat) res = ipos ? 32'h0000_3c00 : 32'd0;
          else                                       res = {16'd0, f2h_r};
          flags = fflags(res, 1'b1);
        end else if (cvs == CV_F16 || cvs == CV_F32) begin
          res   = (cvd == CV_I16) ? f2i16 : f2i_r;
          flags = iflags(res, b32);
        end else begin
          res   = b32 ? icl[31:0] : {16'd0, icl[15:0]};
          flags = iflags(res, b32);
        end
      end
      default: ;
    endcase
  end

  // exception flags and the relation are not architectural here
  logic unused_ok;
  assign unused_ok = ^{x_mul, x_add, x_cmp, x_mm, x_h2f, x_f2h, x_f2i, x_i2f, cmp_rel, imag[32],
                       mad_pr[22:0],     // the truncated bits of the fmad product (G-MAD)
                       icl[33:32], i2f_r[31]};

endmodule

