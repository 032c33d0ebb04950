// usc_decode.sv - one instruction group of the project encoding v1
// (model/usc/README.md "Encoding") from the words at pc: header, source
// and destination words, instructions with their immediates.  The same
// checks as model/usc/usc_desc.c (usc_decode_group, usc_group_check): a
// group the model refuses sets `bad` (a decode error or an illegal group) or
// `unimpl` (a row the model does not implement); `core` marks a group with a
// row this core does not run yet (rtl/usc/README.md "Not implemented").
// Combinational.
`include "rtl/usc/usc_pkg.sv"
module usc_decode (
    input  logic [671:0]      w,       // the words from pc, word i at [32*i +: 32] (0 past the program)
    input  logic [31:0]       avail,   // words from pc to the end of the program
    output usc_pkg::grp_t              g,
    output logic [4:0]        nwords,
    output logic              bad,
    output logic              unimpl,
    output logic              core
);
  function automatic logic reg_ok(input logic [31:0] x);
    logic [3:0] b;
    b = x[3:0];
    reg_ok = b <= usc_pkg::B_O && x[17:16] != 2'd3 && x[20:18] <= 3'd4 && x[31:21] == 11'd0 &&
             {1'b0, x[15:4]} < usc_pkg::bank_limit(b) && (b != usc_pkg::B_SC || usc_pkg::sc_defined(x[15:4])) &&
             (x[17:16] == 2'd0 || (b != usc_pkg::B_I && b != usc_pkg::B_IDX && b != usc_pkg::B_SC));
  endfunction

  // F16SOP's control words (model D33, usc_sop_bad): an encoding the model refuses
  // (the arguments' element and modifier bits are free: not read here)
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic sop_bad(input logic [31:0] c0, input logic [31:0] c1);
  /* verilator lint_on UNUSEDSIGNAL */
    sop_bad = 1'b0;
    // A, B (C, D): a source S0-S5; the operation, output and destination codes
    if (c0[2:0] > 3'd5 || c0[12:10] > 3'd5 || c1[2:0] > 3'd5 || c1[12:10] > 3'd5) sop_bad = 1'b1;
    if (c0[22:20] > 3'd4 || c0[24:23] == 2'd3 || c0[26:25] == 2'd3) sop_bad = 1'b1;
    if (c1[22:20] > 3'd4 || c1[24:23] == 2'd3 || c1[26:25] == 2'd3) sop_bad = 1'b1;
    if (c0[31:27] != 5'd0 || c1[31:28] != 4'd0) sop_bad = 1'b1;
    if ((c0[26:25] == 2'd0) != (c1[26:25] == 2'd0)) sop_bad = 1'b1;
    if (c0[26:25] != 2'd0 && c0[26:25] == c1[26:25]) sop_bad = 1'b1;
    if (c0[26:25] == 2'd0 && (c0[24:23] != 2'd0 || c1[24:23] != 2'd0 || c1[27])) sop_bad = 1'b1;
  endfunction
  // F16SOP.MAD's three control words (model D34, usc_ctl_bad): MAD m at bits
  // 23m..23m+22 of {c2, c1, c0}: A a source S0-S5, E and V a source or 0, bits 92-95 0
  function automatic logic mad_bad(input logic [95:0] c);
    mad_bad = c[95:92] != 4'd0;
    for (int m = 0; m < 4; m++)
      if (c[23*m +: 3] > 3'd5 || c[23*m + 7 +: 3] > 3'd6 || c[23*m + 14 +: 3] > 3'd6) mad_bad = 1'b1;
  endfunction
  // ... the sources they read (usc_ctl_sources)
  function automatic logic [5:0] mad_src(input logic [95:0] c);
    logic [2:0] s;
    mad_src = 6'd0;
    for (int i = 0; i < 12; i++) begin
      s = c[23*(i / 3) + 7*(i % 3) +: 3];
      if (s < 3'd6) mad_src = mad_src | (6'd1 << s);
    end
  endfunction
  // ... the sources S0-S5 they read (usc_sop_sources): z reads S0 and S1, the MOV part S3
  function automatic logic [5:0] sop_src(input logic [31:0] c0, input logic [31:0] c1);
    logic [2:0] s;
    sop_src = c1[27] ? 6'b001000 : 6'd0;
    for (int i = 0; i < 8; i++) begin
      s = i < 4 ? c0[5*i +: 3] : c1[5*(i-4) +: 3];
      if (s < 3'd6) sop_src = sop_src | (6'd1 << s);
      if (s == 3'd7) sop_src = sop_src | 6'b000011;
    end
  endfunction

  // the memory control word of LD, ST, ATOM, IDF (model usc_mem_bad, D37):
  // [0] DRC, [3:1] address source, [6:4] burst source (7: the immediate),
  // [10:7] burst - 1, [13:11] data source, [15:14] size, [18:16] coverage
  // source (7: every element), [22:19] atomic operation
  function automatic logic mem_bad(input logic [6:0] op, input logic [31:0] c);
    logic [31:0] has;
    has = 32'hf;
    if (op == usc_pkg::OP_LD) has = has | 32'h7f0;
    if (op == usc_pkg::OP_ST) has = has | 32'h7fff0;
    if (op == usc_pkg::OP_ATOM) has = has | 32'h783800;
    mem_bad = (c & ~has) != 32'd0 || c[3:1] > 3'd5;
    if ((op == usc_pkg::OP_LD || op == usc_pkg::OP_ST) && (c[6:4] == 3'd6 || (c[6:4] != 3'd7 && c[10:7] != 4'd0))) mem_bad = 1'b1;
    if ((op == usc_pkg::OP_ST || op == usc_pkg::OP_ATOM) && c[13:11] > 3'd5) mem_bad = 1'b1;
    if (op == usc_pkg::OP_ST && (c[15:14] > 2'd2 || c[18:16] == 3'd6)) mem_bad = 1'b1;
    if (op == usc_pkg::OP_ATOM && c[22:19] > 4'd9) mem_bad = 1'b1;
  endfunction
  // ... the sources it reads (model usc_mem_sources): each must be declared
  // (the function takes the whole word and uses the source fields)
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [5:0] mem_src(input logic [6:0] op, input logic [31:0] c);
    mem_src = 6'd1 << c[3:1];
    if ((op == usc_pkg::OP_LD || op == usc_pkg::OP_ST) && c[6:4] < 3'd6) mem_src = mem_src | (6'd1 << c[6:4]);
    if (op == usc_pkg::OP_LD) mem_src = mem_src | 6'b001000;
    if ((op == usc_pkg::OP_ST || op == usc_pkg::OP_ATOM) && c[13:11] < 3'd6) mem_src = mem_src | (6'd1 << c[13:11]);
    if (op == usc_pkg::OP_ST && c[18:16] < 3'd6) mem_src = mem_src | (6'd1 << c[18:16]);
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // the backend control word of FITR, FITRP, SMP, UVSW (model usc_be_bad,
  // D47-D50): FITR/FITRP [0] DRC, [2:1] mode, [3] .sat, [7:4] count - 1;
  // SMP [0] DRC, [2:1] dimension, [4:3] chan - 1, [6:5] LOD mode, [7] LOD
  // source S3, [18:8] flags (bit 11 .pplod); UVSW [2:0] the operation, [3]
  // W1, [4] immediate, [12:5] the address (or a source S0-S5)
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic be_bad(input logic [6:0] op, input logic [31:0] c);
    if (op == usc_pkg::OP_FITR || op == usc_pkg::OP_FITRP) be_bad = c[31:8] != 24'd0 || c[2:1] == 2'd3;
    else if (op == usc_pkg::OP_SMP)
      be_bad = c[31:19] != 13'd0 || c[2:1] == 2'd0 || (c[11] && (c[6:5] == 2'd0 || c[6:5] == 2'd3)) ||
               ((c[6:5] == 2'd1 || c[6:5] == 2'd2) != c[7]);
    else be_bad = c[2:0] != 3'd0 || c[31:13] != 19'd0 || (!c[4] && (c[12:8] != 5'd0 || c[7:5] > 3'd5));
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  // ... the sources it reads (model usc_be_sources)
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [5:0] be_src(input logic [6:0] op, input logic [31:0] c);
  /* verilator lint_on UNUSEDSIGNAL */
    if (op == usc_pkg::OP_FITR) be_src = 6'b001001;
    else if (op == usc_pkg::OP_FITRP) be_src = 6'b001101;
    else if (op == usc_pkg::OP_SMP) be_src = c[7] ? 6'b011111 : 6'b010111;
    else be_src = c[4] ? 6'd0 : 6'd1 << c[7:5];
  endfunction
  // DITR's and ITRSMP's two control words (model usc_it_bad, D51, D52): w (c0)
  // [7:0] the destination r, [15:8] the coefficients, [23:16] the W
  // coefficients, [25:24] mode, [27:26] perspective control, [31:28] count
  // - 1; x (c1) [0] DRC, [1] .sat, [3:2] scheduling, ITRSMP [11:4] texture state,
  // [19:12] sampler state, [21:20] dimension, [23:22] chan - 1, [27:24] flags
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic it_bad(input logic [6:0] op, input logic [31:0] c0, input logic [31:0] c1);
  /* verilator lint_on UNUSEDSIGNAL */
    it_bad = c0[7:0] >= 8'd248 || c0[25:24] == 2'd3 || c1[3:2] == 2'd3 ||
             ((c0[27:26] == 2'd0 || c0[27:26] == 2'd3) && c0[23:16] != 8'd0);
    if (op == usc_pkg::OP_DITR ? c1[31:4] != 28'd0 : (c1[31:28] != 4'd0 || c1[21:20] == 2'd0)) it_bad = 1'b1;
  endfunction

  // the rows this core runs (the others fault with WHY_CORE)
  function automatic logic core_runs(input logic [6:0] op);
    core_runs = op == usc_pkg::OP_FMAD || op == usc_pkg::OP_FADD || op == usc_pkg::OP_FMUL || (op >= usc_pkg::OP_FRCP && op <= usc_pkg::OP_FEXP) || (op >= usc_pkg::OP_MBYP && op <= usc_pkg::OP_CVTFROMF64) ||
                op == usc_pkg::OP_F16SOP || op == usc_pkg::OP_SOPMOV || op == usc_pkg::OP_SOPU8MADMOV || op == usc_pkg::OP_F16SOPMAD || (op >= usc_pkg::OP_F64MUL && op <= usc_pkg::OP_F64BYP) || (op >= usc_pkg::OP_MOV && op <= usc_pkg::OP_UNPCK) || (op >= usc_pkg::OP_UADD8 && op <= usc_pkg::OP_FTBMSB) ||
                (op >= usc_pkg::OP_BA && op <= usc_pkg::OP_BRL) || (op >= usc_pkg::OP_LAPC && op <= usc_pkg::OP_WDF) || op == usc_pkg::OP_IDF ||
                op == usc_pkg::OP_LD || op == usc_pkg::OP_ST || op == usc_pkg::OP_ATOM || op == usc_pkg::OP_ATST || op == usc_pkg::OP_DEPTHF ||
                op == usc_pkg::OP_GCMP || op == usc_pkg::OP_GEXP || op == usc_pkg::OP_FSINC || op == usc_pkg::OP_FARCTANC ||
                op == usc_pkg::OP_UVSW || op == usc_pkg::OP_FITR || op == usc_pkg::OP_FITRP || op == usc_pkg::OP_SMP ||
                op == usc_pkg::OP_DITR || op == usc_pkg::OP_ITRSMP;
  endfunction

  // PCK/UNPCK formats (model/usc/usc_exec_pack.c, D20, D26): the fields
  // .e0-.e3 can name, .scale allowed (the formats whose fields are all
  // integers); every format runs
  function automatic logic [4:0] pck_fields(input logic [4:0] m);
    case (m)
      5'd0, 5'd1, 5'd2, 5'd3, 5'd13, 5'd14, 5'd15, 5'd20: pck_fields = 5'd4;
      5'd16, 5'd17, 5'd18, 5'd19: pck_fields = 5'd3;
      5'd4, 5'd5, 5'd6, 5'd7, 5'd8, 5'd22, 5'd23: pck_fields = 5'd2;
      default: pck_fields = 5'd1;
    endcase
  endfunction
  function automatic logic pck_scalable(input logic [4:0] m);
    case (m)
      5'd0, 5'd1, 5'd2, 5'd3, 5'd4, 5'd5, 5'd6, 5'd7, 5'd13, 5'd14, 5'd16, 5'd17, 5'd20, 5'd22, 5'd23:
        pck_scalable = 1'b1;
      default: pck_scalable = 1'b0;
    endcase
  endfunction

  // the instruction being decoded; W wi and instruction i of g (the fields
  // the checks read).  Not local to the block: yosys 0.23 misreads a struct
  // declared in a block.
  usc_pkg::ins_t in;
  /* verilator lint_off UNUSEDSIGNAL */
  usc_pkg::reg_t gr;
  usc_pkg::ins_t gi;
  /* verilator lint_on UNUSEDSIGNAL */
  always_comb begin
    logic [31:0] h, x;
    logic [5:0]  p;
    logic [7:0]  rm;             // the register words present: {wmask, smask}
    logic [148:0] f;
    logic [3:0]  ob, nbits;
    logic [1:0]  fi;
    logic [11:0] rmods_info, rsl;
    logic        wsel_ok, whole;
    logic [2:0]  m3;
    int          last;
    logic [2:0]  mk;
    logic [7:0]  rmods;
    logic [3:0]  bits;
    logic [6:0]  kk;
    logic [6:0]  tk, ta;         // one token of the form
    logic        topt, tminv;
    logic [1:0]  tob;
    logic [5:0]  sop_need;       // F16SOP: the sources its control words read
    logic        sop_w1;         // ... and whether it drives W1
    // every variable set first (Verilator's latch check, -Wall)
    g = '0;
    x = 32'd0; in = '0; gi = '0; gr = '0; rsl = 12'd0; fi = 2'd0; f = 149'd0; rmods_info = 12'd0; rmods = 8'd0; mk = 3'd0;
    nbits = 4'd0; ob = 4'd0; bits = 4'd0; last = -1; whole = 1'b0;
    tk = usc_pkg::K_NONE; ta = usc_pkg::K_NONE; topt = 1'b0; tminv = 1'b0; tob = 2'd0;
    wsel_ok = 1'b0;
    sop_need = 6'd0; sop_w1 = 1'b0;
    kk = 7'd0;
    m3 = 3'd0;
    bad = 1'b0; unimpl = 1'b0; core = 1'b0;
    h = w[0 +: 32];
    g.ninsn = h[2:0];
    g.smask = h[9:4];
    g.wmask = h[11:10];
    g.bitwise = h[12];
    g.pred = h[14:13];
    g.ignorepe = h[15];
    g.is0 = h[18:16];
    g.is1 = h[19];
    g.is2 = h[20];
    g.is3 = h[22:21];
    g.is4 = h[24:23];
    g.is5 = h[26:25];
    if (avail == 32'd0 || h[31:28] != 4'd1 || h[3:0] > 4'd6 || g.pred == 2'd3 || g.is0 > 3'd5 || h[27])
      bad = 1'b1;
    p = 6'd1;
    // the register words: S0-S5 of smask, then W0, W1 of wmask
    rm = {g.wmask, g.smask};
    for (int i = 0; i < 8; i++)
      if (rm[i]) begin
        x = w[32*(p[4:0]) +: 32];
        if ({26'd0, p} >= avail || !reg_ok(x)) bad = 1'b1;
        if (i < 6) g.s[21*i +: 21] = x[20:0];
        else g.w[21*(i & 1) +: 21] = x[20:0];
        p = p + 6'd1;
      end
    for (int i = 0; i < 6; i++) begin
      in = '0;
      if (i < $signed(32'(g.ninsn)) && !bad && !unimpl) begin
        x = w[32*(p[4:0]) +: 32];
        if ({26'd0, p} >= avail) bad = 1'b1;
        p = p + 6'd1;
        in.op = x[6:0];
        in.slot = x[10:7];
        in.mods = x[18:11];
        in.sat = x[19];
        in.m = x[25:21];
        in.o = x[29:26];
        rsl = usc_pkg::row_slots(in.op);
        fi = 2'd0;
        for (int s = 0; s < 12; s++)
          if (s < $signed(32'(in.slot)) && rsl[s]) fi = fi + 2'd1;
        f = usc_pkg::row_form(in.op, fi);
        rmods_info = usc_pkg::row_info(in.op);
        rmods = rmods_info[8:1];
        mk = rmods_info[11:9];
        if (x[6:0] >= 7'(usc_pkg::NOPS) || x[10:7] >= 4'd12 || x[31:30] != 2'd0) bad = 1'b1;
        else if (!rsl[in.slot]) bad = 1'b1;        // illegal group: slot
        else if (!f[148]) unimpl = 1'b1;                        // no syntax or encoding
        else if (x[20] && in.op == usc_pkg::OP_FMAD) unimpl = 1'b1;      // fmad.lp
        else begin
          if ((in.mods & ~rmods) != 8'd0 || (in.sat && (rmods & 8'hfc) == 8'd0) || x[20]) bad = 1'b1;
          nbits = 4'd0;
          for (int j = 0; j < 8; j++)
            if (j < $signed(32'(f[147:144]))) nbits = nbits + {2'd0, f[18*j + 1 +: 2]};
          case (mk)
            usc_pkg::M_NONE:  if (in.m != 5'd0) bad = 1'b1;
            usc_pkg::M_TYPE:  if (in.m >= 5'd7) bad = 1'b1;
            usc_pkg::M_BYTES: if (in.m == 5'd0 || in.m > 5'd15) bad = 1'b1;
            usc_pkg::M_ASR:   if (in.m > 5'd3) bad = 1'b1;
            usc_pkg::M_PCK: begin                                        // usc_pck_bad
              if (in.m > 5'd25) bad = 1'b1;
              if (in.op == usc_pkg::OP_UNPCK && (in.m == 5'd21 || in.m == 5'd24 || in.m == 5'd25)) bad = 1'b1;
              if (in.op == usc_pkg::OP_PCK ? x[27:26] != 2'd0 : {3'd0, x[27:26]} >= pck_fields(in.m)) bad = 1'b1;
              if (x[28] && !pck_scalable(in.m)) bad = 1'b1;
            end
            default: if (in.m > 5'd2) bad = 1'b1;               // CVT, INST; PART below
          endcase
          if (mk == usc_pkg::M_PART && in.m > 5'd1) bad = 1'b1;
          if (mk == usc_pkg::M_PCK) nbits = 4'd4;                        // O: element, .scale, .rndzero
          if (({28'd0, x[29:26]} >> nbits) != 32'd0) bad = 1'b1;
          // resolve the operand kinds (usc_resolve)
          ob = 4'd0;
          in.nk = f[147:144];
          for (int j = 0; j < 8; j++) begin
            in.k[7*j +: 7] = usc_pkg::K_NONE;
            if (j < $signed(32'(f[147:144]))) begin
              tk = f[18*j + 11 +: 7]; ta = f[18*j + 4 +: 7]; topt = f[18*j + 3];
              tob = f[18*j + 1 +: 2]; tminv = f[18*j];
              bits = (x[29:26] >> ob) & ((4'd1 << tob) - 4'd1);
              if (topt) kk = bits != 4'd0 ? tk : usc_pkg::K_NONE;
              else if (tk == usc_pkg::K_FT0 && ta == usc_pkg::K_FTE && tob == 2'd2) kk = bits == 4'd3 ? usc_pkg::K_FTE : usc_pkg::K_FT0 + {3'd0, bits};
              else if (ta != usc_pkg::K_NONE) kk = bits != 4'd0 ? ta : tk;
              else kk = tk;
              if (kk == usc_pkg::K_ADJ && bits > 4'd2) bad = 1'b1;
              if (kk == usc_pkg::K_ADJ && tminv && bits < 4'd1) bad = 1'b1;
              if (kk == usc_pkg::K_ADJ) in.adj = bits[1:0];
              if (kk == usc_pkg::K_PCND) in.pcnd = bits[1:0];
              if (kk == usc_pkg::K_IMM || kk == usc_pkg::K_TGT) begin
                if ({26'd0, p} >= avail) bad = 1'b1;
                in.imm = w[32*(p[4:0]) +: 32];
                p = p + 6'd1;
              end
              if (kk == usc_pkg::K_SOP && in.op == usc_pkg::OP_F16SOPMAD) begin   // three control words, kept for the lanes (usc_sop)
                if ({26'd0, p} + 32'd2 >= avail) bad = 1'b1;
                g.mad = {w[32*(5'(p + 6'd2)) +: 28], w[32*(5'(p + 6'd1)) +: 32], w[32*(p[4:0]) +: 32]};
                if (mad_bad({w[32*(5'(p + 6'd2)) +: 32], w[32*(5'(p + 6'd1)) +: 32], w[32*(p[4:0]) +: 32]})) bad = 1'b1;
                sop_need = sop_need | mad_src({w[32*(5'(p + 6'd2)) +: 32], w[32*(5'(p + 6'd1)) +: 32], w[32*(p[4:0]) +: 32]});
                p = p + 6'd3;
              end else if (kk == usc_pkg::K_SOP) begin   // two control words, kept for the lanes (usc_sop)
                if ({26'd0, p} + 32'd1 >= avail) bad = 1'b1;
                g.sop[0 +: 28] = w[32*(p[4:0]) +: 28];
                g.sop[28 +: 28] = w[32*(5'(p + 6'd1)) +: 28];
                if (sop_bad(w[32*(p[4:0]) +: 32], w[32*(5'(p + 6'd1)) +: 32])) bad = 1'b1;
                sop_need = sop_need | sop_src(w[32*(p[4:0]) +: 32], w[32*(5'(p + 6'd1)) +: 32]);
                sop_w1 = sop_w1 || w[32*(p[4:0]) + 25 +: 2] == 2'd0 || w[32*(5'(p + 6'd1)) + 27];
                p = p + 6'd2;
              end
              if (kk == usc_pkg::K_MEM && (in.op == usc_pkg::OP_DITR || in.op == usc_pkg::OP_ITRSMP)) begin
                // DITR, ITRSMP: two control words, the first in imm, the second in the group's itc
                if ({26'd0, p} + 32'd1 >= avail) bad = 1'b1;
                in.imm = w[32*(p[4:0]) +: 32];
                g.itc = w[32*(5'(p + 6'd1)) +: 32];
                if (it_bad(in.op, w[32*(p[4:0]) +: 32], w[32*(5'(p + 6'd1)) +: 32])) bad = 1'b1;
                p = p + 6'd2;
              end else if (kk == usc_pkg::K_MEM && (in.op == usc_pkg::OP_FITR || in.op == usc_pkg::OP_FITRP ||
                                                    in.op == usc_pkg::OP_SMP || in.op == usc_pkg::OP_UVSW)) begin
                // FITR FITRP SMP UVSW: the backend control word, kept in imm
                if ({26'd0, p} >= avail) bad = 1'b1;
                in.imm = w[32*(p[4:0]) +: 32];
                if (be_bad(in.op, w[32*(p[4:0]) +: 32])) bad = 1'b1;
                sop_need = sop_need | be_src(in.op, w[32*(p[4:0]) +: 32]);
                p = p + 6'd1;
              end else if (kk == usc_pkg::K_MEM) begin   // LD ST ATOM IDF: the memory control word, kept in the instruction's imm
                if ({26'd0, p} >= avail) bad = 1'b1;
                in.imm = w[32*(p[4:0]) +: 32];
                if (mem_bad(in.op, w[32*(p[4:0]) +: 32])) bad = 1'b1;
                sop_need = sop_need | mem_src(in.op, w[32*(p[4:0]) +: 32]);
                p = p + 6'd1;
              end
              in.k[7*j +: 7] = kk;
              ob = ob + {2'd0, tob};
            end
          end
          if (!rmods_info[0]) unimpl = 1'b1;
          else if (!core_runs(in.op)) core = 1'b1;
        end
      end
      g.ins[125*i +: 125] = in;
    end
    nwords = p[4:0];
    for (int i = 0; i < 6; i++) begin
      gi = usc_pkg::ins_at(g.ins, i);
      if (i < $signed(32'(g.ninsn))) g.slots[gi.slot] = 1'b1;
    end
    // ---- the legality rules (usc_group_check)
    last = -1;
    for (int i = 0; i < 6; i++) begin
      gi = usc_pkg::ins_at(g.ins, i);
      if (i < $signed(32'(g.ninsn))) begin
        if (usc_pkg::S_BITWISE[gi.slot] != g.bitwise) bad = 1'b1;
        if ($signed(32'(gi.slot)) <= last) bad = 1'b1;
        last = $signed(32'(gi.slot));
      end
    end
    if (g.bitwise && g.ninsn == 3'd0) bad = 1'b1;
    gi = usc_pkg::ins_at(g.ins, 0);
    whole = g.ninsn != 3'd0 && usc_pkg::whole_op(gi.op);
    if (!g.bitwise && !whole)
      for (int b = 0; b < 2; b++) begin
        m3 = g.smask[3*b +: 3];
        if (m3 != 3'd0 && m3 != 3'd1 && m3 != 3'd3 && m3 != 3'd7) bad = 1'b1;
      end
    if (g.slots[usc_pkg::SL_P1] && !g.slots[usc_pkg::SL_P0]) bad = 1'b1;
    if (g.slots[usc_pkg::SL_BE] && g.slots[usc_pkg::SL_P1]) bad = 1'b1;
    if (whole && g.slots[usc_pkg::SL_P0] && (g.slots[usc_pkg::SL_P1] || g.slots[usc_pkg::SL_P2])) bad = 1'b1;
    for (int i = 0; i < 6; i++) begin
      gi = usc_pkg::ins_at(g.ins, i);
      if (i < $signed(32'(g.ninsn))) begin
        if (gi.op == usc_pkg::OP_MOVC && !g.slots[usc_pkg::SL_TST]) bad = 1'b1;
        for (int j = 0; j < 8; j++)
          if (j < $signed(32'(gi.nk))) begin
            kk = gi.k[7*j +: 7];
            if (kk <= 7'd5 && !g.smask[kk[2:0]]) bad = 1'b1;
            if ((kk == usc_pkg::K_FTE || kk == usc_pkg::K_IS0) && !g.smask[usc_pkg::is0_src(g.is0)]) bad = 1'b1;
          end
        if (gi.slot == usc_pkg::SL_P2 && g.is3 == 2'd2 && !g.smask[2]) bad = 1'b1;
        // LD's destination S3, ATOM's source/destination: r, vi, i or o; ST's
        // data: any bank but the constants and IDX; none indexed (model D37)
        if (gi.op == usc_pkg::OP_LD || gi.op == usc_pkg::OP_ST || gi.op == usc_pkg::OP_ATOM) begin
          gr = usc_pkg::s_at(g.s, gi.op == usc_pkg::OP_LD ? 3 : $signed(32'(gi.imm[13:11])));
          if (gr.idx != 2'd0) bad = 1'b1;
          if (gi.op == usc_pkg::OP_ST ? (gr.bank == usc_pkg::B_SC || gr.bank == usc_pkg::B_IDX) :
              !(gr.bank == usc_pkg::B_R || gr.bank == usc_pkg::B_VI || gr.bank == usc_pkg::B_I || gr.bank == usc_pkg::B_O)) bad = 1'b1;
        end
        // FITR, FITRP, SMP (model D47-D49): the destination S3 (SMP: S4) as
        // LD's; FITR's S0 and FITRP's S0 and S2 a cf register, none indexed
        if (gi.op == usc_pkg::OP_FITR || gi.op == usc_pkg::OP_FITRP || gi.op == usc_pkg::OP_SMP) begin
          gr = usc_pkg::s_at(g.s, gi.op == usc_pkg::OP_SMP ? 4 : 3);
          if (gr.idx != 2'd0 || !(gr.bank == usc_pkg::B_R || gr.bank == usc_pkg::B_VI || gr.bank == usc_pkg::B_I || gr.bank == usc_pkg::B_O)) bad = 1'b1;
        end
        if (gi.op == usc_pkg::OP_FITR || gi.op == usc_pkg::OP_FITRP)
          for (int k = 0; k <= 2; k += 2) begin
            gr = usc_pkg::s_at(g.s, k);
            if ((k == 0 || gi.op == usc_pkg::OP_FITRP) && (gr.bank != usc_pkg::B_CF || gr.idx != 2'd0)) bad = 1'b1;
          end
      end
    end
    if ((sop_need & ~g.smask) != 6'd0) bad = 1'b1;
    for (int wi = 0; wi < 2; wi++)
      if (g.wmask[wi]) begin
        wsel_ok = 1'b0;
        if (g.bitwise) wsel_ok = wi == 1 ? g.slots[usc_pkg::SL_BCNT] : g.slots[usc_pkg::SL_BSH2];
        else begin
          wsel_ok = ({1'b0, g.slots[usc_pkg::SL_P0]} + {1'b0, g.slots[usc_pkg::SL_P1]} + {1'b0, g.slots[usc_pkg::SL_P2]}) > 2'(wi);
          for (int i = 0; i < 6; i++) begin
            gi = usc_pkg::ins_at(g.ins, i);
            for (int j = 0; j < 8; j++)
              if (i < $signed(32'(g.ninsn)) && j < $signed(32'(gi.nk)) && gi.k[7*j +: 7] == usc_pkg::K_W0 + 7'(wi)) wsel_ok = 1'b1;
          end
          if (whole && wi == 0) wsel_ok = 1'b1;
          if (wi == 1 && sop_w1) wsel_ok = 1'b1;
          if (g.slots[usc_pkg::SL_MOV] && wi == 0) wsel_ok = 1'b1;
        end
        if (!wsel_ok) bad = 1'b1;
        gr = usc_pkg::w_at(g.w, wi);
        if (gr.bank == usc_pkg::B_SC) bad = 1'b1;
      end
  end
endmodule
