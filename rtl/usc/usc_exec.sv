// usc_exec.sv - one instruction of a slot on an instance's value rows: the
// float (FMAD FADD FMUL MBYP: the unit's result), integer, test, bitwise,
// move and conditional rows (model/usc/usc_exec_float.c, usc_exec_int.c,
// usc_exec_ctl.c).  Combinational; usc_lane runs one per slot (12) and
// chains them in the model's order, so the row functions below exist once
// (yosys inlines every function call: one copy per call).
`include "rtl/usc/usc_pkg.sv"
// (grp and the instruction are whole structs: each row uses the fields it needs)
/* verilator lint_off UNUSEDSIGNAL */
module usc_exec (
    input  usc_pkg::grp_t             grp,       // the group (F16SOP's control word: W1 written or not)
    input  logic [124:0]     sin,       // the slot's instruction (an ins_t)
    input  logic [32*usc_pkg::NK-1:0] rows, // the value rows before it, kind k at [32*k +: 32]
    input  logic             cset,      // COUT written by an earlier slot of the group, its value
    input  logic             cnew,
    input  logic [63:0]      ures,      // the slot's unit result (float, conversion, F64, complex op)
    input  logic             p0s,       // the state's P0, COUT and Pe of this instance
    input  logic             couts,
    input  logic             pes,
    input  logic [31:0]      link,      // the link register (SAVL)
    input  logic             cnd_any,   // CNDLT: OR of (PCND & Pe) over the task's instances
    input  logic             cnd_first, // CNDSETL part B: an instance with Pe exists
    input  logic [31:0]      cnd_s2f,   // its S2
    output logic [32*usc_pkg::NK-1:0] rows_o, // the value rows after it
    output logic             peo,       // Pe of a CND row
    output logic             coo        // COUT of a 64-bit row
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
    else if (in[usc_pkg::IN_OP +: 7] >= usc_pkg::OP_FRCP && in[usc_pkg::IN_OP +: 7] <= usc_pkg::OP_GEXP) v[32*usc_pkg::K_W0 +: 32] = fres[31:0];   // W0 directly (whole main ALU)
    else if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_FSINC || in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_FARCTANC) begin   // W0; FSINC's P0 (D43)
      v[32*usc_pkg::K_W0 +: 32] = fres[31:0];
      if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_FSINC) v[32*usc_pkg::K_P0 +: 32] = {31'd0, fres[32]};
    end
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

  always_comb rows_o = exec(sin, rows, cset, cnew, ures, peo, coo);
endmodule
