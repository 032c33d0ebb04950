// nvfp_tex.sv - the texture unit of the NVFP quad processor: TEX, TXP, TXD
// for the four pixels of the quad, exactly as model/nvfp/nvfp_exec_tex.c
// (model/nvfp/README.md "Texture unit", D12, D13, D18).
//
// 16 texture ids, each a descriptor base/width/height/mode (mode bit 0
// bound, bit 1 bilinear); texels RGBA fp32, 16 bytes, rows of `width` texels
// at byte `base` of the 1 MiB `tex` space.  An unbound id returns (0,0,0,0)
// (p[70]).  A bound id with a size outside 1..4096 or a mode above 3, or a
// texel outside the space, is a fault (`bad`): the instruction does not
// retire, as the model's step fails.  Per pixel, in pixel order:
//   TXP: u = x / w, v = y / w (nvfp_fdiv, correctly rounded, D18);
//   nearest: texel (clamp(floor(u*W)), clamp(floor(v*H))), returned as
//     stored (raw bits);
//   bilinear: a = u*W - 0.5, x0 = floor(a), fa = a - x0 (0 when not finite),
//     columns clamp(x0), clamp(x0 + 1), the same along v; four texels, then
//     lerp(p, q, f) = f*(q - p) + p with the product rounded, then the sum,
//     along u for both rows, then along v;
// all float operations through rtl/common/fp under the nvfp policy (as the
// model's fp_mul/fp_sub/fp_floor/fp_mad with fp_policy_nvfp).  TXD's
// derivatives select nothing (one level, D13): TXD is TEX.
//
// Memory port: tm_re with tm_line, the 16-byte line (bytes 16*tm_line ..
// +15, little-endian) in tm_rdata the next cycle.  A texel at a base that is
// not 16-byte aligned spans two lines; the unit reads both and takes the
// texel's 16 bytes.  Sequential: start (while not busy) latches the
// instruction's coordinates; done (or bad) pulses when the four pixels are
// fetched and filtered; the results stay in `res` until the next start.
module nvfp_tex (
    input  logic         clk,
    input  logic         rst_n,
    // descriptor load port: index id*4 + (0 base, 1 width, 2 height, 3 mode)
    input  logic         dl_we,
    input  logic [5:0]   dl_addr,
    input  logic [31:0]  dl_data,
    // one instruction
    input  logic         start,
    input  logic         proj,        // TXP
    input  logic [3:0]   tid,
    input  logic [383:0] uvw,         // pixel l: u [96l +: 32], v [96l+32 +: 32], w [96l+64 +: 32] (fp32)
    output logic         busy,
    output logic         done,
    output logic         bad,
    output logic [511:0] res,         // pixel l component j: [32*(4l + j) +: 32]
    // texel memory
    output logic         tm_re,
    output logic [15:0]  tm_line,
    input  logic [127:0] tm_rdata
);
  /*verilator no_inline_module*/
  localparam logic [31:0] F32_NEG0 = 32'h80000000;

  logic [31:0] dbase [16];
  logic [12:0] dw    [16];
  logic [12:0] dh    [16];
  logic [31:0] dwf   [16];          // widths and heights as loaded (32 bits, for the check)
  logic [31:0] dhf   [16];
  logic [31:0] dmode [16];

  // ---- control
  localparam logic [2:0] S_IDLE = 3'd0, S_LANE = 3'd1, S_DIV = 3'd2, S_ADDR = 3'd3, S_REQ = 3'd4,
                         S_CAP = 3'd5, S_LERP = 3'd6, S_NEXT = 3'd7;
  logic [2:0]  fsm;
  logic        hu, hv;            // TXP: the quotient u/w, v/w is in uu, vv
  logic [1:0]  lane;
  logic        px_proj;
  logic [3:0]  px_tid;
  logic [383:0] c_uvw;
  logic [31:0] uu, vv;
  logic [3:0]  ti;                // texel index*2 + part
  logic [1:0]  lstage;            // bilinear lerp stage: 0 top row, 1 bottom row, 2 along v
  logic [32:0] taddr [4];         // texel byte addresses (x0y0, x1y0, x0y1, x1y1)
  logic        bil;
  logic [31:0] fa, fb;
  logic [127:0] tl [4];           // the four texels
  logic [127:0] lo_line;          // first line of an unaligned texel
  logic [127:0] top, bot;

  logic [31:0] tb_base, tb_mode;
  logic [12:0] tb_w, tb_h;
  assign tb_base = dbase[px_tid];
  assign tb_mode = dmode[px_tid];
  assign tb_w = dw[px_tid];
  assign tb_h = dh[px_tid];
  logic        tb_bound, tb_badd;
  assign tb_bound = tb_mode[0];
  assign tb_badd = dwf[px_tid] < 32'd1 || dwf[px_tid] > 32'd4096 || dhf[px_tid] < 32'd1 ||
                   dhf[px_tid] > 32'd4096 || tb_mode > 32'd3;

  // ---- TXP: two dividers (u/w, v/w)
  logic dstart, dbusy_u, dbusy_v, ddone_u, ddone_v;
  logic [31:0] dq_u, dq_v, wsel;
  assign wsel = c_uvw[96*lane + 64 +: 32];
  assign dstart = fsm == S_LANE && px_proj;
  nvfp_fdiv u_du (.clk(clk), .rst_n(rst_n), .start(dstart), .a(c_uvw[96*lane +: 32]), .b(wsel),
                  .busy(dbusy_u), .done(ddone_u), .r(dq_u));
  nvfp_fdiv u_dv (.clk(clk), .rst_n(rst_n), .start(dstart), .a(c_uvw[96*lane + 32 +: 32]), .b(wsel),
                  .busy(dbusy_v), .done(ddone_v), .r(dq_v));

  // ---- addressing (state S_ADDR, from uu, vv and the descriptor)
  logic [131:0] na;
  logic         oob;
  logic [31:0]  ru, rv;
  nvfp_tex_addr u_addr (.u(uu), .v(vv), .base(tb_base), .w(tb_w), .h(tb_h), .bil(tb_mode[1]), .na(na),
                        .oob(oob), .fa(ru), .fb(rv));

  // ---- memory reads: texel ti[3:1], line part ti[0] (the second only when unaligned)
  logic        unal;
  logic [1:0]  ntex_m1;
  assign unal = tb_base[3:0] != 4'd0;
  assign ntex_m1 = bil ? 2'd3 : 2'd0;
  logic [32:0] cur;
  assign cur = taddr[ti[2:1]];
  assign tm_re = fsm == S_REQ;
  assign tm_line = cur[19:4] + {15'd0, ti[0]};
  // the texel from its one or two lines
  logic [255:0] pair, psh;
  logic [127:0] tex_now;
  assign pair = {tm_rdata, lo_line};
  assign psh = pair >> {cur[3:0], 3'd0};
  assign tex_now = unal ? psh[127:0] : tm_rdata;

  // ---- lerp: four slices (one per component), three stages of two phases
  logic [127:0] lp, lq, lr;
  logic [31:0]  lf;
  always_comb begin
    case (lstage)
      2'd0:    begin lp = tl[0]; lq = tl[1]; lf = fa; end
      2'd1:    begin lp = tl[2]; lq = tl[3]; lf = fa; end
      default: begin lp = top;   lq = bot;   lf = fb; end
    endcase
  end
  // lerp(p, q, wt) = wt*(q - p) + p in two cycles on one adder per
  // component: phase 0 q - p (held in ld), phase 1 the product wt*ld
  // (fp32_mul, rounded) + p (model/fp fp_mad: not fused)
  logic         lph;
  logic [127:0] ld;
  for (genvar j = 0; j < 4; j++) begin : g_lerp
    logic [31:0] pm, la, lb;
    logic [5:0]  e1, e2;
    assign la = lph ? pm : lq[32*j +: 32];
    assign lb = lp[32*j +: 32];
    fp32_mul u_m (.a(lf), .b(ld[32*j +: 32]), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                  .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b1), .dnan(32'h7fc00000),
                  .dexc_always(1'b0), .zero_wins(1'b1), .zw_sign_xor(1'b0), .clamp(1'b0),
                  .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(pm), .exc(e1));
    fp32_add u_a (.a(la), .b(lb), .sub(!lph), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                  .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b1), .dnan(32'h7fc00000),
                  .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
                  .r(lr[32*j +: 32]), .exc(e2));
    logic unused_e;
    assign unused_e = ^{e1, e2};
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      fsm <= S_IDLE; lane <= 2'd0; px_proj <= 1'b0; px_tid <= 4'd0; c_uvw <= 384'd0;
      uu <= 32'd0; vv <= 32'd0; hu <= 1'b0; hv <= 1'b0; ti <= 4'd0; lstage <= 2'd0; bil <= 1'b0; fa <= 32'd0; fb <= 32'd0;
      lo_line <= 128'd0; lph <= 1'b0; ld <= 128'd0; top <= 128'd0; bot <= 128'd0;
      done <= 1'b0; bad <= 1'b0; res <= 512'd0;
      for (int k = 0; k < 4; k++) begin taddr[k] <= 33'd0; tl[k] <= 128'd0; end
      for (int t = 0; t < 16; t++) begin
        dbase[t] <= 32'd0; dw[t] <= 13'd0; dh[t] <= 13'd0; dwf[t] <= 32'd0; dhf[t] <= 32'd0; dmode[t] <= 32'd0;
      end
    end else begin
      done <= 1'b0;
      bad <= 1'b0;
      if (dl_we)
        case (dl_addr[1:0])
          2'd0: dbase[dl_addr[5:2]] <= dl_data;
          2'd1: begin dwf[dl_addr[5:2]] <= dl_data; dw[dl_addr[5:2]] <= dl_data[12:0]; end
          2'd2: begin dhf[dl_addr[5:2]] <= dl_data; dh[dl_addr[5:2]] <= dl_data[12:0]; end
          default: dmode[dl_addr[5:2]] <= dl_data;
        endcase
      case (fsm)
        S_IDLE:
          if (start) begin
            px_proj <= proj; px_tid <= tid; c_uvw <= uvw; lane <= 2'd0;
            fsm <= S_LANE;
          end
        S_LANE: begin
          uu <= c_uvw[96*lane +: 32];
          vv <= c_uvw[96*lane + 32 +: 32];
          fsm <= px_proj ? S_DIV : S_ADDR;
        end
        S_DIV: begin
          // a special operand finishes in one cycle, a quotient in 28: wait for both
          if (ddone_u) begin uu <= dq_u; hu <= 1'b1; end
          if (ddone_v) begin vv <= dq_v; hv <= 1'b1; end
          if ((hu || ddone_u) && (hv || ddone_v)) begin hu <= 1'b0; hv <= 1'b0; fsm <= S_ADDR; end
        end
        S_ADDR:
          if (!tb_bound) begin
            res[128*lane +: 128] <= 128'd0;          // unbound: (0,0,0,0) (p[70])
            fsm <= S_NEXT;
          end else if (tb_badd || oob) begin
            bad <= 1'b1;
            fsm <= S_IDLE;
          end else begin
            for (int k = 0; k < 4; k++) taddr[k] <= na[33*k +: 33];
            bil <= tb_mode[1];
            fa <= ru;
            fb <= rv;
            ti <= 4'd0;
            fsm <= S_REQ;
          end
        S_REQ: fsm <= S_CAP;
        S_CAP: begin
          if (unal && !ti[0]) begin
            lo_line <= tm_rdata;
            ti <= ti + 4'd1;
            fsm <= S_REQ;
          end else begin
            tl[ti[2:1]] <= tex_now;
            if (ti[2:1] == ntex_m1) begin
              lstage <= 2'd0;
              fsm <= bil ? S_LERP : S_NEXT;
              if (!bil) res[128*lane +: 128] <= tex_now;      // nearest: the texel as stored
            end else begin
              ti <= {1'b0, ti[2:1] + 2'd1, 1'b0};
              fsm <= S_REQ;
            end
          end
        end
        S_LERP:
          if (!lph) begin
            ld <= lr;                                    // q - p
            lph <= 1'b1;
          end else begin
            lph <= 1'b0;
            if (lstage == 2'd0) top <= lr;
            if (lstage == 2'd1) bot <= lr;
            if (lstage == 2'd2) begin
              res[128*lane +: 128] <= lr;
              fsm <= S_NEXT;
            end
            lstage <= lstage + 2'd1;
          end
        S_NEXT:
          if (lane == 2'd3) begin
            done <= 1'b1;
            fsm <= S_IDLE;
          end else begin
            lane <= lane + 2'd1;
            fsm <= S_LANE;
          end
        default: fsm <= S_IDLE;
      endcase
    end
  end

  assign busy = fsm != S_IDLE;
  logic unused_t;
  assign unused_t = ^{F32_NEG0, ti[3], taddr[0][32],
                      taddr[1][32], taddr[2][32], taddr[3][32], psh[255:128],
                      dbusy_u, dbusy_v, cur[32:20]};
endmodule
