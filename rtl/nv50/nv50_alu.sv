// nv50_alu.sv - the integer datapath of one thread (purely combinational).
//
// Semantics: shared/specs/nv50-isa-ops.txt sections 1-4 (int.rst / data.rst),
// transcribed operation by operation.  The core runs one instance over the 32
// threads of the warp, one thread per cycle.
//
// Flags are returned as {O, C, S, Z} (bit 3..0, decision D1).
//
// Deliberate bugs and mutants (checker self-tests) are not in this source:
// scripts/mutations/nv50.txt lists them, the mutant bench selects one at run
// time (+gpuref_mutant=NAME, rtl/nv50/README.md).
module nv50_alu (
  input  logic [4:0]  cls,
  input  logic        b32,
  input  logic        sgn,
  input  logic        sat,
  input  logic [1:0]  aop,
  input  logic [1:0]  lop,
  input  logic        not1,
  input  logic        not2,
  input  logic        mul24,
  input  logic        high,
  input  logic        s1sgn,
  input  logic        s2sgn,
  input  logic [2:0]  setc,
  input  logic        ismin,
  input  logic        shr,
  input  logic        shcnt_imm,
  input  logic [15:0] offs,
  input  logic [31:0] va,      // src1
  input  logic [31:0] vb,      // second input (src2, src3 for long add, imm, SHCNT)
  input  logic [31:0] vc,      // third input (src3 of mad/sad)
  input  logic        cin,     // COND.C
  input  logic [3:0]  cval,    // COND (mov from $c)
  input  logic [15:0] aval,    // $a source value (mov from $a, add $a)
  input  logic [31:0] srval,   // special register value
  output logic [31:0] res,
  output logic [3:0]  flags,   // {O, C, S, Z}
  output logic [15:0] ares     // $a result (shl/add to $a)
);
  // class codes used here (yosys 0.23 has no wildcard import inside modules)
  localparam logic [4:0] C_MOV    = nv50_pkg::C_MOV;
  localparam logic [4:0] C_MOVC   = nv50_pkg::C_MOVC;
  localparam logic [4:0] C_MOVA   = nv50_pkg::C_MOVA;
  localparam logic [4:0] C_MOVSR  = nv50_pkg::C_MOVSR;
  localparam logic [4:0] C_MOVTOC = nv50_pkg::C_MOVTOC;
  localparam logic [4:0] C_SHLA   = nv50_pkg::C_SHLA;
  localparam logic [4:0] C_ADDA   = nv50_pkg::C_ADDA;
  localparam logic [4:0] C_ADD    = nv50_pkg::C_ADD;
  localparam logic [4:0] C_MUL    = nv50_pkg::C_MUL;
  localparam logic [4:0] C_MAD    = nv50_pkg::C_MAD;
  localparam logic [4:0] C_SAD    = nv50_pkg::C_SAD;
  localparam logic [4:0] C_MINMAX = nv50_pkg::C_MINMAX;
  localparam logic [4:0] C_SET    = nv50_pkg::C_SET;
  localparam logic [4:0] C_LOGIC  = nv50_pkg::C_LOGIC;
  localparam logic [4:0] C_SHIFT  = nv50_pkg::C_SHIFT;

  // ---------------------------------------------------------------- helpers
  // add/sub/subr/addc of ops L110-L145 on a 16- or 32-bit width.
  // Returns {O, C, result[31:0]}.
  function automatic logic [33:0] addop(input logic w16, input logic [1:0] op,
                                        input logic [31:0] x, input logic [31:0] y,
                                        input logic ci, input logic dosat);
    logic [31:0] m, s1, s2, r;
    logic [32:0] sum;
    logic        c, cy, o, sr;
    m = w16 ? 32'h0000_ffff : 32'hffff_ffff;
    case (op)
      2'd0:    begin s1 = x & m;  s2 = y & m;  c = 1'b0; end
      2'd1:    begin s1 = x & m;  s2 = ~y & m; c = 1'b1; end
      2'd2:    begin s1 = ~x & m; s2 = y & m;  c = 1'b1; end
      default: begin s1 = x & m;  s2 = y & m;  c = ci;   end
    endcase
    sum = {1'b0, s1} + {1'b0, s2} + {32'd0, c};
    cy  = w16 ? sum[16] : sum[32];
    r   = sum[31:0] & m;
    o   = w16 ? ((s1[15] == s2[15]) && (s1[15] != r[15]))
              : ((s1[31] == s2[31]) && (s1[31] != r[31]));
    sr  = w16 ? r[15] : r[31];
    if (dosat && o) begin
      if (sr) r = w16 ? 32'h0000_7fff : 32'h7fff_ffff;
      else    r = w16 ? 32'h0000_8000 : 32'h8000_0000;
    end
    addop = {o, cy, r};
  endfunction

  // 16x16 (independent signs) or 24x24 (common sign, low/high) multiply.
  function automatic logic [31:0] mulop(input logic m24, input logic hi,
                                        input logic sg1, input logic sg2,
                                        input logic [23:0] x, input logic [23:0] y);
    logic [47:0] ex, ey, m48;
    logic [31:0] ax, ay;
    if (m24) begin
      ex  = sg1 ? {{24{x[23]}}, x[23:0]} : {24'd0, x[23:0]};
      ey  = sg1 ? {{24{y[23]}}, y[23:0]} : {24'd0, y[23:0]};
      m48 = ex * ey;
      mulop = hi ? m48[47:16] : m48[31:0];
    end else begin
      ax = sg1 ? {{16{x[15]}}, x[15:0]} : {16'd0, x[15:0]};
      ay = sg2 ? {{16{y[15]}}, y[15:0]} : {16'd0, y[15:0]};
      mulop = ax * ay;
    end
  endfunction

  // ------------------------------------------------------------- datapath
  logic        w16;
  logic [31:0] m;            // width mask
  logic [32:0] xa, xb;       // operands extended to 33 bits by width and signedness
  logic        lt, eq;
  logic [33:0] ad;
  logic [31:0] mres, r, s1, s2, cnt, A;
  logic [32:0] sum;
  logic [32:0] t;
  logic        neg, big, cy, ov;
  logic [3:0]  f;
  logic [15:0] ar;

  always_comb begin
    w16  = !b32;
    m    = w16 ? 32'h0000_ffff : 32'hffff_ffff;
    xa   = w16 ? {{17{sgn & va[15]}}, va[15:0]} : {sgn & va[31], va};
    xb   = w16 ? {{17{sgn & vb[15]}}, vb[15:0]} : {sgn & vb[31], vb};
    lt   = $signed(xa) < $signed(xb);
    eq   = (xa == xb);
    r    = 32'd0;
    f    = 4'd0;
    ar   = 16'd0;
    ad   = 34'd0;
    mres = 32'd0;
    s1   = 32'd0;
    s2   = 32'd0;
    sum  = 33'd0;
    t    = 33'd0;
    A    = va & m;
    neg  = 1'b0;
    big  = 1'b0;
    cy   = 1'b0;
    ov   = 1'b0;
    cnt  = 32'd0;
    case (cls)
      C_MOV:    r = va & m;
      C_MOVC:   r = {28'd0, cval};
      C_MOVA:   r = {16'd0, aval};
      C_MOVSR:  r = srval;
      C_MOVTOC: f = va[3:0];
      C_SHLA:   ar = 16'(va << offs[3:0]);
      C_ADDA:   ar = aval + offs;
      C_ADD: begin
        ad = addop(w16, aop, va, vb, cin, sat);
        r  = ad[31:0];
        cy = ad[32];
        f  = {ad[33], cy, (w16 ? r[15] : r[31]), ((r & m) == 32'd0)};
      end
      C_MUL: begin
        r = mulop(mul24, high, (mul24 ? sgn : s1sgn), s2sgn, va[23:0], vb[23:0]);
        f = {2'b00, r[31], (r == 32'd0)};
      end
      C_MAD: begin
        mres = mulop(mul24, high, sgn, sgn, va[23:0], vb[23:0]);
        ad   = addop(1'b0, aop, mres, vc, cin, sat);
        r    = ad[31:0];
        f    = {ad[33], ad[32], r[31], (r == 32'd0)};
      end
      C_SAD: begin
        // mres = |s1 - s2| (fits the operand width), res = mres + s3: s3, the
        // sum and the flags are 32-bit for every width (D13, hwtest isad)
        sum  = xa - xb;
        mres = sum[32] ? 32'(-sum) : sum[31:0];
        s2   = vc;
        sum  = {1'b0, mres} + {1'b0, s2};
        cy   = sum[32];
        r    = sum[31:0];
        ov   = (mres[31] == s2[31]) && (mres[31] != r[31]);
        f    = {ov, cy, r[31], (r == 32'd0)};
      end
      C_MINMAX: begin
        if (ismin) r = lt ? (va & m) : (vb & m);
        else       r = lt ? (vb & m) : (va & m);
        f = {2'b00, (w16 ? r[15] : r[31]), (r == 32'd0)};
      end
      C_SET: begin
        if (lt)      r = setc[0] ? m : 32'd0;
        else if (eq) r = setc[1] ? m : 32'd0;
        else         r = setc[2] ? m : 32'd0;
        f = {2'b00, (w16 ? r[15] : r[31]), (r == 32'd0)};
      end
      C_LOGIC: begin
        s1 = not1 ? ~va : va;
        s2 = not2 ? ~vb : vb;
        case (lop)
          2'd0:    r = s1 & s2;
          2'd1:    r = s1 | s2;
          2'd2:    r = s1 ^ s2;
          default: r = s2;
        endcase
        r = r & m;
        f = {2'b00, (w16 ? r[15] : r[31]), (r == 32'd0)};
      end
      C_SHIFT: begin
        // counts are unsigned and do not wrap (ops L383-L429)
        if (shcnt_imm) begin
          cnt = {25'd0, vb[6:0]};
        end else begin
          cnt = w16 ? {16'd0, vb[15:0]} : vb;
        end
        big = w16 ? (cnt >= 32'd16) : (cnt >= 32'd32);
        if (!shr) begin
          t  = {1'b0, A} << cnt[4:0];
          r  = big ? 32'd0 : (t[31:0] & m);
          cy = big ? 1'b0 : (w16 ? t[16] : t[32]);
        end else begin
          neg = sgn & (w16 ? A[15] : A[31]);
          // arithmetic fill: the top cnt bits of the width become ones
          r   = big ? (neg ? m : 32'd0)
                    : (((A >> cnt[4:0]) | (neg ? (~(m >> cnt[4:0]) & m) : 32'd0)) & m);
          s1  = 32'({A, 1'b0} >> cnt[4:0]);   // bit 0 = A[cnt-1], 0 for cnt 0
          cy  = big ? 1'b0 : s1[0];
        end
        ov = (cnt == 32'd1) ? ((w16 ? A[15] : A[31]) != (w16 ? r[15] : r[31])) : 1'b0;
        f  = {ov, cy, (w16 ? r[15] : r[31]), (r == 32'd0)};
      end
      default: ;
    endcase
    res   = r;
    flags = f;
    ares  = ar;
  end

endmodule
