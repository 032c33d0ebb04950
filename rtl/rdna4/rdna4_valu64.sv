`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_valu64.sv - the 64-bit lanes of the RDNA4 vector unit (combinational):
// LPC lanes of one pass of a row with 64-bit operands (rdna4_pkg::v64row).  The
// core (rdna4_core.sv) hands every source as 64 bits per lane: a 64-bit source is
// {VGPR N+1, VGPR N} or the 64-bit scalar value (even SGPR pair, 64-bit constant,
// literal by the operand's type: rdna4_load_src64 of model/rdna4), a 32-bit source
// is zero-extended in bits 31:0.  A 64-bit result goes to VDST (bits 31:0) and
// VDST + 1 (bits 63:32); the passes and writes are those of rdna4_valu.sv.
//
// Each lane follows the chapter 16 pseudocode as model/rdna4/rdna4_exec_valu_int.c
// executes it (shift64, mad64, qsad, compare_int):
//   V_CMP(X)_*_I64/U64    opcode[2:0] the predicate (1 LT, 2 EQ, 3 LE, 4 GT, 5 NE,
//                         6 GE), opcode[3] unsigned; signed order as unsigned order
//                         with the sign bits flipped
//   V_LSHLREV_B64, V_LSHRREV_B64, V_ASHRREV_I64   S1 shifted by S0[5:0]
//   V_MAD_CO_U64_U32, V_MAD_CO_I64_I32   the 65-bit S0 * S1 + S2 (L21867, L21879):
//                         D = bits 63:0 (CLAMP: saturated to the unsigned / signed
//                         64-bit range, model README V5), co = bit 64 (the carry,
//                         resp. the sign of the signed result, V7)
//   V_QSAD_PK_U16_U8, V_MQSAD_PK_U16_U8   four SADs of the byte windows S0[31:0],
//                         [39:8], [47:16], [55:24] against S1, each + its 16-bit
//                         field of S2 (MQSAD: bytes whose S1 byte is 0 skipped),
//                         truncated to 16 bits, with CLAMP saturated at 0xffff (V55)
//                         unless qsad_noclamp (model config qsad_clamp=1: CLAMP ignored)
//   co: compare result or the MAD carry/sign bit.
module rdna4_valu64 #(
  parameter int LPC = 32                 // lanes per pass
) (
  input  logic [9:0]        op,
  input  logic              clamp,
  input  logic              qsad_noclamp, // V_QSAD/MQSAD_PK_U16_U8: CLAMP ignored (core ctrl 15)
  input  logic              din64,       // MODE[6] (hwreg 1): F64 denormal inputs kept
  input  logic [LPC-1:0]    act,         // lanes whose exceptions count (EXEC & DPP)
  input  logic [LPC*64-1:0] a,           // S0, S1, S2 of each lane at [64*i +: 64]
  input  logic [LPC*64-1:0] b,
  input  logic [LPC*64-1:0] c,
  output logic [LPC*64-1:0] d,
  output logic [LPC-1:0]    co,
  output logic [5:0]        exc          // FP_EXC_* of the active lanes ORed (F64 rows)
);
  // Sum of the absolute byte differences of x and y plus acc (masked: bytes whose y byte is 0 skipped).
  function automatic logic [16:0] sad4(input logic [31:0] x, input logic [31:0] y, input logic [15:0] acc,
                                       input logic masked);
    logic [16:0] s;
    s = {1'b0, acc};
    for (int i = 0; i < 4; i++)
      if (!masked || y[8*i +: 8] != 8'd0)
        s = s + {9'd0, (x[8*i +: 8] > y[8*i +: 8]) ? x[8*i +: 8] - y[8*i +: 8] : y[8*i +: 8] - x[8*i +: 8]};
    sad4 = s;
  endfunction

  // The class bit of a binary64 pattern (model/fp FP_CLASS_* = the V_CMP_CLASS mask
  // bits, rdna4_pkg::fclass32's order); the raw bits, MODE's flush does not apply.
  function automatic logic [9:0] fclass64(input logic [63:0] v);
    logic [9:0] r;
    if (v[62:52] == 11'h7ff)
      r = (v[51:0] != 52'd0) ? (v[51] ? 10'b00_0000_0010 : 10'b00_0000_0001)
                             : (v[63] ? 10'b00_0000_0100 : 10'b10_0000_0000);
    else if (v[62:52] == 11'd0)
      r = (v[51:0] == 52'd0) ? (v[63] ? 10'b00_0010_0000 : 10'b00_0100_0000)
                             : (v[63] ? 10'b00_0001_0000 : 10'b00_1000_0000);
    else
      r = v[63] ? 10'b00_0000_1000 : 10'b01_0000_0000;
    fclass64 = r;
  endfunction

  logic [6*LPC-1:0] le;                             // exceptions of every lane
  always_comb begin
    exc = 6'd0;
    for (int g = 0; g < LPC; g++)
      if (act[g]) exc = exc | le[6*g +: 6];
  end

  for (genvar g = 0; g < LPC; g++) begin : g_lane
    logic [63:0] s0, s1, s2, r, x, y;
    // F64 compares (rdna4_exec_valu_fcmp.c): fp_cmp at binary64, the predicate
    // opcode[3:0], MODE[6] keeps denormal inputs, CLAMP makes a quiet NaN signal
    // (C10); CLASS on the raw bits, invalid on a signalling NaN (V8)
    logic f_res;
    logic [1:0] f_rel_unused;
    logic [5:0] f_exc, e;
    logic [9:0] cls;
    logic f_sig;                                    // CLAMP: a quiet NaN signals too
    always_comb f_sig = clamp;
    fp64_cmp u_cmp (.a(a[64*g +: 64]), .b(b[64*g +: 64]), .pred(op[3:0]), .signaling(f_sig), .daz(!din64),
      .nan_inf(1'b0), .dexc_always(1'b1), .zero_negless(1'b0), .res(f_res), .rel(f_rel_unused), .exc(f_exc));
    assign cls = fclass64(a[64*g +: 64]);
    logic signed [65:0] w;                          // the 65-bit MAD value, sign-correct
    logic [16:0] q;
    logic lt, eq, cbit;
    assign s0 = a[64*g +: 64];
    assign s1 = b[64*g +: 64];
    assign s2 = c[64*g +: 64];
    always_comb begin
      r = 64'd0; cbit = 1'b0; w = 66'sd0; q = 17'd0; e = 6'd0;
      x = op[3] ? s0 : {~s0[63], s0[62:0]};         // signed order as unsigned order
      y = op[3] ? s1 : {~s1[63], s1[62:0]};
      lt = x < y; eq = x == y;
      case (op)
        10'd81, 10'd82, 10'd83, 10'd84, 10'd85, 10'd86, 10'd89, 10'd90, 10'd91, 10'd92, 10'd93, 10'd94,
        10'd209, 10'd210, 10'd211, 10'd212, 10'd213, 10'd214, 10'd217, 10'd218, 10'd219, 10'd220, 10'd221,
        10'd222:
          case (op[2:0])
            3'd1: cbit = lt;
            3'd2: cbit = eq;
            3'd3: cbit = lt || eq;
            3'd4: cbit = !lt && !eq;
            3'd5: cbit = !eq;
            default: cbit = !lt;
          endcase
        10'd287: r = s1 << s0[5:0];                                        // V_LSHLREV_B64
        10'd829: r = s1 >> s0[5:0];                                        // V_LSHRREV_B64
        10'd830: r = $signed(s1) >>> s0[5:0];                              // V_ASHRREV_I64
        10'd766: begin                                                     // V_MAD_CO_U64_U32
          w = 66'({32'd0, s0[31:0]} * {32'd0, s1[31:0]}) + 66'({2'd0, s2});
          cbit = w[64];
          r = (clamp && w[64]) ? 64'hffffffffffffffff : w[63:0];
        end
        10'd767: begin                                                     // V_MAD_CO_I64_I32
          w = 66'($signed(s0[31:0]) * $signed(s1[31:0])) + 66'($signed(s2));
          cbit = w[64];
          r = w[63:0];
          if (clamp && w > 66'sh7fffffffffffffff)       r = 64'h7fffffffffffffff;
          else if (clamp && w < -66'sh8000000000000000) r = 64'h8000000000000000;
        end
        10'd570, 10'd571:                                                  // V_QSAD/MQSAD_PK_U16_U8
          for (int k = 0; k < 4; k++) begin
            q = sad4(s0[8*k +: 32], s1[31:0], s2[16*k +: 16], op[0]);
            r[16*k +: 16] = (clamp && !qsad_noclamp && q[16]) ? 16'hffff : q[15:0];
          end
        10'd33, 10'd34, 10'd35, 10'd36, 10'd37, 10'd38, 10'd39, 10'd40, 10'd41, 10'd42, 10'd43, 10'd44, 10'd45,
        10'd46,
        10'd161, 10'd162, 10'd163, 10'd164, 10'd165, 10'd166, 10'd167, 10'd168, 10'd169, 10'd170, 10'd171,
        10'd172, 10'd173, 10'd174: begin
          cbit = f_res; e = f_exc;                                         // V_CMP(X)_*_F64
        end
        10'd127, 10'd255: begin                                            // V_CMP(X)_CLASS_F64
          cbit = (cls & s1[9:0]) != 10'd0; e = {5'd0, cls[0]};
        end
        default: r = 64'd0;
      endcase
    end
    assign le[6*g +: 6] = e;
    assign d[64*g +: 64] = r;
    assign co[g] = cbit;
  end
endmodule
