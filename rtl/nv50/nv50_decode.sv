// nv50_decode.sv - strict decoder of one NV50 instruction (combinational).
//
// Formats (isa.rst "Instruction format", decision D3):
//   w0[1:0] = 0 short normal, 2 short control (1 word)
//   w0[1:0] = 1 long: w1[1:0] = 0 normal, 1 normal+exit, 2 normal+join, 3 immediate
//   w0[1:0] = 3 long control
// Field positions: isa.rst "Other fields", envydis/g80.c for the ones isa.rst
// leaves out (model/nv50/README.md "Facts taken from envytools' disassembler").
//
// Strictness (decisions D4, D36, D37): for every instruction the decoder builds
// the set of bits that carry meaning (al0/al1); a word with any other bit set,
// or with a reserved value in a meaningful field, is illegal, except the bits
// G80 ignores (dc0/dc1: the NV50_DC masks of model/nv50/nv50.def) and the
// long mul-add alias (primary 7, w1[31:29] != 0: u24), which decode as the
// canonical instruction unless STRICT = 1 (the model's config strict=1).  Loads/stores, textures,
// interpolation, vote and the like decode as unimplemented.  Both make
// d.fault = 1.  The float, SFU and cvt rows (model/nv50/nv50.def section 5,
// facts from envydis/g80.c) decode exactly as the model's rows: the fields a row
// owns are its template's, every other bit must be 0.
//
// The decisions cited as Dnn are those of model/nv50/README.md.
//
// Optional defines, alternatives to contract decisions (off by default; they
// break lockstep with the model, see rtl/nv50/README.md):
//   NV50_PI_UNSIGNED      unsigned post-increment amounts (D21: signed)
module nv50_decode #(
  parameter bit STRICT = 1'b0
) (
  input  logic [31:0]      w0,
  input  logic [31:0]      w1,
  input  logic             rm_ill,  // rounding code 1 (rm) of long fadd/fmul is illegal
                                    // (model config fadd_fmul_rm=reserved; cfg[2] bit 2)
  output nv50_pkg::dec_t   d
);
  localparam logic [4:0] C_NOP    = nv50_pkg::C_NOP;
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
  localparam logic [4:0] C_CTRL   = nv50_pkg::C_CTRL;
  localparam logic [4:0] C_FADD   = nv50_pkg::C_FADD;
  localparam logic [4:0] C_FMUL   = nv50_pkg::C_FMUL;
  localparam logic [4:0] C_FMAD   = nv50_pkg::C_FMAD;
  localparam logic [4:0] C_FSET   = nv50_pkg::C_FSET;
  localparam logic [4:0] C_FMNMX  = nv50_pkg::C_FMNMX;
  localparam logic [4:0] C_FSLCT  = nv50_pkg::C_FSLCT;
  localparam logic [4:0] C_SFU    = nv50_pkg::C_SFU;
  localparam logic [4:0] C_CVT    = nv50_pkg::C_CVT;
  localparam logic [2:0] CV_I8    = nv50_pkg::CV_I8;
  localparam logic [2:0] CV_I16   = nv50_pkg::CV_I16;
  localparam logic [2:0] CV_I32   = nv50_pkg::CV_I32;
  localparam logic [2:0] CV_F16   = nv50_pkg::CV_F16;
  localparam logic [2:0] CV_F32   = nv50_pkg::CV_F32;
  localparam logic [2:0] S_REG    = nv50_pkg::S_REG;
  localparam logic [2:0] S_SHARED = nv50_pkg::S_SHARED;
  localparam logic [2:0] S_CONST  = nv50_pkg::S_CONST;
  localparam logic [2:0] S_IMM    = nv50_pkg::S_IMM;
  localparam logic [2:0] D_R32    = nv50_pkg::D_R32;
  localparam logic [2:0] D_R16    = nv50_pkg::D_R16;
  localparam logic [2:0] D_O32    = nv50_pkg::D_O32;
  localparam logic [2:0] D_O16    = nv50_pkg::D_O16;
  localparam logic [2:0] D_DISC   = nv50_pkg::D_DISC;
  localparam logic [2:0] D_A      = nv50_pkg::D_A;

  // ------------------------------------------------------------ helpers
  // Scaled memory offset: field * factor; a post-increment field is signed
  // (envydis *pi_imm fields are RBF_SIGNED) unless NV50_PI_UNSIGNED.
  function automatic logic [15:0] moff(input logic [6:0] field, input logic [2:0] nbits,
                                       input logic [2:0] fac, input logic pi);
    logic [15:0] v;
    logic        s;
    v = {9'd0, field};
    case (nbits)
      3'd4:    begin v = {12'd0, field[3:0]}; s = field[3]; end
      3'd5:    begin v = {11'd0, field[4:0]}; s = field[4]; end
      default: begin v = {9'd0, field};       s = field[6]; end
    endcase
`ifdef NV50_PI_UNSIGNED
    s = 1'b0;
`endif
    if (pi && s) begin
      case (nbits)
        3'd4:    v = v | 16'hfff0;
        3'd5:    v = v | 16'hffe0;
        default: v = v | 16'hff80;
      endcase
    end
    case (fac)
      3'd1:    moff = v;
      3'd2:    moff = {v[14:0], 1'b0};
      default: moff = {v[13:0], 2'b00};
    endcase
  endfunction

  // access size factor of an s[] mode: u8 1, u16/s16 2, b32 4
  function automatic logic [2:0] sfac(input logic [1:0] mode);
    case (mode)
      2'd0:    sfac = 3'd1;
      2'd3:    sfac = 3'd4;
      default: sfac = 3'd2;
    endcase
  endfunction

  // ------------------------------------------------------------ decoding
  logic [31:0] al0, al1;      // bits that carry meaning in w0 / w1
  logic [31:0] dc0, dc1;      // bits the hardware ignores (D36)
  logic        ill, unimp;
  logic [3:0]  op;
  logic [2:0]  op2;
  logic        h;             // 16-bit source width of the current instruction
  logic        sh1;           // src1 is an s[] operand (takes $a and the post-increment)
  logic        mem_a;         // some operand may use the $a / post-increment fields
  logic        uses_cond;     // COND is an operand (its $c field is meaningful)
  logic        pi_any;
  logic [2:0]  pi_idx;
  logic [2:0]  laidx;         // long $a field
  logic [3:0]  madv;
  logic        shsel;
  logic        imm_f;         // long immediate form
  logic        c16;           // 16-bit third input (long sad u16/s16)
  logic        fl;            // long float/SFU/cvt row (operands by the flags below)
  logic        r1only;        // src1 is a register only (R1: SFU, cvt u8/s8 register)
  logic        bytesrc;       // cvt u8/s8 half source: an s[] operand must be u8
  logic        fh;            // cvt: 16-bit source (S1H)
  logic        fb2;           // second input from the src2 field (S2)
  logic        fb3;           // second input from the src3 field (fadd: S3)
  logic        fc3;           // third input from the src3 field (S3)
  logic        frdh;          // cvt u8/s8 high-half destination: 7-bit half register, no o[]
  logic        fmcd;          // optional $c destination (MCD)

  always_comb begin
    d         = '0;
    al0       = 32'd0;
    al1       = 32'd0;
    dc0       = 32'd0;
    dc1       = 32'd0;
    ill       = 1'b0;
    unimp     = 1'b0;
    op        = w0[31:28];
    op2       = w1[31:29];
    h         = 1'b0;
    sh1       = 1'b0;
    mem_a     = 1'b0;
    uses_cond = 1'b0;
    pi_any    = 1'b0;
    pi_idx    = 3'd0;
    laidx     = {w1[2], w0[27:26]};
    madv      = 4'd0;
    shsel     = 1'b0;
    imm_f     = 1'b0;
    c16       = 1'b0;
    fl        = 1'b0;
    r1only    = 1'b0;
    bytesrc   = 1'b0;
    fh        = 1'b0;
    fb2       = 1'b0;
    fb3       = 1'b0;
    fc3       = 1'b0;
    frdh      = 1'b0;
    fmcd      = 1'b0;
    d.cls     = C_NOP;
    d.dkind   = nv50_pkg::D_NONE;
    d.a.kind  = nv50_pkg::S_NONE;
    d.b.kind  = nv50_pkg::S_NONE;
    d.c.kind  = nv50_pkg::S_NONE;
    d.lanemask = 4'hf;

    if (w0[1:0] == 2'b00 || (w0[1:0] == 2'b01 && w1[1:0] == 2'b11)) begin
      // ======================================== short normal / long immediate
      // Common layout: dst w0[7:2], mod1 w0[8], src1 w0[14:9], mod2 w0[15],
      // src2 w0[21:16] (imm: low 6 immediate bits), mod3 w0[22],
      // src2 type w0[23] (short only), src1 type w0[24], post-increment w0[25],
      // $a w0[27:26], opcode w0[31:28].  Immediate: w1[27:2] high 26 bits,
      // w1[28] unused, w1[31:29] 0.
      imm_f = w0[0];
      d.long_i = imm_f;
      al0 = 32'hf000_0003;
      al1 = 32'hffff_ffff;            // short: w1 is not part of the instruction
      if (imm_f) begin
        al1 = 32'h0fff_ffff;          // w1[28] unused, w1[31:29] = 0
        if (w1[31:29] != 3'd0) ill = 1'b1;
      end
      d.cond_c = 2'd0;                // short/imm addc and mad use $c0
      case (op)
        4'h1: begin d.cls = C_MOV;  d.b32 = w0[15]; al0[15] = 1'b1; end
        4'h2, 4'h3: begin
          d.cls = C_ADD; d.b32 = w0[15]; d.sat = w0[8]; d.aop = {w0[28], w0[22]};
          al0[15] = 1'b1; al0[8] = 1'b1; al0[22] = 1'b1;
        end
        4'h4: begin
          d.cls = C_MUL; d.mul24 = w0[22]; al0[22] = 1'b1; al0[15] = 1'b1; al0[8] = 1'b1;
          d.b32 = 1'b1;
          if (w0[22]) begin d.high = w0[8]; d.sgn = w0[15]; end
          else begin d.s1sgn = w0[15]; d.s2sgn = w0[8]; end
        end
        4'h5: begin
          if (imm_f) ill = 1'b1;
          d.cls = C_SAD; d.b32 = w0[15]; d.sgn = w0[8]; al0[15] = 1'b1; al0[8] = 1'b1;
        end
        4'h6, 4'h7: begin
          // (S2,S1) = 00 u16, 01 s16, 10 sat s16, 11 u24; (S4,S3) = add op
          d.cls = C_MAD; d.aop = {w0[28], w0[22]}; d.b32 = 1'b1;
          al0[8] = 1'b1; al0[15] = 1'b1; al0[22] = 1'b1;
          madv  = {2'b00, w0[15], w0[8]};
        end
        4'hd: begin
          if (!imm_f) ill = 1'b1;
          d.cls = C_LOGIC; d.b32 = 1'b1; d.lop = {w0[15], w0[8]}; d.not1 = w0[22];
          al0[8] = 1'b1; al0[15] = 1'b1; al0[22] = 1'b1;
        end
        4'h9: begin
          // rcp f32 DST [neg] [abs] SRC (short only): neg w0[22], abs w0[15], register
          if (imm_f) ill = 1'b1;
          d.cls = C_SFU; d.sfop = nv50_pkg::SF_RCP; d.b32 = 1'b1;
          d.neg1 = w0[22]; d.abs1 = w0[15]; al0[22] = 1'b1; al0[15] = 1'b1;
        end
        4'hb, 4'hc, 4'he: begin
          // fadd, fmul, fmad: sat w0[8], neg src1 w0[15], neg src2 (fmad: src3) w0[22]
          d.cls  = (op == 4'hb) ? C_FADD : (op == 4'hc) ? C_FMUL : C_FMAD;
          d.b32  = 1'b1; d.sat = w0[8]; d.neg1 = w0[15]; d.neg2 = w0[22];
          al0[8] = 1'b1; al0[15] = 1'b1; al0[22] = 1'b1;
        end
        4'h8, 4'hf: if (imm_f) ill = 1'b1; else unimp = 1'b1;  // interp, tex
        default: ill = 1'b1;
      endcase
      if (d.cls == C_MAD) begin
        d.mul24 = (madv == 4'd3);
        d.sgn   = (madv == 4'd1) || (madv == 4'd2);
        d.sat   = (madv == 4'd2);
      end
      // operand widths: 16-bit sources for b16 ops and 16-bit multiplies
      h = ((d.cls == C_MOV || d.cls == C_ADD || d.cls == C_SAD) && !d.b32) ||
          ((d.cls == C_MUL || d.cls == C_MAD) && !d.mul24);
      // ---- destination
      if (d.cls == C_MOV && imm_f) begin
        // mov immediate takes the 7-bit destination (envydis: "LDST. special case")
        al0[8:2] = 7'h7f;
        if (d.b32) begin d.dkind = D_R32; d.didx = w0[8:2]; end
        else begin d.dkind = D_R16; d.didx = {1'b0, w0[8:3]}; d.dhi = w0[2]; end
      end else begin
        al0[7:2] = 6'h3f;
        if ((d.cls == C_MOV || d.cls == C_ADD) && !d.b32) begin
          d.dkind = D_R16; d.didx = {2'b00, w0[7:3]}; d.dhi = w0[2];
        end else begin
          d.dkind = D_R32; d.didx = {1'b0, w0[7:2]};
        end
      end
      // ---- src1 (not used by mov immediate)
      if (!(d.cls == C_MOV && imm_f)) begin
        al0[14:9] = 6'h3f;
        if (d.cls != C_SFU) al0[24] = 1'b1;             // rcp: register only
        d.a.w16   = h;
        if (w0[24] && d.cls != C_SFU) begin
          sh1 = 1'b1;
          d.a.kind = S_SHARED;
          d.a.mode = w0[14:13];
          d.a.aidx = {1'b0, w0[27:26]};
          d.a.off  = w0[25] ? 16'd0 : moff({3'd0, w0[12:9]}, 3'd4, sfac(w0[14:13]), 1'b0);
          if (w0[25]) begin
            pi_any = 1'b1; pi_idx = {1'b0, w0[27:26]};
            d.pi_amt = moff({3'd0, w0[12:9]}, 3'd4, sfac(w0[14:13]), 1'b1);
          end
          if (h && w0[14:13] == 2'd3) ill = 1'b1;          // b32 into a 16-bit source
          mem_a = 1'b1;
        end else begin
          d.a.kind = S_REG;
          if (h) begin d.a.idx = {2'b00, w0[14:10]}; d.a.hi = w0[9]; end
          else d.a.idx = {1'b0, w0[14:9]};
        end
      end
      // ---- mov immediate: the immediate is the source
      if (d.cls == C_MOV && imm_f) begin
        d.a.kind   = S_IMM;
        d.a.imm    = {w1[27:2], w0[21:16]};
        al0[21:16] = 6'h3f;
      end
      // ---- second input: immediate, or short src2 / c[]
      if (d.cls != C_MOV && d.cls != C_SFU) begin
        d.b.w16 = h;
        if (imm_f) begin
          d.b.kind = S_IMM;
          d.b.imm  = {w1[27:2], w0[21:16]};
          al0[21:16] = 6'h3f;
        end else begin
          al0[21:16] = 6'h3f;
          al0[23]    = 1'b1;
          if (w0[23]) begin
            if (w0[24]) ill = 1'b1;                        // s[] and c[] together
            d.b.kind = S_CONST;
            d.b.bank = {3'd0, w0[21]};
            d.b.aidx = {1'b0, w0[27:26]};
            d.b.off  = w0[25] ? 16'd0 : moff({2'd0, w0[20:16]}, 3'd5, (h ? 3'd2 : 3'd4), 1'b0);
            if (w0[25]) begin
              pi_any = 1'b1; pi_idx = {1'b0, w0[27:26]};
              d.pi_amt = moff({2'd0, w0[20:16]}, 3'd5, (h ? 3'd2 : 3'd4), 1'b1);
            end
            mem_a = 1'b1;
          end else begin
            d.b.kind = S_REG;
            if (h) begin d.b.idx = {2'b00, w0[21:17]}; d.b.hi = w0[16]; end
            else d.b.idx = {1'b0, w0[21:16]};
          end
        end
      end
      // ---- third input of mad/sad/fmad: the destination register
      if (d.cls == C_MAD || d.cls == C_SAD || d.cls == C_FMAD) begin
        d.c.kind = S_REG; d.c.idx = {1'b0, w0[7:2]};
      end
      if (mem_a) begin al0[27:25] = 3'b111; end
      // D14: the immediate of a 16-bit operation must fit 16 bits (imm[31:16] =
      // w1[27:12] are unused bits): mov/add-family b16, mul u16/s16, mad u16/s16;
      // G80 ignores them (D36)
      if (imm_f && h) begin
        al1[27:12] = 16'h0000; dc1[27:12] = 16'hffff;
        d.b.imm[31:16] = 16'd0;
        if (d.cls == C_MOV) d.a.imm[31:16] = 16'd0;
      end
      // D36: $a/post-increment w0[27:25] without a memory operand, w1[28] of the
      // immediate form, w0[22] of short sad
      if (d.cls == C_ADD || d.cls == C_MUL || d.cls == C_MAD || d.cls == C_SAD ||
          d.cls == C_LOGIC) begin
        dc0[27:25] = 3'b111;
        if (imm_f) dc1[28] = 1'b1;
        if (d.cls == C_SAD) dc0[22] = 1'b1;
      end

    end else if (w0[1:0] == 2'b10) begin
      // ======================================== short control
      al0 = 32'hf000_0003;
      al1 = 32'hffff_ffff;
      d.cls = C_CTRL;
      case (op)
        4'h9: d.ctrl = nv50_pkg::K_TRAP;
        4'hb: d.ctrl = nv50_pkg::K_BRKPT;
        default: ill = 1'b1;
      endcase

    end else if (w0[1:0] == 2'b01) begin
      // ======================================== long normal
      // w0: dst [8:2], src1 [15:9], src2 [22:16], src2 type 23, src3 type 24,
      //     post-increment 25, $a low [27:26], opcode [31:28]
      // w1: join/exit [1:0], $a high 2, dst type 3, $c dst [5:4], $c enable 6,
      //     predicate [11:7], $c src [13:12], src3 [20:14], src1 type 21,
      //     c[] bank [25:22], mod1 26, mod2 27, unused 28, secondary [31:29]
      d.long_i  = 1'b1;
      al0       = 32'hf000_0003;
      al1       = 32'he000_0f83;      // secondary opcode, join/exit, predicate
      d.pred_en = 1'b1;
      d.pred    = w1[11:7];
      d.pred_c  = w1[13:12];
      d.cond_c  = w1[13:12];
      d.exit_m  = (w1[1:0] == 2'd1);   // D3 (hwtest programs end with f0000001 e0000781)
      d.join_m  = (w1[1:0] == 2'd2);
      if (!nv50_pkg::pred_legal(w1[11:7])) ill = 1'b1;
      sh1 = w1[21];
      // ---- operation
      case ({op, op2})
        {4'h0, 3'd1}: begin d.cls = C_MOVC; uses_cond = 1'b1; end
        {4'h0, 3'd2}: begin d.cls = C_MOVA; d.asrc = laidx; al0[27:26] = 2'b11; al1[2] = 1'b1; end
        {4'h0, 3'd3}: begin
          d.cls = C_MOVSR; d.sreg = w1[17:14]; al1[17:14] = 4'hf;
          if (w1[17:14] > 4'd8) ill = 1'b1;
        end
        {4'h0, 3'd5}: begin
          // D16: the ignored $c write enable w1[6] is 1 in the canonical word;
          // G80 writes $c with either value (D36)
          d.cls = C_MOVTOC; d.cdst_en = 1'b1; d.cdst = w1[5:4]; al1[6:4] = 3'b111;
          if (!w1[6]) begin
            if (STRICT) ill = 1'b1;
          end
        end
        {4'h0, 3'd6}: begin
          d.cls = C_SHLA; d.offs = {12'd0, w0[19:16]}; al0[19:16] = 4'hf;
          al0[4:2] = 3'b111; d.dkind = D_A; d.didx = {4'd0, w0[4:2]};
          if (w0[4:2] > 3'd4) ill = 1'b1;              // D6; $a0: write dropped (D24)
        end
        {4'h1, 3'd0}: begin
          d.cls = C_MOV; d.b32 = w1[26]; al1[26] = 1'b1;
          d.lanemask = w1[17:14]; al1[17:14] = 4'hf;
        end
        {4'h2, 3'd0}, {4'h3, 3'd0}: begin
          d.cls = C_ADD; d.b32 = w1[26]; d.sat = w1[27]; d.aop = {w0[28], w0[22]};
          al1[27:26] = 2'b11; al0[22] = 1'b1;
          dc0[21:16] = 6'h3f;
          uses_cond = (d.aop == 2'd3);
        end
        {4'h3, 3'd3}: begin
          d.cls = C_SET; d.b32 = w1[26]; d.sgn = w1[27]; d.setc = w1[16:14];
          al1[27:26] = 2'b11; al1[16:14] = 3'b111;
          dc1[20:17] = 4'hf;
        end
        {4'h3, 3'd4}, {4'h3, 3'd5}: begin
          d.cls = C_MINMAX; d.ismin = op2[0]; d.b32 = w1[26]; d.sgn = w1[27];
          al1[27:26] = 2'b11;
          dc1[20:14] = 7'h7f;
        end
        {4'h3, 3'd6}, {4'h3, 3'd7}: begin
          // D12: w1[20] selects SHCNT; shl ignores the signedness bit w1[27]
          d.cls = C_SHIFT; d.shr = op2[0]; d.b32 = w1[26]; al1[26] = 1'b1;
          if (op2[0]) begin d.sgn = w1[27]; al1[27] = 1'b1; end
          else dc1[27] = 1'b1;
          shsel = w1[20]; al1[20] = 1'b1;
          d.shcnt_imm = shsel;
          dc1[19:14] = 6'h3f;
        end
        {4'h4, 3'd0}: begin
          d.cls = C_MUL; d.b32 = 1'b1; d.mul24 = w1[16]; al1[16:14] = 3'b111;
          dc1[27:26] = 2'b11; dc1[20:17] = 4'hf;
          if (w1[16]) begin d.high = w1[14]; d.sgn = w1[15]; end
          else begin d.s1sgn = w1[15]; d.s2sgn = w1[14]; end
        end
        {4'h5, 3'd0}: begin
          d.cls = C_SAD; d.b32 = w1[26]; d.sgn = w1[27]; al1[27:26] = 2'b11;
        end
        {4'h6, 3'd0}, {4'h6, 3'd1}, {4'h6, 3'd2}, {4'h6, 3'd3},
        {4'h6, 3'd4}, {4'h6, 3'd5}, {4'h6, 3'd6}, {4'h6, 3'd7}, {4'h7, 3'd0}: begin
          // variant O1:O2 = 0..8: u16 s16 sat-s16 u24 s24 sat-s24 high-u24 high-s24 sat-high-s24
          d.cls = C_MAD; d.b32 = 1'b1; d.aop = w1[27:26]; al1[27:26] = 2'b11;
          madv = {w0[28], op2};
          d.mul24 = (madv >= 4'd3);
          d.sgn   = (madv == 4'd1) || (madv == 4'd2) || (madv == 4'd4) || (madv == 4'd5) ||
                    (madv == 4'd7) || (madv == 4'd8);
          d.sat   = (madv == 4'd2) || (madv == 4'd5) || (madv == 4'd8);
          d.high  = (madv >= 4'd6);
          uses_cond = (d.aop == 2'd3);
        end
        {4'h7, 3'd1}, {4'h7, 3'd2}, {4'h7, 3'd3}, {4'h7, 3'd4}, {4'h7, 3'd5},
        {4'h7, 3'd6}, {4'h7, 3'd7}: begin
          // D37: primary 7 with w1[31:29] != 0 runs as u24 (hwtest imad 0x71-0x77)
          d.cls = C_MAD; d.b32 = 1'b1; d.aop = w1[27:26]; al1[27:26] = 2'b11;
          madv = 4'd3; d.mul24 = 1'b1;
          uses_cond = (d.aop == 2'd3);
          if (STRICT) ill = 1'b1;
        end
        {4'hd, 3'd0}: begin
          d.cls = C_LOGIC; d.b32 = w1[26]; d.lop = w1[15:14]; d.not1 = w1[16]; d.not2 = w1[17];
          al1[26] = 1'b1; al1[17:14] = 4'hf;
          dc1[27] = 1'b1; dc1[20:18] = 3'h7;
        end
        {4'hd, 3'd1}: begin
          d.cls = C_ADDA; d.asrc = laidx; d.offs = w0[24:9];
          al0[24:9] = 16'hffff; al0[27:26] = 2'b11; al1[2] = 1'b1;
          al0[4:2] = 3'b111; d.dkind = D_A; d.didx = {4'd0, w0[4:2]};
          if (w0[4:2] > 3'd4) ill = 1'b1;              // D6; $a0: write dropped (D24)
        end
        {4'hf, 3'd7}: begin
          if (w1[2]) unimp = 1'b1;                          // pmevent
          d.cls = C_NOP;
        end
        // ld a[], st o[], st s[], ld c[], ld s[], vote, interp, double, l[]/g[]
        // access and atomics, tex, emit/restart
        {4'h0, 3'd0}, {4'h0, 3'd4}, {4'h0, 3'd7},
        {4'h1, 3'd1}, {4'h1, 3'd2}, {4'h1, 3'd3}: unimp = 1'b1;
        default: begin
          case (op)
            // ---- SFU (nv50.def rcp_l ... ex2): secondary 0 rcp, 2 rsqrt, 3 lg2
            // (neg w1[26], abs w1[20]), 4 sin, 5 cos, 6 ex2; register source
            4'h9: begin
              fl = 1'b1; r1only = 1'b1; d.cls = C_SFU; d.b32 = 1'b1;
              case (op2)
                3'd0:    d.sfop = nv50_pkg::SF_RCP;
                3'd2:    d.sfop = nv50_pkg::SF_RSQ;
                3'd3:    d.sfop = nv50_pkg::SF_LG2;
                3'd4:    d.sfop = nv50_pkg::SF_SIN;
                3'd5:    d.sfop = nv50_pkg::SF_COS;
                3'd6:    d.sfop = nv50_pkg::SF_EX2;
                default: ill = 1'b1;
              endcase
              if (op2 == 3'd0 || op2 == 3'd2 || op2 == 3'd3) begin
                d.neg1 = w1[26]; d.abs1 = w1[20]; al1[26] = 1'b1; al1[20] = 1'b1;
              end
            end
            // ---- 0xb: fadd (secondary 0/1, w1[29] sat), fset 3, fmax 4, fmin 5,
            // presin/preex2 6 (w1[14])
            4'hb: begin
              fl = 1'b1; d.b32 = 1'b1;
              case (op2)
                3'd0, 3'd1: begin
                  // rounding w0[17:16]: 0 rn, 1 rm (illegal with rm_ill), 2 rp, 3 rz
                  // (G-RND); src1, src3
                  d.cls = C_FADD; d.sat = w1[29]; d.rnd = w0[17:16]; al0[17:16] = 2'b11;
                  if (rm_ill && w0[17:16] == 2'b01) ill = 1'b1;
                  d.neg1 = w1[26]; d.neg2 = w1[27]; al1[27:26] = 2'b11;
                  fb3 = 1'b1; fmcd = 1'b1;
                end
                3'd3, 3'd4, 3'd5: begin
                  // fset condition w1[17:14]; neg w1[26]/w1[27], abs w1[20]/w1[19]
                  if (op2 == 3'd3) begin
                    d.cls = C_FSET; d.fcond = w1[17:14]; al1[17:14] = 4'hf;
                  end else begin
                    d.cls = C_FMNMX; d.ismin = op2[0];
                  end
                  d.neg1 = w1[26]; d.neg2 = w1[27]; d.abs1 = w1[20]; d.abs2 = w1[19];
                  al1[27:26] = 2'b11; al1[20:19] = 2'b11;
                  fb2 = 1'b1; fmcd = 1'b1;
                end
                3'd6: begin
                  d.cls  = C_SFU; al1[14] = 1'b1;
                  d.sfop = w1[14] ? nv50_pkg::SF_PREEX2 : nv50_pkg::SF_PRESIN;
                  d.neg1 = w1[26]; d.abs1 = w1[20]; al1[26] = 1'b1; al1[20] = 1'b1;
                end
                default: ill = 1'b1;
              endcase
            end
            // ---- 0xc: fmul (secondary 0: sat w1[20], rounding w1[15:14]), fslct
            // (secondary 2/3: neg src3 w1[29])
            4'hc: begin
              fl = 1'b1; d.b32 = 1'b1;
              if (op2 == 3'd0) begin
                d.cls = C_FMUL; d.sat = w1[20]; d.rnd = w1[15:14];
                al1[20] = 1'b1; al1[15:14] = 2'b11;
                if (rm_ill && w1[15:14] == 2'b01) ill = 1'b1;   // rm illegal with rm_ill (G-RND)
                d.neg1 = w1[26]; d.neg2 = w1[27]; al1[27:26] = 2'b11;
                fb2 = 1'b1; fmcd = 1'b1;
              end else if (op2[2:1] == 2'b01) begin
                d.cls = C_FSLCT; d.neg3 = w1[29];
                fb2 = 1'b1; fc3 = 1'b1; fmcd = 1'b1;
              end else ill = 1'b1;
            end
            // ---- 0xe: fmad (secondary 0/1, w1[29] sat): neg w1[26] product, w1[27] src3
            4'he: begin
              fl = 1'b1; d.b32 = 1'b1;
              if (op2[2:1] == 2'b00) begin
                d.cls = C_FMAD; d.sat = w1[29]; d.neg1 = w1[26]; d.neg2 = w1[27];
                al1[27:26] = 2'b11;
                fb2 = 1'b1; fc3 = 1'b1; fmcd = 1'b1;
              end else ill = 1'b1;
            end
            // ---- 0xa: cvt.  w1[31:30]: 0 int <- int, 1 float <- int, 2 int <- float,
            // 3 float <- float; neg w1[29], abs w1[20]; w1[22] always 0
            4'ha: begin
              fl = 1'b1; fmcd = 1'b1; d.cls = C_CVT;
              d.neg1 = w1[29]; d.abs1 = w1[20]; al1[20] = 1'b1;
              case (w1[31:30])
                2'd3: begin
                  // w1[14] f32 source, w1[26] f32 result, w1[27] round to integral
                  // (same format only), sat w1[19], rounding w1[18:17] (f16 <- f32, rint)
                  d.cvs = w1[14] ? CV_F32 : CV_F16; d.cvd = w1[26] ? CV_F32 : CV_F16;
                  d.b32 = w1[26]; d.rint = w1[27];
                  al1[27:26] = 2'b11; al1[14] = 1'b1; al1[19] = 1'b1;
                  if (w1[27] && (w1[26] != w1[14])) ill = 1'b1;
                  d.sat = w1[19];
                  if (w1[27] || (!w1[26] && w1[14])) begin
                    d.rnd = w1[18:17]; al1[18:17] = 2'b11;
                  end
                end
                2'd2: begin
                  // w1[14] f32 source, w1[26] 32-bit result, w1[27] signed, w1[18:17] rni..rzi
                  d.cvs = w1[14] ? CV_F32 : CV_F16; d.cvd = w1[26] ? CV_I32 : CV_I16;
                  d.b32 = w1[26]; d.cvdsgn = w1[27]; d.rnd = w1[18:17];
                  al1[27:26] = 2'b11; al1[18:17] = 2'b11; al1[14] = 1'b1;
                end
                2'd1: begin
                  // w1[26] f32 result, sat w1[19], rounding w1[18:17], signed w1[16]
                  d.cvd = w1[26] ? CV_F32 : CV_F16; d.b32 = w1[26];
                  d.cvssgn = w1[16]; d.sat = w1[19]; d.rnd = w1[18:17];
                  al1[26] = 1'b1; al1[19:14] = 6'h3f;
                end
                default: begin
                  // w1[19] 8-bit result (w1[26]: in a 32-bit register, else a half),
                  // w1[26] 32-bit result, w1[27] signed result, w1[16] signed source
                  d.cvd = w1[19] ? CV_I8 : (w1[26] ? CV_I32 : CV_I16); d.b32 = w1[26];
                  frdh  = w1[19] && !w1[26];
                  d.cvssgn = w1[16]; d.cvdsgn = w1[27];
                  al1[27:26] = 2'b11; al1[19] = 1'b1; al1[16:14] = 3'b111;
                end
              endcase
              if (!w1[31]) begin
                // integer source w1[15:14]: 0 16-bit, 1 32-bit, 2 8-bit in a half
                // (s[] u8 only), 3 8-bit in a register
                case (w1[15:14])
                  2'd0:    begin d.cvs = CV_I16; fh = 1'b1; end
                  2'd1:    d.cvs = CV_I32;
                  2'd2:    begin d.cvs = CV_I8; fh = 1'b1; bytesrc = 1'b1; end
                  default: begin d.cvs = CV_I8; r1only = 1'b1; end
                endcase
              end else begin
                fh = !w1[14];
              end
            end
            4'h8, 4'hf: unimp = 1'b1;                      // interp, tex
            4'hd:       if (op2 >= 3'd2) unimp = 1'b1; else ill = 1'b1;   // l[]/g[], atomics
            default:    ill = 1'b1;
          endcase
        end
      endcase
      // ---- operand widths
      h = ((d.cls == C_MOV || d.cls == C_ADD || d.cls == C_SET || d.cls == C_MINMAX ||
            d.cls == C_LOGIC || d.cls == C_SHIFT || d.cls == C_SAD) && !d.b32) ||
          ((d.cls == C_MUL || d.cls == C_MAD) && !d.mul24) || fh;
      // ---- destination
      case (d.cls)
        C_MOVC, C_MOVA, C_MOVSR: begin              // LDST: plain 32-bit $r
          al0[8:2] = 7'h7f; d.dkind = D_R32; d.didx = w0[8:2];
        end
        C_MOV, C_ADD, C_SET, C_MINMAX, C_LOGIC, C_SHIFT, C_MUL, C_SAD, C_MAD,
        C_FADD, C_FMUL, C_FMAD, C_FSET, C_FMNMX, C_FSLCT, C_SFU, C_CVT: begin
          // LLDST / LLHDST: $r, o[] or discard by the destination type
          al0[8:2] = 7'h7f; al1[3] = !frdh;
          if (frdh) begin                           // cvt u8/s8 half: RDH, $r only
            d.dkind = D_R16; d.didx = {1'b0, w0[8:3]}; d.dhi = w0[2];
          end else if ((d.cls == C_MUL || d.cls == C_SAD || d.cls == C_MAD) || d.b32) begin
            if (!w1[3])              begin d.dkind = D_R32; d.didx = w0[8:2]; end
            else if (w0[8:2] == 7'h7f) d.dkind = D_DISC;
            else                     begin d.dkind = D_O32; d.didx = w0[8:2]; end
          end else begin
            if (!w1[3])              begin d.dkind = D_R16; d.didx = {1'b0, w0[8:3]}; d.dhi = w0[2]; end
            else if (w0[8:2] == 7'h7f) d.dkind = D_DISC;
            else                     begin d.dkind = D_O16; d.didx = {1'b0, w0[8:3]}; end
          end
        end
        default: ;
      endcase
      // ---- $c destination (MCDST)
      if (d.cls == C_ADD || d.cls == C_SET || d.cls == C_MINMAX || d.cls == C_LOGIC ||
          d.cls == C_SHIFT || d.cls == C_MUL || d.cls == C_SAD || d.cls == C_MAD || fmcd) begin
        al1[6:4] = 3'b111;
        d.cdst_en = w1[6];
        d.cdst    = w1[5:4];
        if (!w1[6] && w1[5:4] != 2'd0) ill = 1'b1;       // index without enable
      end
      // ---- src1 (long source 1 field, s[] when w1[21])
      if (d.cls == C_MOV || d.cls == C_ADD || d.cls == C_SET || d.cls == C_MINMAX ||
          d.cls == C_LOGIC || d.cls == C_SHIFT || d.cls == C_MUL || d.cls == C_SAD ||
          d.cls == C_MAD || d.cls == C_SHLA || d.cls == C_MOVTOC || fl) begin
        al0[15:9] = 7'h7f;
        d.a.w16   = h;
        if (d.cls != C_MOVTOC && !r1only) al1[21] = 1'b1; // mov to $c, R1: register only
        if (w1[21] && d.cls != C_MOVTOC && !r1only) begin
          d.a.kind = S_SHARED;
          d.a.mode = w0[15:14];
          d.a.aidx = laidx;
          d.a.off  = w0[25] ? 16'd0 : moff({2'd0, w0[13:9]}, 3'd5, sfac(w0[15:14]), 1'b0);
          if (w0[25]) begin
            pi_any = 1'b1; pi_idx = laidx;
            d.pi_amt = moff({2'd0, w0[13:9]}, 3'd5, sfac(w0[15:14]), 1'b1);
          end
          if (h && w0[15:14] == 2'd3) ill = 1'b1;
          if (bytesrc && w0[15:14] != 2'd0) ill = 1'b1;   // u8/s8 source: s[] read as u8
          mem_a = 1'b1;
        end else begin
          d.a.kind = S_REG;
          if (h) begin d.a.idx = {1'b0, w0[15:10]}; d.a.hi = w0[9]; end
          else d.a.idx = w0[15:9];
        end
      end
      // ---- second ALU input: src2 field (SRC2/CONST2), src3 field for add
      // (SRC3/CONST3), SHCNT for shifts by immediate
      if (d.cls == C_SHIFT && shsel) begin
        d.b.kind = S_IMM; d.b.imm = {25'd0, w0[22:16]}; al0[22:16] = 7'h7f;
      end else if (d.cls == C_SET || d.cls == C_MINMAX || d.cls == C_LOGIC ||
                   d.cls == C_SHIFT || d.cls == C_MUL || d.cls == C_SAD || d.cls == C_MAD ||
                   fb2) begin
        al0[22:16] = 7'h7f; al0[23] = 1'b1;
        d.b.w16 = h;
        if (w0[23]) begin
          d.b.kind = S_CONST;
          d.b.bank = w1[25:22]; al1[25:22] = 4'hf;
          d.b.aidx = sh1 ? 3'd0 : laidx;
          d.b.off  = (w0[25] && !sh1) ? 16'd0 : moff(w0[22:16], 3'd7, (h ? 3'd2 : 3'd4), 1'b0);
          if (w0[25] && !sh1) begin
            pi_any = 1'b1; pi_idx = laidx;
            d.pi_amt = moff(w0[22:16], 3'd7, (h ? 3'd2 : 3'd4), 1'b1);
          end
          if (!sh1) mem_a = 1'b1;
        end else begin
          d.b.kind = S_REG;
          if (h) begin d.b.idx = {1'b0, w0[22:17]}; d.b.hi = w0[16]; end
          else d.b.idx = w0[22:16];
        end
      end else if (d.cls == C_ADD || fb3) begin
        al1[20:14] = 7'h7f; al0[24] = 1'b1;
        d.b.w16 = h;
        if (w0[24]) begin
          d.b.kind = S_CONST;
          d.b.bank = w1[25:22]; al1[25:22] = 4'hf;
          d.b.aidx = sh1 ? 3'd0 : laidx;
          d.b.off  = (w0[25] && !sh1) ? 16'd0 : moff(w1[20:14], 3'd7, (h ? 3'd2 : 3'd4), 1'b0);
          if (w0[25] && !sh1) begin
            pi_any = 1'b1; pi_idx = laidx;
            d.pi_amt = moff(w1[20:14], 3'd7, (h ? 3'd2 : 3'd4), 1'b1);
          end
          if (!sh1) mem_a = 1'b1;
        end else begin
          d.b.kind = S_REG;
          if (h) begin d.b.idx = {1'b0, w1[20:15]}; d.b.hi = w1[14]; end
          else d.b.idx = w1[20:14];
        end
      end
      // ---- third ALU input of sad/mad: src3 field (SRC3/CONST3), 32 bits
      // (sad u16/s16 too, D13: hwtest isad)
      if (d.cls == C_SAD || d.cls == C_MAD || fc3) begin
        c16 = 1'b0;
        al1[20:14] = 7'h7f; al0[24] = 1'b1;
        d.c.w16 = c16;
        if (w0[24]) begin
          if (w0[23]) ill = 1'b1;                          // c[] in both src2 and src3
          d.c.kind = S_CONST;
          d.c.bank = w1[25:22]; al1[25:22] = 4'hf;
          d.c.aidx = sh1 ? 3'd0 : laidx;
          d.c.off  = (w0[25] && !sh1) ? 16'd0 : moff(w1[20:14], 3'd7, (c16 ? 3'd2 : 3'd4), 1'b0);
          if (w0[25] && !sh1) begin
            pi_any = 1'b1; pi_idx = laidx;
            d.pi_amt = moff(w1[20:14], 3'd7, (c16 ? 3'd2 : 3'd4), 1'b1);
          end
          if (!sh1) mem_a = 1'b1;
        end else begin
          d.c.kind = S_REG;
          if (c16) begin d.c.idx = {1'b0, w1[20:15]}; d.c.hi = w1[14]; end
          else d.c.idx = w1[20:14];
        end
      end
      if (mem_a) begin al0[27:25] = 3'b111; al1[2] = 1'b1; end
      // D36: without the operands that use them, G80 ignores w0[27:25] ($a,
      // post-increment), w1[2] ($a bit 2), w1[25:22] (c[] space) and w1[28]
      if (d.cls == C_ADD || d.cls == C_MUL || d.cls == C_MAD || d.cls == C_SAD ||
          d.cls == C_MINMAX || d.cls == C_SET || d.cls == C_LOGIC || d.cls == C_SHIFT) begin
        dc0[27:25] = 3'b111; dc1[2] = 1'b1; dc1[25:22] = 4'hf; dc1[28] = 1'b1;
      end
      if (d.cls == C_MOVTOC) dc1[6] = 1'b1;
      // the $c source field is meaningful when it selects a predicate other than
      // "always" or when COND is an operand
      if (w1[11:7] != 5'h0f || uses_cond) al1[13:12] = 2'b11;

    end else begin
      // ======================================== long control
      // w0: target low 16 bits (word address) [26:11], opcode [31:28]
      // w1: predicate [11:7], $c [13:12], target high 6 bits [19:14]
      d.long_i = 1'b1;
      d.cls    = C_CTRL;
      d.ctrl   = op;
      al0      = 32'hf000_0003;
      al1      = 32'd0;
      d.target = {8'd0, w1[19:14], w0[26:11], 2'b00};
      // Predicate fields: every long control word has them (D18); call,
      // breakaddr, joinat, quadon, quadpop, bar and trap ignore the value.
      d.pred = w1[11:7]; d.pred_c = w1[13:12];
      al1[11:7] = 5'h1f;
      if (w1[11:7] != 5'h0f) al1[13:12] = 2'b11;        // D19
      if (op == 4'h2 || op == 4'h4 || op == 4'h6 || op == 4'h7 || op == 4'h8 ||
          op == 4'h9 || op == 4'ha || op == 4'hc || op == 4'hd) begin
        // D18, D36: the hardware ignores these predicate fields (envydis IGNPRED);
        // "always" with $c field 0 is the canonical value
        dc1[13:7] = 7'h7f;
        if (w1[11:7] != 5'h0f || w1[13:12] != 2'd0) begin
          al1[13:7] = 7'h00;                             // unused unless canonical
          d.pred = 5'h0f; d.pred_c = 2'd0;
        end
      end else if (!nv50_pkg::pred_legal(w1[11:7])) ill = 1'b1;
      case (op)
        4'h1, 4'h3, 4'h5, 4'hb: begin                      // bra, ret, break, brkpt
          d.pred_en = 1'b1;
          if (op == 4'h1) begin al0[26:11] = 16'hffff; al1[19:14] = 6'h3f; end
        end
        4'h2, 4'h4, 4'ha: begin                            // call, breakaddr, joinat
          al0[26:11] = 16'hffff; al1[19:14] = 6'h3f;
        end
        4'h6, 4'h7, 4'h9: ;                                // quadon, quadpop, trap
        4'h8: begin                                        // bar: inc/wait/id/mask, "all"
          al0[26:9] = 18'h3ffff; al1[14] = 1'b1;
          if (w1[14]) al0[20:9] = 12'd0;
        end
        4'h0, 4'hc, 4'hd: unimp = 1'b1;                    // discard, bra c[], preret
        default: ill = 1'b1;
      endcase
    end

    // ---------------------------------------- post-increment legality (D6)
    d.pi   = pi_any;
    d.pi_a = pi_idx;
    if (pi_any && (pi_idx == 3'd0 || pi_idx > 3'd4)) ill = 1'b1;
    if (!pi_any) d.pi_amt = 16'd0;

    // ---------------------------------------- reserved bits (D4, D36)
    if (!STRICT) begin
      al0 = al0 | dc0;
      al1 = al1 | dc1;
    end
    if ((w0 & ~al0) != 32'd0) ill = 1'b1;
    if (d.long_i && ((w1 & ~al1) != 32'd0)) ill = 1'b1;

    d.fault  = ill | unimp;
  end

endmodule
