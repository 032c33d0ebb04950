// usc_lane.sv - one instance of a group: the value rows S0-S5, IS0-IS5,
// FT0-FT5, FTE, FTT, W0/W1 and P0 of model/usc/usc_step.c, the phases in
// order (phase 0 and 1, the IS1-IS3 muxes, phase 2, IS4/IS5, the test,
// the default W routing, MOV/MOVC and the backend) or the six bitwise
// units, with the float (FMAD FADD FMUL MBYP), integer, test, bitwise, move
// and conditional rows (model/usc/usc_exec_float.c, usc_exec_int.c,
// usc_exec_ctl.c).  Combinational; the core
// instantiates it LPC times (lanes per cycle).
`include "rtl/usc/usc_pkg.sv"
// (grp and the instructions are whole structs: each row uses the fields it needs)
/* verilator lint_off UNUSEDSIGNAL */
module usc_lane (
    input  usc_pkg::grp_t             grp,
    input  logic [191:0]     src,       // S0..S5 of this instance, S k at [32*k +: 32] (0: not declared)
    input  logic             p0s,       // the state's P0, COUT and Pe of this instance
    input  logic             couts,
    input  logic             pes,
    input  logic [31:0]      link,      // the link register (SAVL)
    input  logic             cnd_any,   // CNDLT: OR of (PCND & Pe) over the task's instances
    input  logic             cnd_first, // CNDSETL part B: an instance with Pe exists
    input  logic [31:0]      cnd_s2f,   // its S2
    input  logic [127:0]     qs0,       // S0 and S3 of the four instances of this
    input  logic [127:0]     qs3,       //   instance's 2x2 quad (the derivatives), Pix i at [32*i +: 32]
    input  logic [1:0]       qpos,      // this instance's place in it: Pix0..Pix3
    input  logic [63:0]      cx,        // the complex op's or F64DIV/RCP/SQRT/RSQ's result for this instance (usc_core)
    input  logic             cvt_rne,   // CONVERTFROMF64 to an integer: nearest even (knob cvt_f64_int_rne)
    input  logic             small_sat, // PCK to F11/F10, nearest even: overflow to the largest finite (knob small_float_sat)
    input  logic             fused,     // FMAD and F64MAD with one rounding (knob fmad_fused), else two
    input  logic             sop_fused, // F16SOP's sums and F16SOP.MAD with one rounding (knob sop_fused)
    output logic [31:0]      w0,
    output logic [31:0]      w1,
    output logic             p0o,       // the P0 row after the group
    output logic             pen,       // Pe written by a CND row
    output logic             coutn      // COUT written by a 64-bit row
);
  typedef logic [32*usc_pkg::NK-1:0] vrow_t;   // the value rows, kind k at [32*k +: 32]

/* verilator lint_on UNUSEDSIGNAL */
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [31:0] opv(input vrow_t v, input logic [124:0] in, input int j);
    opv = in[usc_pkg::IN_K + 7*j +: 7] < 7'(usc_pkg::NK) ? v[32*(in[usc_pkg::IN_K + 7*j +: 5]) +: 32] : 32'd0;
  endfunction

  /* verilator lint_on UNUSEDSIGNAL */
  function automatic logic [31:0] merge(input logic [31:0] sel, input logic [31:0] dflt, input logic [4:0] m);
    for (int e = 0; e < 4; e++) merge[8*e +: 8] = m[e] ? sel[8*e +: 8] : dflt[8*e +: 8];
  endfunction

  function automatic logic [31:0] spread16(input logic [15:0] x);
    spread16 = 32'd0;
    for (int i = 0; i < 16; i++) spread16[2*i] = x[i];
  endfunction

  function automatic logic [5:0] hibit(input logic [31:0] x);
    hibit = 6'd0;
    for (int i = 0; i < 32; i++) if (x[i]) hibit = 6'(i + 1);
  endfunction

  // PCND 0..3: p0, !p0, true, false (D10)
  function automatic logic pcnd_t(input logic [1:0] s, input logic p0);
    case (s)
      2'd0: pcnd_t = p0;
      2'd1: pcnd_t = !p0;
      2'd2: pcnd_t = 1'b1;
      default: pcnd_t = 1'b0;
    endcase
  endfunction

  // -1 (2'b11), 0, 1, 2 (unordered) for a ? b by test type
  function automatic logic [1:0] cmp_typed(input logic [4:0] t, input logic [31:0] a, input logic [31:0] b);
    logic signed [32:0] x, y;
    case (t)
      5'd0: begin   // f32: IEEE, NaN unordered, -0 == +0 (D17)
        x = a[31] ? -$signed({2'b0, a[30:0]}) : $signed({2'b0, a[30:0]});
        y = b[31] ? -$signed({2'b0, b[30:0]}) : $signed({2'b0, b[30:0]});
        if (a[30:0] == 31'd0 && b[30:0] == 31'd0) begin x = 33'sd0; y = 33'sd0; end
      end
      5'd1: begin x = $signed({17'd0, a[15:0]}); y = $signed({17'd0, b[15:0]}); end
      5'd2: begin x = 33'($signed(a[15:0])); y = 33'($signed(b[15:0])); end
      5'd3: begin x = $signed({25'd0, a[7:0]}); y = $signed({25'd0, b[7:0]}); end
      5'd4: begin x = 33'($signed(a[7:0])); y = 33'($signed(b[7:0])); end
      5'd5: begin x = $signed({1'b0, a}); y = $signed({1'b0, b}); end
      default: begin x = 33'($signed(a)); y = 33'($signed(b)); end
    endcase
    cmp_typed = x < y ? 2'b11 : x == y ? 2'b00 : 2'b01;
    if (t == 5'd0 && ((a[30:23] == 8'hff && a[22:0] != 23'd0) || (b[30:23] == 8'hff && b[22:0] != 23'd0)))
      cmp_typed = 2'd2;
  endfunction

  // 8/16-bit integer rows (D3): element 0 of each source, exact, .SAT clamps
  function automatic logic [31:0] int_op(input logic [124:0] in, input vrow_t v);
    logic [5:0]         o;
    logic               sgn, b16;
    logic [1:0]         kind;
    logic signed [47:0] e [3];
    logic signed [47:0] r, lo, hi;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [31:0]        s;      // element 0: the low byte or half
    /* verilator lint_on UNUSEDSIGNAL */
    o = 6'(in[usc_pkg::IN_OP +: 7] - usc_pkg::OP_UADD8);
    b16 = o >= 6'd6;
    sgn = b16 ? o >= 6'd9 : o >= 6'd3;
    kind = 2'(o % 6'd3);
    for (int j = 0; j < 3; j++) begin
      s = opv(v, in, j + 1);
      if (b16) e[j] = sgn ? 48'($signed(s[15:0])) : $signed({32'd0, s[15:0]});
      else e[j] = sgn ? 48'($signed(s[7:0])) : $signed({40'd0, s[7:0]});
      if (in[usc_pkg::IN_MODS + (j == 0 ? 0 : j == 1 ? 3 : 5)] && e[j] < 0) e[j] = -e[j];
      if (in[usc_pkg::IN_MODS + (j == 0 ? 1 : j == 1 ? 4 : 6)]) e[j] = -e[j];
    end
    r = kind == 2'd0 ? e[0] + e[1] : kind == 2'd1 ? e[0] * e[1] : e[0] * e[1] + e[2];
    if (in[usc_pkg::IN_SAT]) begin
      lo = sgn ? (b16 ? -48'sd32768 : -48'sd128) : 48'sd0;
      hi = sgn ? (b16 ? 48'sd32767 : 48'sd127) : (b16 ? 48'sd65535 : 48'sd255);
      if (r < lo) r = lo;
      if (r > hi) r = hi;
    end
    int_op = r[31:0];
  endfunction

  // 64-bit and carry rows: {cout, FT0}
  function automatic logic [32:0] int64_op(input logic [124:0] in, input vrow_t v, input logic p0);
    logic [63:0] s0, s1, s2, s4, a, b, r, r2, pr;
    logic        cin, c;
    logic signed [65:0] sp;
    s0 = {32'd0, opv(v, in, 1)}; s1 = {32'd0, opv(v, in, 2)}; s2 = {32'd0, opv(v, in, 3)};
    s4 = {32'd0, opv(v, in, 4)};
    cin = in[usc_pkg::IN_K + 7*(3'(in[usc_pkg::IN_NK +: 4] - 4'd1)) +: 7] == usc_pkg::K_P0 ? p0 : 1'b0;
    c = 1'b0; r = 64'd0;
    case (in[usc_pkg::IN_OP +: 7])
      usc_pkg::OP_ADD64: begin
        a = s1 << 32 | s0; b = s4 << 32 | s2;
        r = a + b; c = r < a; r2 = r + {63'd0, cin}; c = c | (r2 < r); r = r2;
      end
      usc_pkg::OP_UADD6432, usc_pkg::OP_SADD6432: begin
        a = s1 << 32 | s0;
        b = in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_SADD6432 ? {{32{s2[31]}}, s2[31:0]} : s2;
        r = a + b; c = r < a; r2 = r + {63'd0, cin}; c = c | (r2 < r); r = r2;
      end
      usc_pkg::OP_UMADD32: begin
        r = s0 * s1 + s2 + {63'd0, cin};
        c = r[63:32] != 32'd0;
      end
      usc_pkg::OP_SMADD32: begin
        sp = 66'($signed(s0[31:0])) * 66'($signed(s1[31:0])) + 66'($signed(s2[31:0])) + {65'd0, cin};
        r = sp[63:0];
        c = sp < -66'sd2147483648 || sp > 66'sd2147483647;
      end
      default: begin   // UMADD64, SMADD64
        a = s4 << 32 | s2;
        pr = in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_SMADD64 ? 64'($signed(s0[31:0]) * $signed(s1[31:0])) : s0 * s1;
        r = pr + a; c = r < pr; r2 = r + {63'd0, cin}; c = c | (r2 < r); r = r2;
      end
    endcase
    int64_op = {c, r[31:0]};
  endfunction

  // the bitwise rows other than the logic unit (usc_x_bits)
  function automatic vrow_t bits_op(input logic [124:0] in, input vrow_t vi, input logic p0);
    vrow_t v;
    logic [31:0] x, y, r, t;
    logic [4:0]  sb;
    logic [5:0]  sh;
    logic [5:0]  mw, mp;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [63:0] mm;     // MSK in 64-bit arithmetic, truncated (D6)
    /* verilator lint_on UNUSEDSIGNAL */
    int j0;
    v = vi;
    j0 = (in[usc_pkg::IN_NK +: 4] > 4'd1 && in[usc_pkg::IN_K + 7 +: 7] == usc_pkg::K_FT1) ? 2 : 1;
    x = opv(vi, in, j0);
    y = opv(vi, in, j0 + 1);
    r = 32'd0;
    case (in[usc_pkg::IN_OP +: 7])
      usc_pkg::OP_SHFL: r = spread16(x[15:0]) | (spread16(y[15:0]) << 1);
      usc_pkg::OP_REV: for (int i = 0; i < 32; i++) r[i] = x[31 - i];
      usc_pkg::OP_LSL: r = x << y[4:0];
      usc_pkg::OP_SHR: r = x >> y[4:0];
      usc_pkg::OP_ROL: r = y[4:0] != 5'd0 ? (x << y[4:0]) | (x >> (6'd32 - {1'b0, y[4:0]})) : x;
      usc_pkg::OP_CPS: r = (vi[32*usc_pkg::K_S4 +: 32] & ~vi[32*usc_pkg::K_FT4 +: 32]) | (p0 ? vi[32*usc_pkg::K_FT4 +: 32] : 32'd0);
      usc_pkg::OP_ASR: begin
        sb = in[usc_pkg::IN_M +: 5] == 5'd0 ? 5'd31 : in[usc_pkg::IN_M +: 5] == 5'd1 ? 5'd15 : in[usc_pkg::IN_M +: 5] == 5'd2 ? vi[32*usc_pkg::K_FT0 +: 5] : vi[32*usc_pkg::K_FT3 +: 5];
        t = x << (5'd31 - sb);
        sh = 6'd31 + {1'b0, y[4:0]} - {1'b0, sb};
        r = sh > 6'd31 ? {32{t[31]}} : 32'($signed(t) >>> sh);
      end
      usc_pkg::OP_TZ, usc_pkg::OP_TNZ: v[32*usc_pkg::K_P0 +: 32] = {31'd0, (opv(vi, in, 1) == 32'd0) ^ (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_TNZ)};
      usc_pkg::OP_BYPL: r = x;
      usc_pkg::OP_BYP: r = x;
      usc_pkg::OP_MSK: begin
        mw = x[5:0]; mp = y[5:0];
        v[32*usc_pkg::K_FT0 +: 32] = {26'd0, 6'(mw + mp - 6'd1)};
        mm = ((64'd1 << mw) - 64'd1) << mp;
        v[32*usc_pkg::K_FT1 +: 32] = mm[31:0];   // the mask truncated to 32 bits (D6)
      end
      usc_pkg::OP_CBS: r = 32'($countones(x));
      usc_pkg::OP_FTB: r = {26'd0, hibit(x)} - 32'd1;
      usc_pkg::OP_FTBSHI: r = {26'd0, hibit(x ^ {32{x[31]}})} - 32'd1;
      default: r = x != 32'd0 ? 32'd32 - {26'd0, hibit(x)} : 32'hffffffff;   // FTB_MSB
    endcase
    if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_BYP && in[usc_pkg::IN_K + 0 +: 7] == usc_pkg::K_FT0) begin
      v[32*usc_pkg::K_FT0 +: 32] = x;
      v[32*usc_pkg::K_FT1 +: 32] = in[usc_pkg::IN_K + 21 +: 7] == usc_pkg::K_IMM ? in[usc_pkg::IN_IMM +: 32] : y;
    end else if (in[usc_pkg::IN_OP +: 7] != usc_pkg::OP_MSK && in[usc_pkg::IN_OP +: 7] != usc_pkg::OP_TZ && in[usc_pkg::IN_OP +: 7] != usc_pkg::OP_TNZ)
      v[32*(in[usc_pkg::IN_K + 0 +: 5]) +: 32] = r;
    bits_op = v;
  endfunction

  // one instruction on the lane's value rows
  function automatic vrow_t exec(input logic [124:0] in, input vrow_t vi, input logic coutset, input logic coutnew,
                                 input logic [63:0] fres, output logic pe_o, output logic cout_o);
    vrow_t v;
    logic [1:0]  c;
    logic        t, pr;
    logic [31:0] s0, s2, a, b;
    logic [32:0] x64;
    v = vi;
    pe_o = 1'b0;
    cout_o = 1'b0;
    if (in[usc_pkg::IN_OP +: 7] >= usc_pkg::OP_UADD8 && in[usc_pkg::IN_OP +: 7] <= usc_pkg::OP_IMAD16) v[32*usc_pkg::K_FT0 +: 32] = int_op(in, vi);
    else if (in[usc_pkg::IN_OP +: 7] >= usc_pkg::OP_ADD64 && in[usc_pkg::IN_OP +: 7] <= usc_pkg::OP_SMADD64) begin
      x64 = int64_op(in, vi, p0s);
      v[32*usc_pkg::K_FT0 +: 32] = x64[31:0];
      cout_o = x64[32];
    end else if (in[usc_pkg::IN_OP +: 7] >= usc_pkg::OP_TSTZ && in[usc_pkg::IN_OP +: 7] <= usc_pkg::OP_TSTMAX) begin
      if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_TSTC) t = coutset ? coutnew : couts;
      else begin
        a = vi[32*usc_pkg::K_IS1 +: 32];
        b = (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_TSTZ || in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_TSTGZ || in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_TSTGEZ) ? 32'd0 : vi[32*usc_pkg::K_IS2 +: 32];
        c = cmp_typed(in[usc_pkg::IN_M +: 5], a, b);
        case (in[usc_pkg::IN_OP +: 7])
          usc_pkg::OP_TSTZ, usc_pkg::OP_TSTE: t = c == 2'b00;
          usc_pkg::OP_TSTGZ, usc_pkg::OP_TSTG: t = c == 2'b01;
          usc_pkg::OP_TSTGEZ, usc_pkg::OP_TSTGE, usc_pkg::OP_TSTMAX: t = c == 2'b01 || c == 2'b00;
          usc_pkg::OP_TSTNE: t = c != 2'b00;
          usc_pkg::OP_TSTL, usc_pkg::OP_TSTMIN: t = c == 2'b11;
          default: t = c == 2'b11 || c == 2'b00;     // TSTLE
        endcase
      end
      v[32*usc_pkg::K_FTT +: 32] = {31'd0, t};
      if (in[usc_pkg::IN_K + 7 +: 7] == usc_pkg::K_P0) v[32*usc_pkg::K_P0 +: 32] = {31'd0, t};
    end else if (in[usc_pkg::IN_OP +: 7] >= usc_pkg::OP_AND && in[usc_pkg::IN_OP +: 7] <= usc_pkg::OP_XNOR) begin
      a = vi[32*usc_pkg::K_FT2 +: 32] & (vi[32*usc_pkg::K_FT1 +: 32] | (in[usc_pkg::IN_K + 7 +: 7] != usc_pkg::K_NONE ? 32'd0 : 32'hffffffff));
      b = vi[32*usc_pkg::K_S3 +: 32] & (~vi[32*usc_pkg::K_FT1 +: 32] | (in[usc_pkg::IN_K + 21 +: 7] != usc_pkg::K_NONE ? 32'd0 : 32'hffffffff));
      case (in[usc_pkg::IN_OP +: 7])
        usc_pkg::OP_AND, usc_pkg::OP_NAND: s0 = a & b;
        usc_pkg::OP_OR, usc_pkg::OP_NOR: s0 = a | b;
        default: s0 = a ^ b;
      endcase
      v[32*usc_pkg::K_FT4 +: 32] = (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_NAND || in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_NOR || in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_XNOR) ? ~s0 : s0;
    end else if (in[usc_pkg::IN_OP +: 7] >= usc_pkg::OP_SHFL && in[usc_pkg::IN_OP +: 7] <= usc_pkg::OP_FTBMSB) v = bits_op(in, vi, p0s);
    else if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_FMAD || in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_FADD || in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_FMUL || (in[usc_pkg::IN_OP +: 7] >= usc_pkg::OP_FDSX && in[usc_pkg::IN_OP +: 7] <= usc_pkg::OP_FDSYF) ||
             in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_PCK || in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_UNPCK || in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_CVTFROMF64) v[32*(in[usc_pkg::IN_K + 0 +: 5]) +: 32] = fres[31:0];
    else if (in[usc_pkg::IN_OP +: 7] >= usc_pkg::OP_FRCP && in[usc_pkg::IN_OP +: 7] <= usc_pkg::OP_FEXP) v[32*usc_pkg::K_W0 +: 32] = fres[31:0];   // W0 directly (whole main ALU)
    else if ((in[usc_pkg::IN_OP +: 7] >= usc_pkg::OP_F64MUL && in[usc_pkg::IN_OP +: 7] <= usc_pkg::OP_F64BYP) || in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_F16SOPMAD) begin   // W0 low, W1 high (D32); F16SOP.MAD's four halves (D34)
      v[32*usc_pkg::K_W0 +: 32] = fres[31:0];
      v[32*usc_pkg::K_W1 +: 32] = fres[63:32];
    end
    else if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_F16SOP) begin   // W0; W1 with F32 outputs or the MOV part (model D33)
      v[32*usc_pkg::K_W0 +: 32] = fres[31:0];
      if (grp.sop[25 +: 2] == 2'd0 || grp.sop[55]) v[32*usc_pkg::K_W1 +: 32] = fres[63:32];
    end
    else if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_CVTTOF64) begin   // FT0 the low word, FT2 the high word (D25)
      v[32*(in[usc_pkg::IN_K + 0 +: 5]) +: 32] = fres[31:0];
      v[32*(in[usc_pkg::IN_K + 7 +: 5]) +: 32] = fres[63:32];
    end
    else if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_MBYP) begin   // the move with .ABS then .NEG (no rounding)
      a = opv(vi, in, 1);
      if (in[usc_pkg::IN_MODS + (0)]) a[31] = 1'b0;
      if (in[usc_pkg::IN_MODS + (1)]) a[31] = !a[31];
      v[32*(in[usc_pkg::IN_K + 0 +: 5]) +: 32] = a;
    end else if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_MOV) v[32*usc_pkg::K_W0 +: 32] = merge(opv(vi, in, 1), vi[32*usc_pkg::K_IS4 +: 32], in[usc_pkg::IN_M +: 5]);
    else if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_MOVC) begin
      if (vi[32*usc_pkg::K_FTT +: 32] != 32'd0) begin
        v[32*usc_pkg::K_W0 +: 32] = merge(opv(vi, in, 3), vi[32*usc_pkg::K_IS4 +: 32], in[usc_pkg::IN_M +: 5]);
        v[32*usc_pkg::K_W1 +: 32] = opv(vi, in, 4);
      end else begin
        v[32*usc_pkg::K_W0 +: 32] = vi[32*usc_pkg::K_IS4 +: 32];
        v[32*usc_pkg::K_W1 +: 32] = vi[32*usc_pkg::K_IS5 +: 32];
      end
    end else if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_SAVL) v[32*usc_pkg::K_W0 +: 32] = link;
    else if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_SOPMOV) v[32*usc_pkg::K_W1 +: 32] = vi[32*usc_pkg::K_S3 +: 32];   // phase 2: the MOV part of F16SOP (model D33)
    else if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_SOPU8MADMOV) v[32*usc_pkg::K_W1 +: 32] = vi[32*usc_pkg::K_S0 +: 32];   // phase 2: SOPU8MADMOV (model D35)
    else if (in[usc_pkg::IN_OP +: 7] >= usc_pkg::OP_CNDST && in[usc_pkg::IN_OP +: 7] <= usc_pkg::OP_CNDLPC) begin
      s0 = vi[32*usc_pkg::K_S0 +: 32];
      s2 = vi[32*usc_pkg::K_S2 +: 32];
      pr = pcnd_t(in[usc_pkg::IN_PCND +: 2], p0s);
      a = 32'd0;
      case (in[usc_pkg::IN_OP +: 7])
        usc_pkg::OP_CNDST:
          if (pr && s0 == 32'd0) begin a = 32'd0; pe_o = 1'b1; end
          else begin a = s0 + {30'd0, in[usc_pkg::IN_ADJ +: 2]}; pe_o = 1'b0; end
        usc_pkg::OP_CNDEF:
          if (s0 == 32'd0) begin a = s0 + {30'd0, in[usc_pkg::IN_ADJ +: 2]}; pe_o = in[usc_pkg::IN_ADJ +: 2] == 2'd0; end
          else if (pr && s0 == 32'd1) begin a = 32'd0; pe_o = 1'b1; end
          else begin a = s0; pe_o = 1'b0; end
        usc_pkg::OP_CNDSM:
          if (pr && s0 == 32'd0) begin a = s2; pe_o = s2 == 32'd0; end
          else begin a = s0; pe_o = s0 == 32'd0; end
        usc_pkg::OP_CNDLT:
          if (!cnd_any) begin
            v[32*usc_pkg::K_P0 +: 32] = 32'd0;
            if (s0 > {30'd0, in[usc_pkg::IN_ADJ +: 2]}) begin a = s0 - {30'd0, in[usc_pkg::IN_ADJ +: 2]}; pe_o = 1'b0; end
            else begin a = 32'd0; pe_o = 1'b1; end
          end else if (pr && s0 == 32'd0) begin v[32*usc_pkg::K_P0 +: 32] = 32'd1; a = {30'd0, in[usc_pkg::IN_ADJ +: 2]}; pe_o = 1'b0; end
          else begin v[32*usc_pkg::K_P0 +: 32] = 32'd1; a = s0; pe_o = s0 == 32'd0; end
        usc_pkg::OP_CNDEND:
          if (s0 > {30'd0, in[usc_pkg::IN_ADJ +: 2]}) begin a = s0 - {30'd0, in[usc_pkg::IN_ADJ +: 2]}; pe_o = 1'b0; end
          else begin a = 32'd0; pe_o = 1'b1; end
        usc_pkg::OP_CNDSETL:
          if (in[usc_pkg::IN_M +: 5] == 5'd0) begin a = s0; pe_o = pes; end
          else if (s0 == 32'd0 && (!cnd_first || s2 != cnd_s2f)) begin a = 32'd1; pe_o = 1'b0; end
          else begin a = s0; pe_o = s0 == 32'd0; end
        default:   // CNDLPC
          if (s0 == 32'd0) begin a = 32'd2; pe_o = 1'b0; end
          else if (s0 == 32'd1) begin a = 32'd0; pe_o = 1'b1; end
          else begin a = s0; pe_o = 1'b0; end
      endcase
      v[32*usc_pkg::K_W0 +: 32] = a;
    end
    exec = v;
  endfunction

  // ---- the float rows (FMAD, FADD, FMUL) of phases 0, 1 and 2: one
  // binary32 fused multiply-add per phase (rtl/common/fp/fp32_fma) with the
  // "usc" policy of model/fp (IEEE denormals, RNE, the default NaN
  // 0x7fc00000, .SAT: clamp to [+0, 1], NaN -> +0).  FADD is a*1+b and FMUL
  // a*b+(-0), both exact before the one rounding, so equal to fp_add and
  // fp_mul; FMAD is fused (the model's default, fmad_fused=1, D2), or with
  // fmad_fused=0 the product rounded by an fp32_mul, then p*1+c on the
  // unit (exact before its rounding, so fp_add: the model's fp_mad).
  localparam logic [31:0] F_ONE = 32'h3f800000, F_NZERO = 32'h80000000;

  // FLR (floor, keeps NaN, +-inf and +-0; denormals as values), then .ABS,
  // then .NEG (L354, L365): model/usc/usc_exec_float.c fmod_src
  function automatic logic [31:0] fmod(input logic [31:0] x, input logic [7:0] mods, input int si);
    logic [31:0] r, fm;
    logic        flr, ab, ng;
    logic [8:0]  sh;
    flr = si == 0 ? mods[2] : si == 2 ? mods[7] : 1'b0;
    ab = mods[si == 0 ? 0 : si == 1 ? 3 : 5];
    ng = mods[si == 0 ? 1 : si == 1 ? 4 : 6];
    r = x;
    if (flr && !(x[30:23] == 8'hff && x[22:0] != 23'd0)) begin
      if (x[30:23] < 8'd127) begin              // |x| < 1: +0 / -0 kept, else 0 or -1
        if (x[30:0] == 31'd0) r = x;
        else r = x[31] ? 32'hbf800000 : 32'h00000000;
      end else if (x[30:23] < 8'd150) begin     // fraction bits below the units
        sh = 9'd150 - {1'b0, x[30:23]};
        fm = (32'd1 << sh) - 32'd1;
        r = x & ~fm;
        if (x[31] && (x & fm) != 32'd0) r = r + (32'd1 << sh);   // toward -inf: magnitude up
      end
    end
    if (ab) r[31] = 1'b0;
    if (ng) r[31] = !r[31];
    fmod = r;
  endfunction

  // the instruction of a phase slot (0 if none) and its three operands
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [124:0] slot_ins(input logic [2:0] ninsn, input logic [749:0] ins, input logic [3:0] sl);
    slot_ins = '0;
    for (int i = 0; i < 6; i++)
      if (i < $signed(32'(ninsn)) && ins[125*i + usc_pkg::IN_SLOT +: 4] == sl) slot_ins = ins[125*i +: 125];
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // the derivatives (usc_x_fds, D18): the quad's instance a minus instance b
  // of the source (S0 in phase 0, S3 in phase 1), each with .ABS/.NEG; Pix0
  // top left, Pix1 top right, Pix2 bottom left, Pix3 bottom right
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [63:0] fds_pair(input logic [124:0] in, input logic [127:0] q0,
                                           input logic [127:0] q3, input logic [1:0] p);
    logic [1:0] a, b;
    logic [127:0] q;
    case (in[usc_pkg::IN_OP +: 7])
      usc_pkg::OP_FDSX: begin a = 2'd1; b = 2'd0; end                       // coarse: Pix1 - Pix0
      usc_pkg::OP_FDSY: begin a = 2'd2; b = 2'd0; end                       // coarse: Pix2 - Pix0
      usc_pkg::OP_FDSXF: begin a = {p[1], 1'b1}; b = {p[1], 1'b0}; end      // fine: the row's right - left
      default: begin a = {1'b1, p[0]}; b = {1'b0, p[0]}; end       // fine: the column's bottom - top
    endcase
    q = in[usc_pkg::IN_K + 7 +: 7] == usc_pkg::K_S3 ? q3 : q0;
    fds_pair = {q[32*a +: 32], q[32*b +: 32]};
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  function automatic logic [95:0] fops(input logic [124:0] in, input vrow_t v, input logic [63:0] fd);
    logic [31:0] a, b, c;
    a = fmod(opv(v, in, 1), in[usc_pkg::IN_MODS +: 8], 0);
    b = fmod(opv(v, in, 2), in[usc_pkg::IN_MODS +: 8], 1);
    c = fmod(opv(v, in, 3), in[usc_pkg::IN_MODS +: 8], 2);
    if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_FADD) begin c = b; b = F_ONE; end
    else if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_FMUL) c = F_NZERO;
    else if (in[usc_pkg::IN_OP +: 7] >= usc_pkg::OP_FDSX && in[usc_pkg::IN_OP +: 7] <= usc_pkg::OP_FDSYF) begin
      // x - y as x * 1 + (-y): the product is exact, so one rounding gives fp_sub
      {a, b, c} = {fmod(fd[63:32], in[usc_pkg::IN_MODS +: 8], 0), F_ONE, fmod(fd[31:0], in[usc_pkg::IN_MODS +: 8], 0) ^ F_NZERO};
    end
    fops = {a, b, c};
  endfunction

  vrow_t             va, vb;          // after the sources; after phases 0/1 and IS1-IS3
  logic              cs_b, cn_b, pen_b;
  // one signal per phase (whole vectors would make a combinational loop:
  // phase 2's operands come from phases 0 and 1)
  logic [31:0]       fres0, fres1, fres2;   // the float result of phase 0, 1, 2
  logic [95:0]       fo0, fo1, fo2;
  usc_pkg::ins_t              fin0, fin1, fin2;

  assign fin0 = slot_ins(grp.ninsn, grp.ins, usc_pkg::SL_P0);
  assign fin1 = slot_ins(grp.ninsn, grp.ins, usc_pkg::SL_P1);
  assign fin2 = slot_ins(grp.ninsn, grp.ins, usc_pkg::SL_P2);
  assign fo0 = fops(fin0, va, fds_pair(fin0, qs0, qs3, qpos));
  assign fo1 = fops(fin1, va, fds_pair(fin1, qs0, qs3, qpos));
  assign fo2 = fops(fin2, vb, 64'd0);

  // the conversion rows: UNPCK and CONVERTFROMF64 (phase 0), PCK and
  // CONVERTTOF64 (phase 2), rtl/usc/usc_unpck.sv, usc_pck.sv
  logic [31:0] cres0;
  logic [63:0] cres2;
  usc_unpck u_unpck (.in(fin0), .x(opv(va, fin0, 1)), .xh(opv(va, fin0, 2)), .rne(cvt_rne), .r(cres0));
  usc_pck u_pck (.in(fin2), .x(opv(vb, fin2, fin2.op == usc_pkg::OP_CVTTOF64 ? 2 : 1)), .sat(small_sat), .r(cres2));
  // the result of each phase's unit
  logic [63:0] ures0, ures2;
  // F64MUL, F64ADD, F64MAD, F64BYP (phase 0, whole main ALU): rtl/usc/usc_f64.sv on
  // the form's register pairs (operands 2 and 3: a, 4 and 5: b, 6 and 7: c; low word first)
  logic [63:0] f64r;
  usc_f64 u_f64 (.sel(fin0.op == usc_pkg::OP_F64MUL ? 2'd1 : fin0.op == usc_pkg::OP_F64MAD ? 2'd3 : fin0.op == usc_pkg::OP_F64ADD ? 2'd2 : 2'd0),
    .fused(fused), .a({opv(va, fin0, 3), opv(va, fin0, 2)}), .b({opv(va, fin0, 5), opv(va, fin0, 4)}),
    .c({opv(va, fin0, 7), opv(va, fin0, 6)}), .r(f64r));
  // F16SOP and F16SOP.MAD (phase 0, whole main ALU): rtl/usc/usc_sop.sv on the sources
  logic [31:0] sopw0, sopw1;
  usc_sop u_sop (.c(grp.sop), .mc(grp.mad), .mad(fin0.op == usc_pkg::OP_F16SOPMAD), .fused(sop_fused), .src(src),
    .w0(sopw0), .w1(sopw1));
  assign ures0 = (fin0.op == usc_pkg::OP_UNPCK || fin0.op == usc_pkg::OP_CVTFROMF64) ? {32'd0, cres0} :
                 (fin0.op == usc_pkg::OP_F16SOP || fin0.op == usc_pkg::OP_F16SOPMAD) ? {sopw1, sopw0} :
                 (fin0.op == usc_pkg::OP_F64MUL || fin0.op == usc_pkg::OP_F64ADD || fin0.op == usc_pkg::OP_F64MAD || fin0.op == usc_pkg::OP_F64BYP) ? f64r :
                 (fin0.op >= usc_pkg::OP_FRCP && fin0.op <= usc_pkg::OP_FEXP) ? {32'd0, cx[31:0]} :
                 (fin0.op >= usc_pkg::OP_F64DIV && fin0.op <= usc_pkg::OP_F64RSQ) ? cx : {32'd0, fres0};
  assign ures2 = (fin2.op == usc_pkg::OP_PCK || fin2.op == usc_pkg::OP_CVTTOF64) ? cres2 : {32'd0, fres2};

  /* verilator lint_off UNUSEDSIGNAL */
  logic [5:0] exc0, exc1, exc2;   // no exception state in the USC
  logic [5:0] mxc0, mxc1, mxc2;
  /* verilator lint_on UNUSEDSIGNAL */
  // FMAD unfused: the rounded product of each phase, and the unit's operands
  logic [31:0] mp0, mp1, mp2;
  logic [95:0] fu0, fu1, fu2;
  fp32_mul u_mul0 (.a(fo0[95:64]), .b(fo0[63:32]), .dnan(32'h7fc00000), .daz(1'b0), .ftz(1'b0),
    .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b0),
    .zero_wins(1'b0), .zw_sign_xor(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0),
    .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd2), .r(mp0), .exc(mxc0));
  fp32_mul u_mul1 (.a(fo1[95:64]), .b(fo1[63:32]), .dnan(32'h7fc00000), .daz(1'b0), .ftz(1'b0),
    .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b0),
    .zero_wins(1'b0), .zw_sign_xor(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0),
    .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd2), .r(mp1), .exc(mxc1));
  fp32_mul u_mul2 (.a(fo2[95:64]), .b(fo2[63:32]), .dnan(32'h7fc00000), .daz(1'b0), .ftz(1'b0),
    .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b0),
    .zero_wins(1'b0), .zw_sign_xor(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0),
    .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd2), .r(mp2), .exc(mxc2));
  assign fu0 = (fin0.op == usc_pkg::OP_FMAD && !fused) ? {mp0, F_ONE, fo0[31:0]} : fo0;
  assign fu1 = (fin1.op == usc_pkg::OP_FMAD && !fused) ? {mp1, F_ONE, fo1[31:0]} : fo1;
  assign fu2 = (fin2.op == usc_pkg::OP_FMAD && !fused) ? {mp2, F_ONE, fo2[31:0]} : fo2;
  fp32_fma u_fma0 (.a(fu0[95:64]), .b(fu0[63:32]), .c(fu0[31:0]), .rm(3'd0), .daz(1'b0),
    .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b0),
    .dnan(32'h7fc00000), .dexc_always(1'b0), .zero_wins(1'b0), .zw_sign_xor(1'b0), .zw_pass_c(1'b0),
    .fma_nan(2'd0), .clamp(fin0.sat), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .r(fres0), .exc(exc0));
  fp32_fma u_fma1 (.a(fu1[95:64]), .b(fu1[63:32]), .c(fu1[31:0]), .rm(3'd0), .daz(1'b0),
    .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b0),
    .dnan(32'h7fc00000), .dexc_always(1'b0), .zero_wins(1'b0), .zw_sign_xor(1'b0), .zw_pass_c(1'b0),
    .fma_nan(2'd0), .clamp(fin1.sat), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .r(fres1), .exc(exc1));
  fp32_fma u_fma2 (.a(fu2[95:64]), .b(fu2[63:32]), .c(fu2[31:0]), .rm(3'd0), .daz(1'b0),
    .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b0),
    .dnan(32'h7fc00000), .dexc_always(1'b0), .zero_wins(1'b0), .zw_sign_xor(1'b0), .zw_pass_c(1'b0),
    .fma_nan(2'd0), .clamp(fin2.sat), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .r(fres2), .exc(exc2));

  // the sources, IS0, FTE and P0
  always_comb begin
    va = '0;
    for (int k = 0; k < 6; k++) va[32*k +: 32] = src[32*k +: 32];
    va[32*usc_pkg::K_IS0 +: 32] = va[32*(usc_pkg::is0_src(grp.is0)) +: 32];
    va[32*usc_pkg::K_FTE +: 32] = va[32*usc_pkg::K_IS0 +: 32];
    va[32*usc_pkg::K_P0 +: 32] = {31'd0, p0s};
  end

  // the instruction of each slot (a legal group has at most one per slot,
  // in slot order; 0 for an empty slot), picked once so that each block
  // runs `exec` once per slot: 12 copies of it where yosys inlines functions
  logic [125*12-1:0] sins;       // slot s's instruction at [125*s +: 125] (an ins_t)
  for (genvar sl = 0; sl < 12; sl++) begin : g_sins
    assign sins[125*sl +: 125] = slot_ins(grp.ninsn, grp.ins, 4'(sl));
  end
  /* verilator lint_off UNUSEDSIGNAL */
  usc_pkg::ins_t gi0;            // instruction 0 (the whole-ALU rows)
  /* verilator lint_on UNUSEDSIGNAL */
  assign gi0 = usc_pkg::ins_at(grp.ins, 0);

  // phases 0 and 1, the IS1-IS3 muxes
  always_comb begin
    vrow_t v;
    logic  pe_t, co_t, coutset, coutnew;
    logic  [6:0] op;
    v = va;
    pe_t = 1'b0;
    co_t = 1'b0;
    pen_b = 1'b0;
    coutset = 1'b0;
    coutnew = 1'b0;
    if (!grp.bitwise) begin
      for (int sl = 0; sl < 2; sl++) begin
        op = sins[125*sl + usc_pkg::IN_OP +: 7];
        if (grp.slots[sl]) begin
          v = exec(sins[125*sl +: 125], v, coutset, coutnew, sl == 0 ? ures0 : {32'd0, fres1}, pe_t, co_t);
          if (op >= usc_pkg::OP_ADD64 && op <= usc_pkg::OP_SMADD64) begin coutset = 1'b1; coutnew = co_t; end
          if (op >= usc_pkg::OP_CNDST && op <= usc_pkg::OP_CNDLPC) pen_b = pe_t;
        end
      end
      v[32*usc_pkg::K_IS1 +: 32] = grp.is1 ? v[32*usc_pkg::K_FTE +: 32] : v[32*usc_pkg::K_FT0 +: 32];
      v[32*usc_pkg::K_IS2 +: 32] = grp.is2 ? v[32*usc_pkg::K_FTE +: 32] : v[32*usc_pkg::K_FT1 +: 32];
      case (grp.is3)
        2'd0: v[32*usc_pkg::K_IS3 +: 32] = v[32*usc_pkg::K_FT0 +: 32];
        2'd1: v[32*usc_pkg::K_IS3 +: 32] = v[32*usc_pkg::K_FT1 +: 32];
        2'd2: v[32*usc_pkg::K_IS3 +: 32] = v[32*usc_pkg::K_S2 +: 32];
        default: v[32*usc_pkg::K_IS3 +: 32] = v[32*usc_pkg::K_FTE +: 32];
      endcase
    end
    vb = v;
    cs_b = coutset;
    cn_b = coutnew;
  end

  always_comb begin
    vrow_t v;
    /* verilator lint_off UNUSEDSIGNAL */
    logic  pe_t, co_t;           // phase 2 on: no CND or 64-bit row
    /* verilator lint_on UNUSEDSIGNAL */
    logic  coutset, coutnew;
    logic  [1:0] ph [3];
    int    np;
    logic  sopmov;
    logic  [6:0] op;
    v = vb;
    sopmov = 1'b0;
    for (int sl = 0; sl < 12; sl++) begin
      op = sins[125*sl + usc_pkg::IN_OP +: 7];
      if (grp.slots[sl] && (op == usc_pkg::OP_SOPMOV || op == usc_pkg::OP_SOPU8MADMOV)) sopmov = 1'b1;
    end
    pe_t = 1'b0;
    co_t = 1'b0;
    np = 0;
    ph[0] = 2'd0; ph[1] = 2'd0; ph[2] = 2'd0;
    pen = pen_b;
    coutset = cs_b;
    coutnew = cn_b;
    if (!grp.bitwise) begin
      if (grp.slots[usc_pkg::SL_P2]) v = exec(sins[125*usc_pkg::SL_P2 +: 125], v, coutset, coutnew, ures2, pe_t, co_t);
      v[32*usc_pkg::K_IS4 +: 32] = grp.is4 == 2'd3 ? v[32*usc_pkg::K_FTE +: 32] : v[32*(usc_pkg::K_FT0 + 7'(grp.is4)) +: 32];
      v[32*usc_pkg::K_IS5 +: 32] = grp.is5 == 2'd3 ? v[32*usc_pkg::K_FTE +: 32] : v[32*(usc_pkg::K_FT0 + 7'(grp.is5)) +: 32];
      if (grp.slots[usc_pkg::SL_TST]) v = exec(sins[125*usc_pkg::SL_TST +: 125], v, coutset, coutnew, 64'd0, pe_t, co_t);
      // default routing (L181-L183): the last phase present drives W0, the one before W1,
      // unless a whole-ALU row gave W0 its value
      np = 0;
      ph[0] = 2'd0; ph[1] = 2'd0; ph[2] = 2'd0;
      for (int p = 0; p < 3; p++) if (grp.slots[p]) begin ph[np] = 2'(p); np = np + 1; end
      if (np > 0 && !(grp.ninsn != 3'd0 && usc_pkg::whole_op(gi0.op))) v[32*usc_pkg::K_W0 +: 32] = v[32*(usc_pkg::K_FT0 + 7'(ph[np - 1])) +: 32];
      if (np > 1 && !sopmov) v[32*usc_pkg::K_W1 +: 32] = v[32*(usc_pkg::K_FT0 + 7'(ph[np - 2])) +: 32];   // SOPMOV drives W1
      // MOV (slot mov) before the backend (slot be)
      for (int sl = 4; sl < 6; sl++)          // usc_pkg::SL_MOV, SL_BE
        if (grp.slots[sl]) v = exec(sins[125*sl +: 125], v, coutset, coutnew, 64'd0, pe_t, co_t);
    end else begin
      // the six bitwise units in slot order
      for (int sl = 6; sl < 12; sl++)         // usc_pkg::SL_BMSK .. SL_BTST
        if (grp.slots[sl]) v = exec(sins[125*sl +: 125], v, coutset, coutnew, 64'd0, pe_t, co_t);
      v[32*usc_pkg::K_W0 +: 32] = v[32*usc_pkg::K_FT5 +: 32];
      v[32*usc_pkg::K_W1 +: 32] = v[32*usc_pkg::K_FT3 +: 32];
    end
    w0 = v[32*usc_pkg::K_W0 +: 32];
    w1 = v[32*usc_pkg::K_W1 +: 32];
    p0o = v[32*usc_pkg::K_P0 + 0];
    coutn = coutnew;
  end
endmodule
