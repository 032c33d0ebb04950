`include "rtl/r700/r700_pkg.sv"
// r700_fetch.sv - the data path of the R700 fetch unit for one lane: the
// element's layout from DATA_FORMAT (model D46), the endian swap (D48) and
// the four components in the number format (D47).  The core reads the
// element's bytes from its memory (one 32-bit word per cycle) and hands
// them here; the result goes through the destination swizzle in the core.
//
//   layout   the formats whose components have one size, x in the least
//            significant bits; the missing components 0, 0, 0, 1 (1.0, or
//            the integer 1 for NUM_FORMAT_INT); other formats: known = 0
//   bytes    the element's size in bytes
//   swap_bad ENDIAN_SWAP on an element whose size is not a multiple of the
//            swap unit (2 for 8IN16, 4 for 8IN32)
//   texonly  the formats "for texture fetches" only (L8297-8299)
//   norm32   NUM_FORMAT_NORM of a 32-bit component (model: unimplemented)
//   NORM     unsigned x/(2^N-1); signed x/(2^(N-1)-1) clamped to -1; signed
//            NO_ZERO (2x+1)/(2^N-1); each correctly rounded (RNE).  The
//            quotient q/(2^n-1) of 0 < q < 2^n-1 is the n-bit block of q
//            repeated without end, so the bits past the 24 kept are never
//            all zero (nor all one): rounding adds the guard bit.
//   INT      the integer, sign-extended when SIGNED
//   SCALED   the integer converted to float (RNE)
//   float    32-bit as is; 16-bit converted exactly (denormals, NaN payloads
//            and the quiet bit kept)
// Combinational.
module r700_fetch (
  input  logic [127:0] raw,      // the element's bytes from its address, byte 0 in [7:0]
  input  logic [5:0]   dfmt,
  input  logic [1:0]   nfa,      // 0 NORM, 1 INT, 2 SCALED
  input  logic         fca,      // FORMAT_COMP_ALL: signed
  input  logic         sma,      // SRF_MODE_ALL: NO_ZERO
  input  logic [1:0]   endian,   // 0 none, 1 8IN16, 2 8IN32
  output logic         known,
  output logic [4:0]   bytes,
  output logic         swap_bad,
  output logic         texonly,
  output logic         norm32,
  output logic [127:0] v         // components x, y, z, w
);
  logic [2:0] n;                 // components
  logic [5:0] bits;              // bits of each
  logic       flt;
  always_comb begin
    n = 3'd0; bits = 6'd0; flt = 1'b0;
    case (dfmt)
      6'd1:  begin n = 3'd1; bits = 6'd8; end
      6'd2:  begin n = 3'd2; bits = 6'd4; end
      6'd5:  begin n = 3'd1; bits = 6'd16; end
      6'd6:  begin n = 3'd1; bits = 6'd16; flt = 1'b1; end
      6'd7:  begin n = 3'd2; bits = 6'd8; end
      6'd11: begin n = 3'd4; bits = 6'd4; end
      6'd13: begin n = 3'd1; bits = 6'd32; end
      6'd14: begin n = 3'd1; bits = 6'd32; flt = 1'b1; end
      6'd15: begin n = 3'd2; bits = 6'd16; end
      6'd16: begin n = 3'd2; bits = 6'd16; flt = 1'b1; end
      6'd26: begin n = 3'd4; bits = 6'd8; end
      6'd29: begin n = 3'd2; bits = 6'd32; end
      6'd30: begin n = 3'd2; bits = 6'd32; flt = 1'b1; end
      6'd31: begin n = 3'd4; bits = 6'd16; end
      6'd32: begin n = 3'd4; bits = 6'd16; flt = 1'b1; end
      6'd34: begin n = 3'd4; bits = 6'd32; end
      6'd35: begin n = 3'd4; bits = 6'd32; flt = 1'b1; end
      6'd44: begin n = 3'd3; bits = 6'd8; end
      6'd45: begin n = 3'd3; bits = 6'd16; end
      6'd46: begin n = 3'd3; bits = 6'd16; flt = 1'b1; end
      6'd47: begin n = 3'd3; bits = 6'd32; end
      6'd48: begin n = 3'd3; bits = 6'd32; flt = 1'b1; end
      default: ;
    endcase
    known = n != 3'd0;
    bytes = 5'((({26'd0, n} * {26'd0, bits}) + 32'd7) >> 3);
    swap_bad = known && ((endian == 2'd1 && bytes[0]) || (endian == 2'd2 && bytes[1:0] != 2'd0));
    texonly = dfmt == 6'd3 || dfmt == 6'd18 || dfmt == 6'd20 || dfmt == 6'd21 || dfmt == 6'd23 ||
              dfmt == 6'd24 || dfmt == 6'd44 || dfmt == 6'd45 || dfmt == 6'd46 || dfmt >= 6'd54;
    norm32 = known && !flt && nfa == 2'd0 && bits == 6'd32;
  end

  // the endian swap: byte address XOR 1 (8IN16) or 3 (8IN32)
  logic [127:0] el;
  always_comb
    for (int b = 0; b < 16; b++)
      el[8*b +: 8] = raw[8*(b ^ (endian == 2'd1 ? 1 : endian == 2'd2 ? 3 : 0)) +: 8];

  // q / (2^nb - 1), 0 <= q <= 2^nb - 1, nb in 3..16, correctly rounded
  function automatic logic [31:0] ratio(input logic [15:0] q, input logic [4:0] nb, input logic neg);
    logic [63:0] s;
    logic [4:0] p, k;
    logic [24:0] m;
    logic [7:0] e;
    p = 5'd0;
    for (int i = 0; i < 16; i++)
      if (q[i]) p = 5'(i);
    // s: q's nb bits repeated from bit 63 down (bit 63 - i is q[nb-1 - i mod nb]);
    // k counts the bit down and wraps, so no divider is built for `i mod nb`
    s = 64'd0;
    k = nb - 5'd1;
    for (int i = 0; i < 64; i++) begin
      s[63 - i] = q[k[3:0]];
      k = (k == 5'd0 || nb == 5'd0) ? nb - 5'd1 : k - 5'd1;
    end
    s = s << (nb - 5'd1 - p);               // the leading one to bit 63
    m = {1'b0, s[63:40]} + {24'd0, s[39]};  // 24 bits + the guard bit (sticky is 1)
    e = 8'(8'd127 + 8'(p) - 8'(nb));
    if (m[24]) begin m = m >> 1; e = e + 8'd1; end
    if (q == 16'd0) ratio = {neg, 31'd0};
    else if (q == 16'((17'd1 << nb) - 17'd1)) ratio = {neg, 31'h3f800000};
    else ratio = {neg, e, m[22:0]};
  endfunction

  // the components through the number format
  logic [31:0] craw [4], cint [4], cf16 [4], cscl [4];
  for (genvar c = 0; c < 4; c++) begin : g_comp
    logic [5:0] ex16; logic [5:0] exs;
    always_comb begin
      craw[c] = 32'(el >> (32'(c) * 32'(bits)));
      if (bits != 6'd32) craw[c] = craw[c] & ((32'd1 << bits) - 32'd1);
      // signed: sign-extend from bit bits-1
      cint[c] = craw[c];
      if (fca && bits != 6'd32 && bits != 6'd0 && craw[c][5'(bits - 6'd1)])
        cint[c] = craw[c] | ~((32'd1 << bits) - 32'd1);
    end
    fp16_to_fp32 u_h (.a(craw[c][15:0]), .daz(1'b0), .nan_prop(2'd0), .nan_keep(1'b1), .nan_inf(1'b0),
                      .dnan(32'hffc00000), .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0),
                      .clamp_negzero_keep(1'b0), .r(cf16[c]), .exc(ex16));
    fp32_from_int u_s (.a(cint[c]), .is_signed(fca), .rm(3'd0), .clamp(1'b0), .r(cscl[c]), .exc(exs));
    logic unused_c;
    assign unused_c = ^{ex16, exs};
  end

  logic unused_a;
  always_comb begin
    logic [31:0] r, a;
    logic [4:0] nb;
    logic signed [31:0] sv, t;
    unused_a = 1'b0;
    v = 128'd0;
    for (int c = 0; c < 4; c++) begin
      r = 32'd0; t = 32'sd0; a = 32'd0;
      nb = bits[4:0];
      sv = $signed(cint[c]);
      if (flt) r = bits == 6'd32 ? craw[c] : cf16[c];
      else if (nfa == 2'd1) r = cint[c];
      else if (nfa == 2'd2) r = cscl[c];
      else if (bits != 6'd32) begin
        if (!fca) r = ratio(craw[c][15:0], nb, 1'b0);
        else if (sma) begin                 // NO_ZERO: (2x + 1) / (2^N - 1)
          t = 2 * sv + 1;
          a = t < 0 ? 32'(-t) : 32'(t);
          r = ratio(a[15:0], nb, t < 0);
          unused_a = ^a[31:16];
        end else begin                      // x / (2^(N-1) - 1), at least -1
          if (sv < -$signed((32'd1 << (nb - 5'd1)) - 32'd1)) sv = -$signed((32'd1 << (nb - 5'd1)) - 32'd1);
          a = sv < 0 ? 32'(-sv) : 32'(sv);
          r = ratio(a[15:0], nb - 5'd1, sv < 0);
        end
      end
      if (32'(c) >= 32'(n)) r = c == 3 ? (!flt && nfa == 2'd1 ? 32'd1 : 32'h3f800000) : 32'd0;
      v[32*c +: 32] = r;
    end
  end
endmodule
