// nvfp_decode.sv - one instruction of the project encoding v1
// (model/nvfp/README.md "Encoding"): the fields of word 0 and of the three
// source words, and the legality rules of model/nvfp/nvfp_desc.c
// (nvfp_check_insn): every word the model's decoder rejects is `illegal`.
// `unsup` marks a legal instruction the core does not execute yet.
// Combinational.
`include "rtl/nvfp/nvfp_pkg.sv"
module nvfp_decode (
    input  logic [127:0] w,          // word 0 in bits 31:0 .. word 3 in 127:96
    output logic [4:0]   op,
    output logic         cc,         // update the condition codes
    output logic [1:0]   dprec,      // destination precision
    output logic         ccdst,      // RC/HC/IC: the CC is the only destination
    output logic [3:0]   dreg,
    output logic [3:0]   wmask,      // bit 0 = x
    output logic [2:0]   cctest,
    output logic [7:0]   ccswz,
    output logic [3:0]   tid,
    output logic [5:0]   s_type,     // per source k: bits 2k+1:2k
    output logic [5:0]   s_prec,
    output logic [14:0]  s_index,    // 5 bits each
    output logic [23:0]  s_swz,      // 8 bits each
    output logic [2:0]   s_neg,
    output logic [1:0]   nsrc,       // sources the mnemonic reads
    output logic [1:0]   xprec,      // execution precision of the sources (D: dprec; F, W: R)
    output logic         nodst,      // NOP, KIL
    output logic         illegal,
    output logic         unsup
);
  logic [31:0] w0;
  assign w0 = w[31:0];
  assign op     = w0[4:0];
  assign cc     = w0[5];
  assign dprec  = w0[7:6];
  assign ccdst  = w0[8];
  assign dreg   = w0[12:9];
  assign wmask  = w0[16:13];
  assign cctest = w0[19:17];
  assign ccswz  = w0[27:20];
  assign tid    = w0[31:28];

  // the rows of nvfp.def: operand count, source precision class, flags
  logic texid, ccsrc, rdst, srcw, srcf;
  always_comb begin
    nsrc = 2'd0; texid = 1'b0; nodst = 1'b0; ccsrc = 1'b0; rdst = 1'b0; srcw = 1'b0; srcf = 1'b0;
    case (op)
      nvfp_pkg::OP_NOP: nodst = 1'b1;
      nvfp_pkg::OP_TEX, nvfp_pkg::OP_TXP: begin nsrc = 2'd1; texid = 1'b1; srcf = 1'b1; end
      nvfp_pkg::OP_TXD: begin nsrc = 2'd3; texid = 1'b1; srcf = 1'b1; end
      nvfp_pkg::OP_MUL, nvfp_pkg::OP_ADD, nvfp_pkg::OP_DP3, nvfp_pkg::OP_DP4, nvfp_pkg::OP_DST,
      nvfp_pkg::OP_MIN, nvfp_pkg::OP_MAX, nvfp_pkg::OP_SLT, nvfp_pkg::OP_SGE: nsrc = 2'd2;
      nvfp_pkg::OP_MAD: nsrc = 2'd3;
      nvfp_pkg::OP_PK2, nvfp_pkg::OP_PK4: begin nsrc = 2'd1; rdst = 1'b1; srcf = 1'b1; end
      nvfp_pkg::OP_UP2, nvfp_pkg::OP_UP4: begin nsrc = 2'd1; srcw = 1'b1; end
      nvfp_pkg::OP_KIL: begin nodst = 1'b1; ccsrc = 1'b1; end
      nvfp_pkg::OP_DDX, nvfp_pkg::OP_DDY, nvfp_pkg::OP_MOV, nvfp_pkg::OP_RCP, nvfp_pkg::OP_RSQ,
      nvfp_pkg::OP_FLR, nvfp_pkg::OP_FRC, nvfp_pkg::OP_EXP, nvfp_pkg::OP_LOG, nvfp_pkg::OP_LIT: nsrc = 2'd1;
      default: nsrc = 2'd0;   // 29-31: not defined (illegal)
    endcase
  end
  assign xprec = (srcf || srcw) ? nvfp_pkg::PR_R : dprec;

  function automatic logic [4:0] nreg(input logic [1:0] prec);
    nreg = prec == nvfp_pkg::PR_H ? 5'd16 : 5'd8;
  endfunction

  logic bad_src;
  always_comb begin
    bad_src = 1'b0;
    for (int k = 0; k < 3; k++) begin
      logic [31:0] s;
      logic [4:0]  lim;
      s = w[32*(k + 1) +: 32];
      s_type[2*k +: 2]  = s[1:0];
      s_prec[2*k +: 2]  = s[3:2];
      s_index[5*k +: 5] = s[8:4];
      s_swz[8*k +: 8]   = s[16:9];
      s_neg[k]          = s[17];
      lim = s[1:0] == nvfp_pkg::ST_REG ? nreg(s[3:2]) : s[1:0] == nvfp_pkg::ST_P ? 5'd12 : 5'd31;
      if (s[31:18] != 14'd0) bad_src = 1'b1;
      if (k >= {30'd0, nsrc}) begin
        if (s[17:0] != 18'd0) bad_src = 1'b1;
      end else begin
        if (s[1:0] == nvfp_pkg::ST_NONE) bad_src = 1'b1;
        if (s[3:2] == 2'd3 || (s[1:0] != nvfp_pkg::ST_REG && s[3:2] != 2'd0)) bad_src = 1'b1;
        // c[] takes 0..31: its limit is written as 31 inclusive
        if (s[1:0] == nvfp_pkg::ST_C ? s[8:4] > lim : s[8:4] >= lim) bad_src = 1'b1;
        if (srcw && s[1:0] == nvfp_pkg::ST_REG && s[3:2] != nvfp_pkg::PR_R) bad_src = 1'b1;
      end
    end
  end

  always_comb begin
    illegal = bad_src;
    if ({27'd0, op} >= nvfp_pkg::NOPS) illegal = 1'b1;
    if (dprec == 2'd3) illegal = 1'b1;
    if (nodst) begin
      if (cc || dprec != 2'd0 || ccdst || dreg != 4'd0 || wmask != 4'd0) illegal = 1'b1;
      if (!ccsrc && (cctest != 3'd0 || ccswz != 8'd0)) illegal = 1'b1;
    end else begin
      if (wmask == 4'd0) illegal = 1'b1;
      if (ccdst && dreg != 4'd0) illegal = 1'b1;
      if (ccdst && !cc) illegal = 1'b1;
      if (!ccdst && dprec != 2'd3 && {1'b0, dreg} >= nreg(dprec)) illegal = 1'b1;
      if (rdst && dprec != nvfp_pkg::PR_R) illegal = 1'b1;
    end
    if (!texid && tid != 4'd0) illegal = 1'b1;
  end

  // executed: every row (the ALU rows, KIL, PK2, PK4, UP2, UP4, DDX, DDY, TEX, TXP, TXD,
  // RCP, RSQ, EXP, LOG, LIT); `unsup` stays for a later encoding's rows
  always_comb begin
    case (op)
      nvfp_pkg::OP_NOP, nvfp_pkg::OP_MOV, nvfp_pkg::OP_MUL, nvfp_pkg::OP_ADD, nvfp_pkg::OP_MAD,
      nvfp_pkg::OP_DP3, nvfp_pkg::OP_DP4, nvfp_pkg::OP_DST, nvfp_pkg::OP_MIN, nvfp_pkg::OP_MAX,
      nvfp_pkg::OP_SLT, nvfp_pkg::OP_SGE, nvfp_pkg::OP_FLR, nvfp_pkg::OP_FRC, nvfp_pkg::OP_KIL,
      nvfp_pkg::OP_PK2, nvfp_pkg::OP_PK4, nvfp_pkg::OP_UP2, nvfp_pkg::OP_UP4, nvfp_pkg::OP_DDX, nvfp_pkg::OP_DDY,
      nvfp_pkg::OP_TEX, nvfp_pkg::OP_TXP, nvfp_pkg::OP_TXD,
      nvfp_pkg::OP_RCP, nvfp_pkg::OP_RSQ, nvfp_pkg::OP_EXP, nvfp_pkg::OP_LOG, nvfp_pkg::OP_LIT: unsup = 1'b0;
      default: unsup = 1'b1;
    endcase
  end
endmodule
