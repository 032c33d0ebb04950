`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_valu.sv - the integer lanes of the RDNA4 vector unit (combinational):
// LPC lanes of one pass of a VALU instruction.  The core (rdna4_core.sv) feeds
// the operands of lanes [lane0, lane0 + LPC) after the ABS/NEG modifiers and
// collects the results of every pass before it writes anything, so every pass
// sees the registers as they were before the instruction (model/rdna4: one
// 64-lane pass, README V1).
//
// op is the VOP3 opcode number of the row (VOPC 0-255, VOP2 256 + op, VOP1
// 384 + op, VOP3-only and VOP3SD 512-1023: the numbering of model/rdna4/rdna4.def);
// rdna4_pkg::vrow says which rows exist here.  Each lane follows the chapter 16
// pseudocode as model/rdna4/rdna4_exec_valu.c and rdna4_exec_valu_int.c execute it:
// CLAMP saturates the exact result of the operation (README V3, V5) to 32 bits,
// signed for the I rows, unsigned for the others; carry/borrow-outs are those of
// the unsaturated operation.
//   co: carry/borrow-out (VOP3SD and the _CO_CI VOP2 rows) or compare result.
module rdna4_valu #(
  parameter int LPC = 32                 // lanes per pass
) (
  input  logic [9:0]       op,
  input  logic             clamp,
  input  logic [5:0]       lane0,        // lane number of lane 0 of this pass
  input  logic [LPC*32-1:0] a,           // S0, S1, S2 of each lane at [32*i +: 32]
  input  logic [LPC*32-1:0] b,
  input  logic [LPC*32-1:0] c,
  input  logic [LPC-1:0]   m,            // mask source bit (CNDMASK select, carry-in)
  output logic [LPC*32-1:0] d,
  output logic [LPC-1:0]   co
);
  // Exact result of a lane (sign-correct in 66 bits) and its saturation to the
  // result's width: 32 bits, or 16 (h: the 16-bit integer rows, a 16-bit result
  // half zero-extended, README "16-bit integer rows"); signed for the I rows.
  function automatic logic [31:0] sat(input logic signed [65:0] w, input logic sgn, input logic cl, input logic h);
    logic signed [65:0] hi, lo;
    logic [31:0] r, wm;
    wm = h ? 32'h0000ffff : 32'hffffffff;
    hi = sgn ? 66'($signed(wm >> 1)) : 66'($signed({1'b0, wm}));
    lo = sgn ? -hi - 66'sd1 : 66'sd0;
    r = w[31:0];
    if (cl) begin
      if (w > hi)      r = hi[31:0];
      else if (w < lo) r = lo[31:0];
    end
    sat = r & wm;
  endfunction

  // V_SAT_PK_U8_I16 (L14098): a signed 16-bit value saturated to [0, 255].
  function automatic logic [7:0] sat8(input logic [15:0] h);
    sat8 = h[15] ? 8'd0 : (h > 16'd255) ? 8'hff : h[7:0];
  endfunction

  function automatic logic [7:0] absd8(input logic [7:0] x, input logic [7:0] y);
    absd8 = (x > y) ? x - y : y - x;
  endfunction

  function automatic logic [15:0] absd16(input logic [15:0] x, input logic [15:0] y);
    absd16 = (x > y) ? x - y : y - x;
  endfunction

  // Sum of the absolute byte differences (V_SAD_U8; masked: bytes whose S1 byte is 0 skipped, V_MSAD_U8).
  function automatic logic [9:0] sad8(input logic [31:0] x, input logic [31:0] y, input logic masked);
    logic [9:0] s;
    s = 10'd0;
    for (int i = 0; i < 4; i++)
      if (!masked || y[8*i +: 8] != 8'd0) s = s + {2'd0, absd8(x[8*i +: 8], y[8*i +: 8])};
    sad8 = s;
  endfunction

  // V_PERM_B32 byte selector over {S0, S1} (L20996).
  function automatic logic [7:0] perm_byte(input logic [63:0] data, input logic [7:0] sel);
    logic [7:0] r;
    if (sel >= 8'd13)      r = 8'hff;
    else if (sel == 8'd12) r = 8'h00;
    else if (sel >= 8'd8)  r = {8{data[16 * (32'(sel) - 8) + 15]}};
    else                   r = data[8 * sel[2:0] +: 8];
    perm_byte = r;
  endfunction

  function automatic logic signed [31:0] smin(input logic signed [31:0] x, input logic signed [31:0] y);
    smin = (x < y) ? x : y;
  endfunction
  function automatic logic signed [31:0] smax(input logic signed [31:0] x, input logic signed [31:0] y);
    smax = (x > y) ? x : y;
  endfunction
  function automatic logic [31:0] umin(input logic [31:0] x, input logic [31:0] y);
    umin = (x < y) ? x : y;
  endfunction
  function automatic logic [31:0] umax(input logic [31:0] x, input logic [31:0] y);
    umax = (x > y) ? x : y;
  endfunction

  for (genvar g = 0; g < LPC; g++) begin : g_lane
    logic [31:0] s0, s1, s2, r;
    logic signed [65:0] w;
    logic sgn, sat_ok, cbit;
    logic [63:0] cat, tm;
    logic [5:0] ln;
    logic [31:0] x, y, f;
    logic lt, eq;
    logic signed [31:0] mn, mx, md;
    logic [31:0] umn, umx, umd;
    logic [31:0] br;                              // V_BFREV_B32: the low half of the bit reverse of {S0, 32'0}
    // 16-bit rows: the core hands a 16-bit operand zero-extended in bits 15:0
    logic signed [65:0] e0, e1, e2, z0, z1, z2;   // sign- / zero-extended 16-bit S0-S2
    logic signed [31:0] t0, t1, t2, mx16;
    logic [15:0] mn16, md16;
    logic sat16_ok;
    assign s0 = a[32*g +: 32];
    assign s1 = b[32*g +: 32];
    assign s2 = c[32*g +: 32];
    assign br = 32'(rdna4_pkg::brev64({s0, 32'd0}));
    always_comb begin
      w = 66'sd0; sgn = 1'b0; sat_ok = 1'b0; r = 32'd0; cbit = 1'b0;
      x = 32'd0; y = 32'd0; f = 32'd0; lt = 1'b0; eq = 1'b0;
      cat = {s0, s1};
      ln = lane0 + 6'(g);
      tm = (64'd1 << ln) - 64'd1;               // MBCNT ThreadMask (L22171)
      // three-input signed/unsigned min, max and the pseudocode's median (L20576)
      mx = smax(smax(s0, s1), s2);
      mn = smin(smin(s0, s1), s2);
      md = (mx == $signed(s0)) ? smax(s1, s2) : (mx == $signed(s1)) ? smax(s0, s2) : smax(s0, s1);
      umx = umax(umax(s0, s1), s2);
      umn = umin(umin(s0, s1), s2);
      umd = (umx == s0) ? umax(s1, s2) : (umx == s1) ? umax(s0, s2) : umax(s0, s1);
      e0 = {{50{s0[15]}}, s0[15:0]}; e1 = {{50{s1[15]}}, s1[15:0]}; e2 = {{50{s2[15]}}, s2[15:0]};
      z0 = {50'd0, s0[15:0]}; z1 = {50'd0, s1[15:0]}; z2 = {50'd0, s2[15:0]};
      t0 = {{16{s0[15]}}, s0[15:0]}; t1 = {{16{s1[15]}}, s1[15:0]}; t2 = {{16{s2[15]}}, s2[15:0]};
      mx16 = smax(smax(t0, t1), t2);
      mn16 = 16'(smin(smin(t0, t1), t2));
      md16 = 16'((mx16 == t0) ? smax(t1, t2) : (mx16 == t1) ? smax(t0, t2) : smax(t0, t1));
      sat16_ok = 1'b0;
      case (op)
        // ---- VOPC integer compares (opcode[2:0] predicate, [3] unsigned; +128 V_CMPX)
        10'd65, 10'd66, 10'd67, 10'd68, 10'd69, 10'd70, 10'd73, 10'd74, 10'd75, 10'd76, 10'd77, 10'd78,
        10'd193, 10'd194, 10'd195, 10'd196, 10'd197, 10'd198, 10'd201, 10'd202, 10'd203, 10'd204, 10'd205, 10'd206: begin
          x = op[3] ? s0 : {~s0[31], s0[30:0]};         // signed order as unsigned order
          y = op[3] ? s1 : {~s1[31], s1[30:0]};
          lt = x < y; eq = x == y;
          case (op[2:0])
            3'd1: cbit = lt;
            3'd2: cbit = eq;
            3'd3: cbit = lt || eq;
            3'd4: cbit = !lt && !eq;
            3'd5: cbit = !eq;
            default: cbit = !lt;
          endcase
        end
        // ---- 16-bit integer compares (I16 49-54, U16 57-62; +128 V_CMPX): bit 15 the sign
        10'd49, 10'd50, 10'd51, 10'd52, 10'd53, 10'd54, 10'd57, 10'd58, 10'd59, 10'd60, 10'd61, 10'd62,
        10'd177, 10'd178, 10'd179, 10'd180, 10'd181, 10'd182, 10'd185, 10'd186, 10'd187, 10'd188, 10'd189, 10'd190: begin
          x = {16'd0, op[3] ? s0[15:0] : {~s0[15], s0[14:0]}};
          y = {16'd0, op[3] ? s1[15:0] : {~s1[15], s1[14:0]}};
          lt = x < y; eq = x == y;
          case (op[2:0])
            3'd1: cbit = lt;
            3'd2: cbit = eq;
            3'd3: cbit = lt || eq;
            3'd4: cbit = !lt && !eq;
            3'd5: cbit = !eq;
            default: cbit = !lt;
          endcase
        end
        // ---- 16-bit integer rows: a 16-bit result in bits 15:0 (the core writes the half)
        10'd412, 10'd486: r = s0;                                          // V_MOV_B16, V_SWAP_B16 (VDST's half)
        10'd489: r = {16'd0, ~s0[15:0]};                                   // V_NOT_B16
        10'd482: r = {16'd0, sat8(s0[31:16]), sat8(s0[15:0])};             // V_SAT_PK_U8_I16
        10'd491: r = s0;                                                   // V_CVT_U32_U16
        10'd490: r = t0;                                                   // V_CVT_I32_I16
        10'd605: r = m[g] ? s1 : s0;                                       // V_CNDMASK_B16
        10'd866: r = s0 & s1;                                              // V_AND_B16
        10'd867: r = s0 | s1;
        10'd868: r = s0 ^ s1;
        10'd824: r = {16'd0, s1[15:0] << s0[3:0]};                         // V_LSHLREV_B16
        10'd825: r = {16'd0, s1[15:0] >> s0[3:0]};                         // V_LSHRREV_B16
        10'd826: r = {16'd0, 16'($signed(s1[15:0]) >>> s0[3:0])};          // V_ASHRREV_I16
        10'd777: r = umax(s0, s1);                                         // V_MAX_U16
        10'd778: r = {16'd0, 16'(smax(t0, t1))};                           // V_MAX_I16
        10'd779: r = umin(s0, s1);                                         // V_MIN_U16
        10'd780: r = {16'd0, 16'(smin(t0, t1))};                           // V_MIN_I16
        10'd587: r = umn;                                                  // V_MIN3_U16
        10'd590: r = umx;                                                  // V_MAX3_U16
        10'd593: r = umd;                                                  // V_MED3_U16
        10'd586: r = {16'd0, mn16};                                   // V_MIN3_I16
        10'd589: r = {16'd0, 16'(mx16)};                                   // V_MAX3_I16
        10'd592: r = {16'd0, md16};                                   // V_MED3_I16
        10'd771: begin w = z0 + z1; sat16_ok = 1'b1; end                   // V_ADD_NC_U16
        10'd772: begin w = z0 - z1; sat16_ok = 1'b1; end                   // V_SUB_NC_U16
        10'd781: begin w = e0 + e1; sgn = 1'b1; sat16_ok = 1'b1; end       // V_ADD_NC_I16
        10'd782: begin w = e0 - e1; sgn = 1'b1; sat16_ok = 1'b1; end       // V_SUB_NC_I16
        10'd773: begin w = z0 * z1; r = {16'd0, w[15:0]}; end              // V_MUL_LO_U16 (no CLAMP)
        10'd577: begin w = z0 * z1 + z2; sat16_ok = 1'b1; end              // V_MAD_U16
        10'd595: begin w = e0 * e1 + e2; sgn = 1'b1; sat16_ok = 1'b1; end  // V_MAD_I16
        10'd601: begin w = z0 * z1 + 66'({34'd0, s2}); sat_ok = 1'b1; end  // V_MAD_U32_U16 (L21225)
        10'd602: begin w = e0 * e1 + 66'($signed(s2)); sgn = 1'b1; sat_ok = 1'b1; end  // V_MAD_I32_I16 (L21233)
        // ---- VOP2 rows (256 + op)
        10'd257: r = m[g] ? s1 : s0;                                       // V_CNDMASK_B32
        10'd265: begin w = 66'($signed(s0[23:0]) * $signed(s1[23:0])); sgn = 1'b1; sat_ok = 1'b1; end // V_MUL_I32_I24
        10'd266: begin w = 66'($signed(s0[23:0]) * $signed(s1[23:0])); r = w[63:32]; end              // V_MUL_HI_I32_I24
        10'd267: begin w = 66'({42'd0, s0[23:0]} * {42'd0, s1[23:0]}); sat_ok = 1'b1; end            // V_MUL_U32_U24
        10'd268: begin w = 66'({42'd0, s0[23:0]} * {42'd0, s1[23:0]}); r = w[63:32]; end             // V_MUL_HI_U32_U24
        10'd273: r = smin(s0, s1);                                         // V_MIN_I32
        10'd274: r = smax(s0, s1);                                         // V_MAX_I32
        10'd275: r = umin(s0, s1);                                         // V_MIN_U32
        10'd276: r = umax(s0, s1);                                         // V_MAX_U32
        10'd280: r = s1 << s0[4:0];                                        // V_LSHLREV_B32
        10'd281: r = s1 >> s0[4:0];                                        // V_LSHRREV_B32
        10'd282: r = $signed(s1) >>> s0[4:0];                              // V_ASHRREV_I32
        10'd283: r = s0 & s1;
        10'd284: r = s0 | s1;
        10'd285: r = s0 ^ s1;
        10'd286: r = ~(s0 ^ s1);
        // carries (L12496-12530, L21905-21930): add S0+S1+CI; sub S0-S1-CI; subrev S1-S0-CI
        10'd288, 10'd768: begin                                            // V_ADD_CO_CI_U32, V_ADD_CO_U32
          w = 66'({34'd0, s0}) + 66'({34'd0, s1}) + 66'({65'd0, m[g] && op == 10'd288});
          cbit = w[32]; sat_ok = 1'b1;
        end
        10'd289, 10'd769: begin                                            // V_SUB_CO_CI_U32, V_SUB_CO_U32
          w = 66'({34'd0, s0}) - 66'({34'd0, s1}) - 66'({65'd0, m[g] && op == 10'd289});
          cbit = w[65]; sat_ok = 1'b1;
        end
        10'd290, 10'd770: begin                                            // V_SUBREV_CO_CI_U32, V_SUBREV_CO_U32
          w = 66'({34'd0, s1}) - 66'({34'd0, s0}) - 66'({65'd0, m[g] && op == 10'd290});
          cbit = w[65]; sat_ok = 1'b1;
        end
        10'd293: begin w = 66'({34'd0, s0}) + 66'({34'd0, s1}); sat_ok = 1'b1; end   // V_ADD_NC_U32
        10'd294: begin w = 66'({34'd0, s0}) - 66'({34'd0, s1}); sat_ok = 1'b1; end   // V_SUB_NC_U32
        10'd295: begin w = 66'({34'd0, s1}) - 66'({34'd0, s0}); sat_ok = 1'b1; end   // V_SUBREV_NC_U32
        // ---- VOP1 rows (384 + op)
        10'd385: r = s0;                                                   // V_MOV_B32
        10'd450, 10'd451, 10'd452, 10'd456: r = s0;                        // V_MOVREL*: S0 from the indexed VGPR
        10'd487, 10'd603, 10'd604, 10'd783, 10'd784: r = s0;               // V_PERMLANE*: S0 permuted by rdna4_dpp
        10'd439: r = ~s0;                                                  // V_NOT_B32
        10'd440: r = br;                                                   // V_BFREV_B32
        10'd441: r = rdna4_pkg::clz({32'd0, s0}, 1'b0);                    // V_CLZ_I32_U32
        10'd442: r = rdna4_pkg::ctz({32'd0, s0}, 1'b0);                    // V_CTZ_I32_B32
        10'd443: r = rdna4_pkg::cls({32'd0, s0}, 1'b0);                    // V_CLS_I32 (L13590)
        // ---- VOP3-only rows
        10'd522: begin                                                     // V_MAD_I32_I24
          w = 66'($signed(s0[23:0]) * $signed(s1[23:0])) + 66'($signed(s2)); sgn = 1'b1; sat_ok = 1'b1;
        end
        10'd523: begin                                                     // V_MAD_U32_U24
          w = 66'({42'd0, s0[23:0]} * {42'd0, s1[23:0]}) + 66'({34'd0, s2}); sat_ok = 1'b1;
        end
        10'd528: r = (s0 >> s1[4:0]) & ((32'd1 << s2[4:0]) - 32'd1);      // V_BFE_U32
        10'd529: begin                                                     // V_BFE_I32: width 0 gives 0
          f = 32'($signed(s0) >>> s1[4:0]) & ((32'd1 << s2[4:0]) - 32'd1);
          r = (s2[4:0] == 5'd0) ? 32'd0 : 32'($signed(f << (6'd32 - {1'b0, s2[4:0]})) >>> (6'd32 - {1'b0, s2[4:0]}));
        end
        10'd530: r = (s0 & s1) | (~s0 & s2);                               // V_BFI_B32
        10'd533: for (int k = 0; k < 4; k++)                               // V_LERP_U8
                   r[8*k +: 8] = 8'(({1'b0, s0[8*k +: 8]} + {1'b0, s1[8*k +: 8]} + {8'd0, s2[8*k]}) >> 1);
        10'd534: r = 32'(cat >> s2[4:0]);                                  // V_ALIGNBIT_B32 (OPSEL 0)
        10'd535: r = 32'(cat >> {s2[1:0], 3'd0});                          // V_ALIGNBYTE_B32 (OPSEL 0)
        10'd538: r = mn;                                                   // V_MIN3_I32
        10'd539: r = umn;
        10'd541: r = mx;                                                   // V_MAX3_I32
        10'd542: r = umx;
        10'd544: r = md;                                                   // V_MED3_I32
        10'd545: r = umd;
        10'd546: begin w = 66'({56'd0, sad8(s0, s1, 1'b0)}) + 66'({34'd0, s2}); sat_ok = 1'b1; end   // V_SAD_U8
        10'd547: begin w = 66'({40'd0, sad8(s0, s1, 1'b0), 16'd0}) + 66'({34'd0, s2}); sat_ok = 1'b1; end // V_SAD_HI_U8
        10'd548: begin                                                     // V_SAD_U16
          w = 66'({34'd0, s2}) + 66'({50'd0, absd16(s0[15:0], s1[15:0])}) + 66'({50'd0, absd16(s0[31:16], s1[31:16])});
          sat_ok = 1'b1;
        end
        10'd549: begin w = 66'({34'd0, s2}) + 66'({34'd0, (s0 > s1) ? s0 - s1 : s1 - s0}); sat_ok = 1'b1; end // V_SAD_U32
        10'd569: begin w = 66'({56'd0, sad8(s0, s1, 1'b1)}) + 66'({34'd0, s2}); sat_ok = 1'b1; end   // V_MSAD_U8
        10'd576: r = s0 ^ s1 ^ s2;                                         // V_XOR3_B32
        10'd580: for (int k = 0; k < 4; k++) r[8*k +: 8] = perm_byte({s0, s1}, s2[8*k +: 8]);  // V_PERM_B32
        10'd581: r = (s0 ^ s1) + s2;                                       // V_XAD_U32
        10'd582: r = (s0 << s1[4:0]) + s2;                                 // V_LSHL_ADD_U32
        10'd583: r = (s0 + s1) << s2[4:0];                                 // V_ADD_LSHL_U32
        10'd597: r = s0 + s1 + s2;                                         // V_ADD3_U32
        10'd598: r = (s0 << s1[4:0]) | s2;                                 // V_LSHL_OR_B32
        10'd599: r = (s0 & s1) | s2;                                       // V_AND_OR_B32
        10'd600: r = s0 | s1 | s2;                                         // V_OR3_B32
        10'd610: r = umin(umax(s0, s1), s2);                               // V_MAXMIN_U32
        10'd611: r = umax(umin(s0, s1), s2);                               // V_MINMAX_U32
        10'd612: r = smin(smax(s0, s1), s2);                               // V_MAXMIN_I32
        10'd613: r = smax(smin(s0, s1), s2);                               // V_MINMAX_I32
        10'd797: r = ((32'd1 << s0[4:0]) - 32'd1) << s1[4:0];              // V_BFM_B32
        10'd798: r = s1 + 32'(rdna4_pkg::popcount64({32'd0, s0}));         // V_BCNT_U32_B32
        10'd799: r = s1 + 32'(rdna4_pkg::popcount64({32'd0, s0 & tm[31:0]}));   // V_MBCNT_LO_U32_B32
        10'd800: r = s1 + 32'(rdna4_pkg::popcount64({32'd0, s0 & tm[63:32]}));  // V_MBCNT_HI_U32_B32
        10'd803: r = {(s1 > 32'hffff) ? 16'hffff : s1[15:0], (s0 > 32'hffff) ? 16'hffff : s0[15:0]};  // V_CVT_PK_U16_U32
        10'd804: r = {($signed(s1) > 32'sh7fff) ? 16'h7fff : ($signed(s1) < -32'sh8000) ? 16'h8000 : s1[15:0],
                      ($signed(s0) > 32'sh7fff) ? 16'h7fff : ($signed(s0) < -32'sh8000) ? 16'h8000 : s0[15:0]};
        10'd805: begin w = 66'($signed(s0)) - 66'($signed(s1)); sgn = 1'b1; sat_ok = 1'b1; end   // V_SUB_NC_I32
        10'd806: begin w = 66'($signed(s0)) + 66'($signed(s1)); sgn = 1'b1; sat_ok = 1'b1; end   // V_ADD_NC_I32
        10'd812: r = s0 * s1;                                              // V_MUL_LO_U32
        10'd813: begin w = 66'({34'd0, s0} * {34'd0, s1}); r = w[63:32]; end      // V_MUL_HI_U32
        10'd814: begin w = 66'($signed(s0)) * 66'($signed(s1)); r = w[63:32]; end // V_MUL_HI_I32
        default: r = 32'd0;
      endcase
      if (sat_ok || sat16_ok) r = sat(w, sgn, clamp, sat16_ok);
    end
    assign d[32*g +: 32] = r;
    assign co[g] = cbit;
  end
endmodule
