// nvfp_core.sv - the NVFP quad processor: one instruction of the project
// encoding v1 on the four pixels of a 2x2 quad per cycle (lanes 0 (0,0),
// 1 (1,0), 2 (0,1), 3 (1,1)), in lockstep with model/nvfp.  State as the
// model's (model/nvfp/README.md "State"): eight 128-bit chunks per pixel
// with the R (fp32), H (fp16) and I (s12) views and the per-chunk format
// tag, the CC register (4 components x {EQ, LT, GT}), the kill flags, the
// read-only p[0..11] and c[0..31], the program (128 instructions).  The
// retire port reports one unit per instruction with the writes of
// model/nvfp/nvfp_step.c: each R word a written component changed (the
// whole word after the write, the bits of the halves written), the format
// tag of the chunk, each CC component updated, the pixels KIL killed.
`include "rtl/nvfp/nvfp_pkg.sv"
module nvfp_core #(
    parameter int NINSN = 128              // instruction storage (Table 2)
) (
    input  logic          clk,
    input  logic          rst_n,
    // load port (before start)
    input  logic          ld_we,
    input  logic [2:0]    ld_sel,
    input  logic [15:0]   ld_addr,
    input  logic [31:0]   ld_data,
    input  logic          start,
    output logic          running,
    output logic          done,
    output logic          fault,
    output logic [31:0]   fault_pc,
    output logic [3:0]    fault_why,
    // retire port: one unit per instruction
    output logic          rt_valid,
    output logic [31:0]   rt_pc,
    output logic [127:0]  rt_words,
    output logic          rt_end,
    output logic [3:0]    rt_rw_en,        // R word (chunk*4 + word) written
    output logic [19:0]   rt_rw_idx,
    output logic [127:0]  rt_rw_bits,
    output logic [15:0]   rt_rw_lanes,
    output logic [511:0]  rt_rw_val,       // [32*(4*u + lane)]
    output logic          rt_fmt_en,
    output logic [2:0]    rt_fmt_idx,
    output logic [3:0]    rt_fmt_lanes,
    output logic [1:0]    rt_fmt_val,
    output logic [3:0]    rt_cc_en,        // CC component j updated
    output logic [15:0]   rt_cc_lanes,
    output logic [31:0]   rt_cc_val,       // [2*(4*j + lane)]
    output logic          rt_kill_en,
    output logic [3:0]    rt_kill_lanes,
    // texture memory (nvfp_tex): the 16-byte line tm_line in tm_rdata the next cycle
    output logic          tm_re,
    output logic [15:0]   tm_line,
    input  logic [127:0]  tm_rdata
);
  localparam int NW = 4 * NINSN;

  logic [31:0] imem [NW];
  logic [31:0] base, nwords, pc;
  logic [31:0] rf   [8][4][4];     // chunk, word, lane
  logic [1:0]  fmt  [8][4];        // chunk, lane
  logic [1:0]  ccr  [4][4];        // component, lane
  logic [3:0]  kill;
  logic [31:0] pin  [12][4][4];    // p[n], component, lane
  logic [31:0] cin  [32][4];
  logic        frc_clamp, kil_stop;

  // ---- the instruction at pc
  logic [31:0] off, endp;
  logic [31:0] k;
  logic [127:0] iw;
  logic        pc_bad, trunc;
  assign endp = base + (nwords << 2);
  assign off = pc - base;
  assign k = off >> 4;
  assign pc_bad = pc < base || pc >= endp || off[3:0] != 4'd0 || k >= NINSN;
  assign trunc = ((k << 2) + 32'd4) > nwords;
  always_comb begin
    iw = 128'd0;
    for (int i = 0; i < 4; i++)
      if (!pc_bad && (k << 2) + i < NW) iw[32*i +: 32] = imem[(k << 2) + i];
  end

  logic [4:0]  op;
  logic        d_cc, ccdst, nodst, illegal, unsup;
  logic [1:0]  dprec, xprec, nsrc;
  logic [3:0]  dreg, wmask, tid;
  logic [2:0]  cctest, s_neg;
  logic [7:0]  ccswz;
  logic [5:0]  s_type, s_prec;
  logic [14:0] s_index;
  logic [23:0] s_swz;
  nvfp_decode u_dec (.w(iw), .op(op), .cc(d_cc), .dprec(dprec), .ccdst(ccdst), .dreg(dreg), .wmask(wmask),
                     .cctest(cctest), .ccswz(ccswz), .tid(tid), .s_type(s_type), .s_prec(s_prec),
                     .s_index(s_index), .s_swz(s_swz), .s_neg(s_neg), .nsrc(nsrc), .xprec(xprec),
                     .nodst(nodst), .illegal(illegal), .unsup(unsup));

  function automatic logic cc_test(input logic [2:0] t, input logic [1:0] st);
    case (t)
      3'd0: cc_test = st == nvfp_pkg::CC_EQ;      // EQ
      3'd1: cc_test = st != nvfp_pkg::CC_EQ;      // NE
      3'd2: cc_test = st == nvfp_pkg::CC_LT;      // LT
      3'd3: cc_test = st != nvfp_pkg::CC_LT;      // GE
      3'd4: cc_test = st != nvfp_pkg::CC_GT;      // LE
      3'd5: cc_test = st == nvfp_pkg::CC_GT;      // GT
      3'd6: cc_test = 1'b0;                       // FL
      default: cc_test = 1'b1;                    // TR
    endcase
  endfunction

  // ---- per pixel: fetch, datapath, final writemask
  logic [383:0] sv   [4];
  logic [5:0]   sfmt [4];
  logic [127:0] res  [4];
  logic [7:0]   ncc  [4];
  logic [3:0]   mask [4];
  logic [3:0]   kilnow;
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      sfmt[l] = 6'd0;
      sv[l] = 384'd0;
      for (int s = 0; s < 3; s++) begin
        logic [1:0] ty, pr;
        logic [4:0] ix;
        ty = s_type[2*s +: 2]; pr = s_prec[2*s +: 2]; ix = s_index[5*s +: 5];
        if (ty == nvfp_pkg::ST_REG && pr != nvfp_pkg::PR_R) sfmt[l][2*s +: 2] = pr;
        for (int j = 0; j < 4; j++) begin
          logic [31:0] v, w;
          v = 32'd0;
          w = rf[ix[3:1]][{ix[0], j[1]}][l];
          case (ty)
            nvfp_pkg::ST_P: v = ix < 5'd12 ? pin[ix[3:0]][j][l] : 32'd0;
            nvfp_pkg::ST_C: v = cin[ix][j];
            nvfp_pkg::ST_REG:
              if (pr == nvfp_pkg::PR_R) v = fmt[ix[2:0]][l] == nvfp_pkg::PR_R ? rf[ix[2:0]][j][l] : 32'd0;
              // p[58]: a chunk read in another format than it was last written in reads 0.0
              else v = (fmt[ix[3:1]][l] != pr) ? 32'd0 : {16'd0, j[0] ? w[31:16] : w[15:0]};
            default: v = 32'd0;
          endcase
          sv[l][32*(4*s + j) +: 32] = v;
        end
      end
      mask[l] = wmask;
      kilnow[l] = 1'b0;
      for (int j = 0; j < 4; j++) begin
        logic t;
        t = cc_test(cctest, ccr[ccswz[2*j +: 2]][l]);
        if (!t) mask[l][j] = 1'b0;
        if (t) kilnow[l] = 1'b1;
      end
      if (kil_stop && kill[l]) mask[l] = 4'd0;
      if (op != nvfp_pkg::OP_KIL) kilnow[l] = 1'b0;
    end
  end
  // DDX/DDY (D13): the source of the pixel's row pair (DDX: right - left) or
  // column pair (DDY: bottom - top), the same for both pixels of the pair
  logic [127:0] a0 [4];
  logic [127:0] x0 [4];
  logic [31:0]  f0 [4];
  logic         texop, tx_start, tx_busy, tx_done, tx_bad, tx_have;
  logic         trop, tr_start, tr_busy, tr_done;
  logic [511:0] tr_res, xb, xa;
  logic [127:0] xf;
  logic [383:0] tx_uvw;
  logic [511:0] tx_res;
  logic         ld_tex;
  for (genvar l = 0; l < 4; l++) begin : g_lane
    localparam int LOX = l & 2, LOY = l & 1;
    logic [127:0] dhi, dlo;
    assign dlo = op == nvfp_pkg::OP_DDY ? a0[LOY] : a0[LOX];
    assign dhi = op == nvfp_pkg::OP_DDY ? a0[LOY + 2] : a0[LOX + 1];
    nvfp_lane u_lane (.op(op), .xprec(xprec), .dprec(dprec), .frc_clamp(frc_clamp), .sv(sv[l]),
                      .sfmt(sfmt[l]), .swz(s_swz), .neg(s_neg), .dhi(dhi), .dlo(dlo),
                      .tx(trop ? tr_res[128*l +: 128] : tx_res[128*l +: 128]), .a0(a0[l]), .xs0(x0[l]),
                      .f0(f0[l]), .out(res[l]), .ncc(ncc[l]));
    assign xb[128*l +: 128] = x0[l];
    assign xa[128*l +: 128] = a0[l];
    assign xf[32*l +: 32] = f0[l];
  end

  // ---- transcendental unit (RCP, RSQ, EXP, LOG, LIT): started with source 0
  // of the four pixels in the execution format, its images and the floor of
  // x; the instruction retires when it is done (tx_have, shared with the
  // texture unit: one of them runs at a time)
  assign trop = op == nvfp_pkg::OP_RCP || op == nvfp_pkg::OP_RSQ || op == nvfp_pkg::OP_EXP ||
                op == nvfp_pkg::OP_LOG || op == nvfp_pkg::OP_LIT;
  nvfp_trans u_trans (.clk(clk), .rst_n(rst_n), .start(tr_start), .op(op), .hx(xprec == nvfp_pkg::PR_H),
                      .xb(xb), .xa(xa), .xf(xf), .busy(tr_busy), .done(tr_done), .res(tr_res));

  // ---- texture unit (TEX, TXP, TXD): started with the instruction's
  // coordinates (source 0 at fp32 after swizzle and negate: x, y, w), the
  // instruction retires when it is done (tx_have) or faults when it is bad
  assign texop = op == nvfp_pkg::OP_TEX || op == nvfp_pkg::OP_TXP || op == nvfp_pkg::OP_TXD;
  assign ld_tex = ld_we && !running && ld_sel == 3'd7 && ld_addr[15:6] == 10'd1;
  always_comb
    for (int l = 0; l < 4; l++) tx_uvw[96*l +: 96] = {a0[l][127:96], a0[l][63:32], a0[l][31:0]};
  nvfp_tex u_tex (.clk(clk), .rst_n(rst_n), .dl_we(ld_tex), .dl_addr(ld_addr[5:0]), .dl_data(ld_data),
                  .start(tx_start), .proj(op == nvfp_pkg::OP_TXP), .tid(tid), .uvw(tx_uvw), .busy(tx_busy),
                  .done(tx_done), .bad(tx_bad), .res(tx_res), .tm_re(tm_re), .tm_line(tm_line),
                  .tm_rdata(tm_rdata));

  // ---- destination: chunk, the words a component writes
  logic [2:0] dch;
  assign dch = dprec == nvfp_pkg::PR_R ? dreg[2:0] : dreg[3:1];
  function automatic logic [1:0] wsel(input logic [1:0] dp, input logic dr0, input logic [1:0] j);
    wsel = dp == nvfp_pkg::PR_R ? j : {dr0, j[1]};
  endfunction
  logic        wreg;          // the instruction writes registers (not NOP/KIL, not RC)
  assign wreg = !nodst && !ccdst;

  // the chunk words after the write, per pixel; the bits written over the pixels
  logic [31:0]  nwv [4][4];      // lane, word
  logic [3:0]   wen [4];         // lane: words written
  logic [127:0] wball;
  always_comb begin
    wball = 128'd0;
    for (int l = 0; l < 4; l++) begin
      wen[l] = 4'd0;
      for (int i = 0; i < 4; i++) nwv[l][i] = rf[dch][i][l];
      for (int j = 0; j < 4; j++) begin
        logic [1:0]  wi;
        logic [31:0] r;
        wi = 2'd0; r = 32'd0;
        if (wreg && mask[l][j]) begin
            wi = wsel(dprec, dreg[0], j[1:0]);
            r = res[l][32*j +: 32];
            if (dprec == nvfp_pkg::PR_R) begin
              nwv[l][wi] = r; wball[32*wi +: 32] = 32'hffffffff;
            end else if (j[0]) begin
              nwv[l][wi][31:16] = r[15:0]; wball[32*wi + 16 +: 16] = 16'hffff;
            end else begin
              nwv[l][wi][15:0] = r[15:0]; wball[32*wi +: 16] = 16'hffff;
            end
            wen[l][wi] = 1'b1;
        end
      end
    end
  end

  logic ok, go, fault_now;
  assign ok = running && !pc_bad && !trunc && !illegal && !unsup;
  assign tx_start = ok && texop && !tx_busy && !tx_have && !tx_done;
  assign tr_start = ok && trop && !tr_busy && !tx_have && !tr_done;
  assign go = ok && (!(texop || trop) || tx_have);
  assign fault_now = running && (!ok || tx_bad);

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      running <= 1'b0; done <= 1'b0; fault <= 1'b0; fault_pc <= 32'd0; fault_why <= 4'd0;
      base <= 32'd0; nwords <= 32'd0; pc <= 32'd0;
      frc_clamp <= 1'b1; kil_stop <= 1'b0;
      kill <= 4'd0; tx_have <= 1'b0;
      for (int c = 0; c < 8; c++) for (int l = 0; l < 4; l++) begin
        fmt[c][l] <= nvfp_pkg::PR_R;
        for (int i = 0; i < 4; i++) rf[c][i][l] <= 32'd0;
      end
      for (int j = 0; j < 4; j++) for (int l = 0; l < 4; l++) ccr[j][l] <= nvfp_pkg::CC_EQ;
      for (int n = 0; n < 12; n++) for (int j = 0; j < 4; j++) for (int l = 0; l < 4; l++) pin[n][j][l] <= 32'd0;
      for (int n = 0; n < 32; n++) for (int j = 0; j < 4; j++) cin[n][j] <= 32'd0;
      rt_valid <= 1'b0; rt_pc <= 32'd0; rt_words <= 128'd0; rt_end <= 1'b0;
      rt_rw_en <= 4'd0; rt_rw_idx <= 20'd0; rt_rw_bits <= 128'd0; rt_rw_lanes <= 16'd0; rt_rw_val <= 512'd0;
      rt_fmt_en <= 1'b0; rt_fmt_idx <= 3'd0; rt_fmt_lanes <= 4'd0; rt_fmt_val <= 2'd0;
      rt_cc_en <= 4'd0; rt_cc_lanes <= 16'd0; rt_cc_val <= 32'd0;
      rt_kill_en <= 1'b0; rt_kill_lanes <= 4'd0;
    end else begin
      rt_valid <= 1'b0;
      if (ld_we && !running) begin
        case (ld_sel)
          3'd0: begin
            if ({16'd0, ld_addr} < NW) imem[ld_addr[$clog2(NW)-1:0]] <= ld_data;
            if ({16'd0, ld_addr} >= nwords) nwords <= {16'd0, ld_addr} + 32'd1;
          end
          3'd1: rf[ld_addr[4:2]][ld_addr[1:0]][ld_addr[6:5]] <= ld_data;
          3'd2: if (ld_addr[5:0] < 6'd48) pin[ld_addr[5:2]][ld_addr[1:0]][ld_addr[7:6]] <= ld_data;
          3'd3: cin[ld_addr[6:2]][ld_addr[1:0]] <= ld_data;
          3'd4: fmt[ld_addr[2:0]][ld_addr[4:3]] <= ld_data[1:0];
          3'd5: ccr[ld_addr[1:0]][ld_addr[3:2]] <= ld_data[1:0];
          3'd6: kill[ld_addr[1:0]] <= ld_data[0];
          default:
            // 0-2 ctrl registers; 64-127 the texture descriptors (nvfp_tex)
            if (ld_addr[15:6] == 10'd0)
              case (ld_addr[1:0])
                2'd0: base <= ld_data;
                2'd1: frc_clamp <= ld_data[0];
                2'd2: kil_stop <= ld_data[0];
                default: ;
              endcase
        endcase
      end
      if (start && !running && !done && !fault) begin
        running <= 1'b1;
        pc <= base;
      end
      if (fault_now) begin
        running <= 1'b0; fault <= 1'b1; fault_pc <= pc;
        fault_why <= pc_bad ? nvfp_pkg::WHY_PC : illegal || trunc ? nvfp_pkg::WHY_ILLEGAL :
                     unsup ? nvfp_pkg::WHY_OP : nvfp_pkg::WHY_TEX;
      end
      if (tx_done || tr_done) tx_have <= 1'b1;
      if (go) tx_have <= 1'b0;
      if (go) begin
        // retire header
        rt_valid <= 1'b1; rt_pc <= pc; rt_words <= iw;
        rt_end <= pc + 32'd16 >= endp;
        pc <= pc + 32'd16;
        if (pc + 32'd16 >= endp) begin running <= 1'b0; done <= 1'b1; end
        rt_rw_en <= 4'd0; rt_rw_bits <= 128'd0; rt_rw_lanes <= 16'd0;
        rt_fmt_en <= 1'b0; rt_fmt_lanes <= 4'd0; rt_fmt_idx <= dch; rt_fmt_val <= dprec;
        rt_cc_en <= 4'd0; rt_cc_lanes <= 16'd0;
        rt_kill_en <= |kilnow; rt_kill_lanes <= kilnow;
        for (int u = 0; u < 4; u++) rt_rw_idx[5*u +: 5] <= {dch, u[1:0]};
        for (int l = 0; l < 4; l++) begin
          if (kilnow[l]) kill[l] <= 1'b1;
          if (wreg && mask[l] != 4'd0) begin
            fmt[dch][l] <= dprec;
            rt_fmt_en <= 1'b1;
            rt_fmt_lanes[l] <= 1'b1;
          end
          for (int i = 0; i < 4; i++) begin
            rf[dch][i][l] <= nwv[l][i];
            rt_rw_val[32*(4*i + l) +: 32] <= nwv[l][i];
            if (wen[l][i]) begin
              rt_rw_en[i] <= 1'b1;
              rt_rw_lanes[4*i + l] <= 1'b1;
            end
          end
          if (d_cc && !nodst)
            for (int j = 0; j < 4; j++) begin
              rt_cc_val[2*(4*j + l) +: 2] <= ncc[l][2*j +: 2];
              if (mask[l][j]) begin
                ccr[j][l] <= ncc[l][2*j +: 2];
                rt_cc_en[j] <= 1'b1;
                rt_cc_lanes[4*j + l] <= 1'b1;
              end
            end
        end
        rt_rw_bits <= wball;
      end
    end
  end

  logic unused_c;
  assign unused_c = ^{nsrc};          // the fetch reads all three sources (nsrc)
endmodule
