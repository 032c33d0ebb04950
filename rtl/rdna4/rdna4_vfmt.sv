`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vfmt.sv - the data-format conversions of BUFFER_LOAD/STORE_FORMAT_* and
// TBUFFER_* for one lane (rdna4 §9.3, Table 62 L5046-5091; model
// rdna4_exec_buffer.c fmt_of / fmt_load / fmt_store, decisions D30, D34; README
// "Vector memory", "BUFFER formats").  Combinational.
//
// The format (6-bit V# format or 7-bit instruction FORMAT) names 1, 2, 3 or 4
// components of 8, 16 or 32 bits (UNORM, SNORM, USCALED, SSCALED, UINT, SINT,
// FLOAT) or a packed format (10_11_11 / 11_11_10 FLOAT, 10_10_10_2 and
// 2_10_10_10, 5_6_5, 1_5_5_5, 5_5_5_1, 4_4_4_4, 4_4), X in the low bits.
// Component c lies at bit sh[c] of the element's little-endian bytes, w[c]
// bits wide.  Loads convert each memory component to the VGPR value (32 bits,
// or 16 for D16) chosen by dst_sel (the V#'s; TBUFFER: X Y Z W); stores
// convert VGPR values to the components (X replicated into those the shader
// does not supply).
module rdna4_vfmt (
  input  logic [6:0]   fmt,        // the data format (0 INVALID)
  input  logic         unb,        // the access is unbound (no format: UNORM, nothing in range)
  input  logic [2:0]   nc,         // components of the instruction (1-4)
  input  logic [1:0]   d16,        // 0 32-bit, 1 D16, 2 D16_HI (X only)
  input  logic         typed,      // TBUFFER: dst_sel X Y Z W
  input  logic [11:0]  dsel,       // V# dst_sel_x/y/z/w (3 bits each)
  input  logic         oob,        // load: the lane is out of range (components read 0)
  input  logic         wrap,       // integers narrowed to their low bits instead of saturated (fmt_int_wrap)
  input  logic [127:0] mem,        // load: the element's bytes (byte i at bits 8i+7:8i)
  input  logic [127:0] vd,         // store: VGPRs VDATA .. VDATA + 3 of the lane
  output logic         ok,         // a format the unit converts (or unbound)
  output logic [4:0]   nb,         // bytes of the element
  output logic [1:0]   al,         // alignment mask (component or element size - 1)
  output logic [127:0] ld,         // load: the VGPR DWORDs
  output logic [127:0] st          // store: the element's bytes
);
  localparam logic [2:0] UNORM = 3'd0, SNORM = 3'd1, USCALED = 3'd2, SSCALED = 3'd3,
                         UINT = 3'd4, SINT = 3'd5, FLOAT = 3'd6;

  // ---------------------------------------------------------------- format table
  logic [2:0]  comps, num;
  logic [5:0]  bits;                      // unpacked: bits of each component
  logic [2:0]  pk;                        // packed: element bytes (0: unpacked)
  logic [23:0] w4;                        // component c width at [6*c +: 6]
  logic [27:0] s4;                        // component c shift at [7*c +: 7]
  always_comb begin
    comps = 3'd0; num = UNORM; bits = 6'd0; pk = 3'd0; w4 = '0; s4 = '0;
    if (!unb) begin
      if (fmt >= 7'd1 && fmt <= 7'd6)        begin comps = 3'd1; bits = 6'd8;  num = 3'(fmt - 7'd1);  end
      else if (fmt >= 7'd7 && fmt <= 7'd13)  begin comps = 3'd1; bits = 6'd16; num = 3'(fmt - 7'd7);  end
      else if (fmt >= 7'd14 && fmt <= 7'd19) begin comps = 3'd2; bits = 6'd8;  num = 3'(fmt - 7'd14); end
      else if (fmt >= 7'd20 && fmt <= 7'd22) begin comps = 3'd1; bits = 6'd32; num = 3'(fmt - 7'd16); end
      else if (fmt >= 7'd23 && fmt <= 7'd29) begin comps = 3'd2; bits = 6'd16; num = 3'(fmt - 7'd23); end
      else if (fmt >= 7'd42 && fmt <= 7'd47) begin comps = 3'd4; bits = 6'd8;  num = 3'(fmt - 7'd42); end
      else if (fmt >= 7'd48 && fmt <= 7'd50) begin comps = 3'd2; bits = 6'd32; num = 3'(fmt - 7'd44); end
      else if (fmt >= 7'd51 && fmt <= 7'd57) begin comps = 3'd4; bits = 6'd16; num = 3'(fmt - 7'd51); end
      else if (fmt >= 7'd58 && fmt <= 7'd60) begin comps = 3'd3; bits = 6'd32; num = 3'(fmt - 7'd54); end
      else if (fmt >= 7'd61 && fmt <= 7'd63) begin comps = 3'd4; bits = 6'd32; num = 3'(fmt - 7'd57); end
      else begin
        // packed: widths from X ({W, Z, Y, X} below), element bytes
        pk = 3'd4; comps = 3'd4;
        case (fmt)
          7'd30: begin num = FLOAT;   comps = 3'd3; w4 = {6'd0, 6'd10, 6'd11, 6'd11}; end   // 10_11_11_FLOAT
          7'd31: begin num = FLOAT;   comps = 3'd3; w4 = {6'd0, 6'd11, 6'd11, 6'd10}; end   // 11_11_10_FLOAT
          7'd32: begin num = UNORM;   w4 = {6'd10, 6'd10, 6'd10, 6'd2}; end                // 10_10_10_2
          7'd33: begin num = SNORM;   w4 = {6'd10, 6'd10, 6'd10, 6'd2}; end
          7'd34: begin num = UINT;    w4 = {6'd10, 6'd10, 6'd10, 6'd2}; end
          7'd35: begin num = SINT;    w4 = {6'd10, 6'd10, 6'd10, 6'd2}; end
          7'd36: begin num = UNORM;   w4 = {6'd2, 6'd10, 6'd10, 6'd10}; end                // 2_10_10_10
          7'd37: begin num = SNORM;   w4 = {6'd2, 6'd10, 6'd10, 6'd10}; end
          7'd38: begin num = USCALED; w4 = {6'd2, 6'd10, 6'd10, 6'd10}; end
          7'd39: begin num = SSCALED; w4 = {6'd2, 6'd10, 6'd10, 6'd10}; end
          7'd40: begin num = UINT;    w4 = {6'd2, 6'd10, 6'd10, 6'd10}; end
          7'd41: begin num = SINT;    w4 = {6'd2, 6'd10, 6'd10, 6'd10}; end
          7'd68: begin pk = 3'd2; comps = 3'd3; w4 = {6'd0, 6'd5, 6'd6, 6'd5}; end         // 5_6_5
          7'd69: begin pk = 3'd2; w4 = {6'd1, 6'd5, 6'd5, 6'd5}; end                       // 1_5_5_5
          7'd70: begin pk = 3'd2; w4 = {6'd5, 6'd5, 6'd5, 6'd1}; end                       // 5_5_5_1
          7'd71: begin pk = 3'd2; w4 = {6'd4, 6'd4, 6'd4, 6'd4}; end                       // 4_4_4_4
          7'd72: begin pk = 3'd1; comps = 3'd2; w4 = {12'd0, 6'd4, 6'd4}; end              // 4_4
          default: begin pk = 3'd0; comps = 3'd0; end
        endcase
      end
      if (pk == 3'd0) begin
        for (int c = 0; c < 4; c++) begin
          w4[6*c +: 6] = bits;
          s4[7*c +: 7] = 7'(c) * 7'(bits);
        end
      end else begin
        s4[6:0]   = 7'd0;
        s4[13:7]  = 7'(w4[5:0]);
        s4[20:14] = 7'(w4[5:0]) + 7'(w4[11:6]);
        s4[27:21] = 7'(w4[5:0]) + 7'(w4[11:6]) + 7'(w4[17:12]);
      end
    end
  end
  assign ok = unb || comps != 3'd0;
  assign nb = (pk != 3'd0) ? {2'd0, pk} : 5'(comps * bits[5:3]);
  assign al = (unb || comps == 3'd0) ? 2'd0 : (pk == 3'd4 || bits == 6'd32) ? 2'd3 :
              (pk == 3'd2 || bits == 6'd16) ? 2'd1 : 2'd0;

  // ---------------------------------------------------------------- loads
  // the memory components
  logic [127:0] raw;                      // component c at [32*c +: 32]
  always_comb
    for (int c = 0; c < 4; c++)
      raw[32*c +: 32] = 32'(mem >> s4[7*c +: 7]) &
                        ((w4[6*c +: 6] == 6'd32) ? 32'hffffffff : ~(32'hffffffff << w4[6*c +: 6]));

  // output component c reads memory component src (dst_sel 4-7), or 0 / 1
  logic [127:0] lsrc, lval;
  logic [23:0]  lw;
  logic [11:0]  lsel;
  logic [7:0]   lidx;
  always_comb begin
    for (int c = 0; c < 4; c++) begin
      lsel[3*c +: 3] = typed ? 3'd4 + 3'(c) : dsel[3*c +: 3];
      lidx[2*c +: 2] = lsel[3*c + 2] ? lsel[3*c +: 2] : 2'd0;
      lsrc[32*c +: 32] = raw[32*lidx[2*c +: 2] +: 32];
      lw[6*c +: 6] = w4[6*lidx[2*c +: 2] +: 6];
    end
  end
  for (genvar c = 0; c < 4; c++) begin : g_ld
    rdna4_vfmt_ld u_ld (.num(num), .n(lw[6*c +: 6]), .raw(lsrc[32*c +: 32]), .d16(d16 != 2'd0),
                        .wrap(wrap), .v(lval[32*c +: 32]));
  end
  logic [31:0] lv, one;
  always_comb begin
    one = (num == UINT || num == SINT) ? 32'd1 : (d16 != 2'd0) ? 32'h00003c00 : 32'h3f800000;
    ld = '0;
    for (int c = 0; c < 4; c++) begin
      if (lsel[3*c +: 3] == 3'd1)                                           lv = one;   // SEL_1
      else if (!lsel[3*c + 2] || {1'b0, lidx[2*c +: 2]} >= comps || oob)   lv = 32'd0;
      else                                                                  lv = lval[32*c +: 32];
      if (3'(c) < nc) begin
        if (d16 == 2'd2)      begin if (c == 0) ld[31:0] = {lv[15:0], 16'd0}; end
        else if (d16 == 2'd1) ld[32*(c/2) + 16*(c%2) +: 16] = lv[15:0];
        else                  ld[32*c +: 32] = lv;
      end
    end
  end

  // ---------------------------------------------------------------- stores
  logic [127:0] sval, sraw;
  logic [1:0]   sc;                       // the shader's component (X for those it does not supply)
  always_comb begin
    for (int c = 0; c < 4; c++) begin
      sc = (3'(c) < nc) ? 2'(c) : 2'd0;
      if (d16 == 2'd2)      sval[32*c +: 32] = {16'd0, vd[31:16]};
      else if (d16 == 2'd1) sval[32*c +: 32] = {16'd0, vd[16*sc +: 16]};
      else                  sval[32*c +: 32] = vd[32*sc +: 32];
    end
  end
  for (genvar c = 0; c < 4; c++) begin : g_st
    rdna4_vfmt_st u_st (.num(num), .n(w4[6*c +: 6]), .v(sval[32*c +: 32]), .d16(d16 != 2'd0),
                        .wrap(wrap), .raw(sraw[32*c +: 32]));
  end
  always_comb begin
    st = '0;
    for (int c = 0; c < 4; c++)
      if (3'(c) < comps) st = st | (128'(sraw[32*c +: 32]) << s4[7*c +: 7]);
  end
endmodule
