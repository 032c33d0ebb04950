`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_salu.sv - the scalar integer ALU (combinational): SOP2, SOP1 (data
// operations), SOPC and the arithmetic SOPK instructions.  Program-control,
// S_MOVREL*, S_GETREG/S_SETREG, SOPP and SMEM are done in rdna4_core.
//
// Every case quotes its chapter 16 pseudocode (rdna4 L8216-10975).  The two
// points the pseudocode leaves undefined are taken from the digest (§7 B12):
// S_BFE with width 0 gives 0, width >= operand size gives all ones as mask.
//
// Deliberate bugs for checker tests: scripts/mutations/rdna4.txt, selected at
// run time in the mutant bench (+gpuref_mutant=NAME).
module rdna4_salu (
  input  logic [2:0]  fmt,
  input  logic [7:0]  op,
  input  logic [63:0] a,        // S0 (64 bits when the decoder says so, else [31:0])
  input  logic [63:0] b,        // S1
  input  logic [63:0] dold,     // D before the instruction (SOPK D-as-source, S_BITSET*)
  input  logic [15:0] simm,
  input  logic        scc,
  input  logic [63:0] exec,
  output logic [63:0] d,        // result (32-bit results in [31:0], [63:32] = 0)
  output logic        d_we,     // D is written
  output logic        scc_o,
  output logic        scc_we,
  output logic [63:0] exec_o,   // EXEC after S_*_SAVEEXEC / S_*_WREXEC
  output logic [1:0]  exec_we   // per 32-bit half
);
  logic [31:0] a32, b32, d32, simm32;
  logic [32:0] sum33;
  logic [33:0] sum34;
  logic [63:0] t64, e64, m64, lg;
  logic [6:0]  bw;              // S_BFE width, S1[22:16]
  logic [6:0]  bwc32, bwc64;    // width clamped to the operand size
  logic [5:0]  sh;
  logic [63:0] br64, qm64, wq64;

  assign a32 = a[31:0];
  assign b32 = b[31:0];
  assign simm32 = {{16{simm[15]}}, simm};
  assign bw = b[22:16];
  assign bwc32 = (bw > 7'd32) ? 7'd32 : bw;
  assign bwc64 = (bw > 7'd64) ? 7'd64 : bw;
  assign br64 = rdna4_pkg::brev64(a);
  assign qm64 = rdna4_pkg::quadmask(a);     // bits [7:0] depend on a[31:0] only
  assign wq64 = rdna4_pkg::wqm(a);          // bits [31:0] depend on a[31:0] only

  // The eight two-input logical operations of SOP2 22-37 (k = (op - 22) / 2).
  always_comb begin
    case (op[4:1] - 4'd11)
      4'd0: lg = a & b;          // AND
      4'd1: lg = a | b;          // OR
      4'd2: lg = a ^ b;          // XOR
      4'd3: lg = ~(a & b);       // NAND
      4'd4: lg = ~(a | b);       // NOR
      4'd5: lg = ~(a ^ b);       // XNOR
      4'd6: lg = a & ~b;         // AND_NOT1
      default: lg = a | ~b;      // OR_NOT1
    endcase
  end

  // The ten SAVEEXEC operations of SOP1 32-51 (k = (op - 32) / 2) on S0 and EXEC.
  always_comb begin
    case (op[4:1])
      4'd0: e64 = a & exec;      // AND
      4'd1: e64 = a | exec;      // OR
      4'd2: e64 = a ^ exec;      // XOR
      4'd3: e64 = ~(a & exec);   // NAND
      4'd4: e64 = ~(a | exec);   // NOR
      4'd5: e64 = ~(a ^ exec);   // XNOR
      4'd6: e64 = ~a & exec;     // AND_NOT0
      4'd7: e64 = ~a | exec;     // OR_NOT0
      4'd8: e64 = a & ~exec;     // AND_NOT1
      default: e64 = a | ~exec;  // OR_NOT1
    endcase
  end

  always_comb begin
    d = 64'd0; d_we = 1'b0; scc_o = scc; scc_we = 1'b0;
    exec_o = exec; exec_we = 2'b00;
    d32 = 32'd0; sum33 = 33'd0; sum34 = 34'd0; t64 = 64'd0; m64 = 64'd0; sh = 6'd0;
    case (fmt)
      // ------------------------------------------------------------ SOP2
      rdna4_pkg::FMT_SOP2: begin
        d_we = 1'b1;
        case (op)
          8'd0: begin                                       // S_ADD_CO_U32
            sum33 = {1'b0, a32} + {1'b0, b32};
            d = {32'd0, sum33[31:0]}; scc_o = sum33[32]; scc_we = 1'b1;
          end
          8'd1: begin                                       // S_SUB_CO_U32: SCC = S1 > S0
            d = {32'd0, a32 - b32}; scc_o = (b32 > a32); scc_we = 1'b1;
          end
          8'd2: begin                                       // S_ADD_CO_I32: signed overflow
            d32 = a32 + b32; d = {32'd0, d32};
            scc_o = (a32[31] == b32[31]) && (a32[31] != d32[31]); scc_we = 1'b1;
          end
          8'd3: begin                                       // S_SUB_CO_I32: signed overflow
            d32 = a32 - b32; d = {32'd0, d32};
            scc_o = (a32[31] != b32[31]) && (a32[31] != d32[31]); scc_we = 1'b1;
          end
          8'd4: begin                                       // S_ADD_CO_CI_U32
            sum34 = {2'b0, a32} + {2'b0, b32} + {33'd0, scc};
            d = {32'd0, sum34[31:0]}; scc_o = (sum34[33:32] != 2'b00); scc_we = 1'b1;
          end
          8'd5: begin                                       // S_SUB_CO_CI_U32: SCC = S1 + SCC > S0
            d = {32'd0, a32 - b32 - {31'd0, scc}};
            scc_o = ({1'b0, b32} + {32'd0, scc}) > {1'b0, a32}; scc_we = 1'b1;
          end
          8'd6: begin                                       // S_ABSDIFF_I32
            d32 = a32 - b32;
            if (d32[31]) d32 = 32'd0 - d32;
            d = {32'd0, d32}; scc_o = (d32 != 32'd0); scc_we = 1'b1;
          end
          8'd8:  d = {32'd0, a32 << b[4:0]};                // S_LSHL_B32
          8'd9: begin                                       // S_LSHL_B64
            sh = b[5:0];
            d = a << sh;
          end
          8'd10: d = {32'd0, a32 >> b[4:0]};                // S_LSHR_B32
          8'd11: d = a >> b[5:0];                           // S_LSHR_B64
          8'd12: d = {32'd0, 32'($signed(a32) >>> b[4:0])}; // S_ASHR_I32
          8'd13: d = 64'($signed(a) >>> b[5:0]);            // S_ASHR_I64
          8'd14, 8'd15, 8'd16, 8'd17: begin                 // S_LSHL{1,2,3,4}_ADD_U32: SCC = carry-out
            sh = 6'(op - 8'd13);                            // shift by 1..4
            t64 = ({32'd0, a32} << sh) + {32'd0, b32};
            d = {32'd0, t64[31:0]}; scc_o = (t64[63:32] != 32'd0); scc_we = 1'b1;
          end
          8'd18: begin scc_o = ($signed(a32) <  $signed(b32)); scc_we = 1'b1; d = {32'd0, scc_o ? a32 : b32}; end // S_MIN_I32
          8'd19: begin scc_o = (a32 <  b32);                   scc_we = 1'b1; d = {32'd0, scc_o ? a32 : b32}; end // S_MIN_U32
          8'd20: begin scc_o = ($signed(a32) >= $signed(b32)); scc_we = 1'b1; d = {32'd0, scc_o ? a32 : b32}; end // S_MAX_I32
          8'd21: begin scc_o = (a32 >= b32);                   scc_we = 1'b1; d = {32'd0, scc_o ? a32 : b32}; end // S_MAX_U32
          8'd38: begin                                      // S_BFE_U32
            d = {32'd0, (a32 >> b[4:0]) & rdna4_pkg::low_mask32(bwc32[5:0])};
          end
          8'd39: begin                                      // S_BFE_I32
            d32 = 32'($signed(a32) >>> b[4:0]) & rdna4_pkg::low_mask32(bwc32[5:0]);
            if (bwc32 != 7'd0 && bwc32 != 7'd32) begin
              sh = 6'd32 - bwc32[5:0];
              d32 = 32'($signed(d32 << sh[4:0]) >>> sh[4:0]);
            end
            d = {32'd0, d32};
          end
          8'd40, 8'd41: begin                               // S_BFE_U64, S_BFE_I64
            m64 = (bwc64 == 7'd64) ? 64'hffffffffffffffff : ((64'd1 << bwc64[5:0]) - 64'd1);
            t64 = op[0] ? 64'($signed(a) >>> b[5:0]) : (a >> b[5:0]);
            t64 = t64 & m64;
            if (op[0] && bwc64 != 7'd0 && bwc64 != 7'd64) begin
              sh = 6'(7'd64 - bwc64);
              t64 = 64'($signed(t64 << sh) >>> sh);
            end
            d = t64;
          end
          8'd42: d = {32'd0, ((32'd1 << a[4:0]) - 32'd1) << b[4:0]};   // S_BFM_B32
          8'd43: d = ((64'd1 << a[5:0]) - 64'd1) << b[5:0];          // S_BFM_B64
          8'd44: d = {32'd0, a32 * b32};                             // S_MUL_I32 (low half)
          8'd45: begin t64 = {32'd0, a32} * {32'd0, b32}; d = {32'd0, t64[63:32]}; end  // S_MUL_HI_U32
          8'd46: begin                                               // S_MUL_HI_I32
            t64 = 64'($signed({{32{a32[31]}}, a32}) * $signed({{32{b32[31]}}, b32}));
            d = {32'd0, t64[63:32]};
          end
          8'd48: d = {32'd0, scc ? a32 : b32};                       // S_CSELECT_B32
          8'd49: d = scc ? a : b;                                    // S_CSELECT_B64
          8'd50: d = {32'd0, b32[15:0],  a32[15:0]};                 // S_PACK_LL_B32_B16
          8'd51: d = {32'd0, b32[31:16], a32[15:0]};                 // S_PACK_LH_B32_B16
          8'd52: d = {32'd0, b32[31:16], a32[31:16]};                // S_PACK_HH_B32_B16
          8'd53: d = {32'd0, b32[15:0],  a32[31:16]};                // S_PACK_HL_B32_B16
          8'd83: d = a + b;                                          // S_ADD_NC_U64
          8'd84: d = a - b;                                          // S_SUB_NC_U64
          8'd85: d = a * b;                                          // S_MUL_U64
          default: begin
            if (op >= 8'd22 && op <= 8'd37) begin                   // logical: SCC = D != 0
              d = op[0] ? lg : {32'd0, lg[31:0]};
              scc_o = (d != 64'd0); scc_we = 1'b1;
            end else
              d_we = 1'b0;
          end
        endcase
        // shifts and bitfield extracts: SCC = result != 0
        if ((op >= 8'd8 && op <= 8'd13) || (op >= 8'd38 && op <= 8'd41)) begin
          scc_o = (d != 64'd0); scc_we = 1'b1;
        end
      end
      // ------------------------------------------------------------ SOP1
      rdna4_pkg::FMT_SOP1: begin
        d_we = 1'b1;
        case (op)
          8'd0, 8'd1: d = a;                                         // S_MOV_B32/B64
          8'd2, 8'd3: begin d = a; d_we = scc; end                   // S_CMOV_B32/B64
          8'd4: d = {32'd0, br64[63:32]};            // S_BREV_B32
          8'd5: d = br64;                            // S_BREV_B64
          8'd8, 8'd9:   d = {32'd0, rdna4_pkg::ctz(a, op[0])};       // S_CTZ_I32_B32/B64
          8'd10, 8'd11: d = {32'd0, rdna4_pkg::clz(a, op[0])};       // S_CLZ_I32_U32/U64
          8'd12, 8'd13: d = {32'd0, rdna4_pkg::cls(a, op[0])};       // S_CLS_I32, S_CLS_I32_I64
          8'd14: d = {32'd0, {24{a32[7]}}, a32[7:0]};                // S_SEXT_I32_I8
          8'd15: d = {32'd0, {16{a32[15]}}, a32[15:0]};              // S_SEXT_I32_I16
          8'd16: begin d = {32'd0, dold[31:0]}; d[{1'b0, a32[4:0]}] = 1'b0; end  // S_BITSET0_B32
          8'd17: begin d = dold;                d[a32[5:0]] = 1'b0; end  // S_BITSET0_B64
          8'd18: begin d = {32'd0, dold[31:0]}; d[{1'b0, a32[4:0]}] = 1'b1; end  // S_BITSET1_B32
          8'd19: begin d = dold;                d[a32[5:0]] = 1'b1; end  // S_BITSET1_B64
          8'd20: d = rdna4_pkg::bitreplicate(a32);                   // S_BITREPLICATE_B64_B32
          8'd21: begin                                               // S_ABS_I32
            d32 = a32[31] ? 32'd0 - a32 : a32;
            d = {32'd0, d32}; scc_o = (d32 != 32'd0); scc_we = 1'b1;
          end
          8'd22, 8'd23, 8'd24, 8'd25: begin                          // S_BCNT0/1_I32_B32/B64
            t64 = op[0] ? a : {32'd0, a32};
            if (op[3])                                               // BCNT1 (24, 25)
              d = {57'd0, rdna4_pkg::popcount64(t64)};
            else                                                     // BCNT0 (22, 23)
              d = {57'd0, (op[0] ? 7'd64 : 7'd32) - rdna4_pkg::popcount64(t64)};
            scc_o = (d != 64'd0); scc_we = 1'b1;
          end
          8'd26: begin d = {56'd0, qm64[7:0]};  scc_o = (d != 64'd0); scc_we = 1'b1; end
          8'd27: begin d = qm64;                 scc_o = (d != 64'd0); scc_we = 1'b1; end
          8'd28: begin d = {32'd0, wq64[31:0]}; scc_o = (d != 64'd0); scc_we = 1'b1; end
          8'd29: begin d = wq64;                 scc_o = (d != 64'd0); scc_we = 1'b1; end
          8'd30: begin d = {32'd0, ~a32};                                    scc_o = (d != 64'd0); scc_we = 1'b1; end
          8'd31: begin d = ~a;                                               scc_o = (d != 64'd0); scc_we = 1'b1; end
          8'd52, 8'd53, 8'd54, 8'd55: begin                          // S_AND_NOT{0,1}_WREXEC_B32/B64
            t64 = op[1] ? (a & ~exec) : (~a & exec);
            if (op[0]) begin
              exec_o = t64; exec_we = 2'b11; d = t64; scc_o = (t64 != 64'd0);
            end else begin
              exec_o = {exec[63:32], t64[31:0]}; exec_we = 2'b01; d = {32'd0, t64[31:0]};
              scc_o = (t64[31:0] != 32'd0);
            end
            scc_we = 1'b1;
          end
          default: begin
            if (op >= 8'd32 && op <= 8'd51) begin                   // S_*_SAVEEXEC_B32/B64: D = old EXEC
              if (op[0]) begin
                d = exec; exec_o = e64; exec_we = 2'b11; scc_o = (e64 != 64'd0);
              end else begin
                d = {32'd0, exec[31:0]}; exec_o = {exec[63:32], e64[31:0]}; exec_we = 2'b01;
                scc_o = (e64[31:0] != 32'd0);
              end
              scc_we = 1'b1;
            end else
              d_we = 1'b0;
          end
        endcase
      end
      // ------------------------------------------------------------ SOPC
      rdna4_pkg::FMT_SOPC: begin
        scc_we = 1'b1;
        case (op)
          8'd0, 8'd6: scc_o = (a32 == b32);                          // S_CMP_EQ_I32/U32
          8'd1, 8'd7: scc_o = (a32 != b32);                          // S_CMP_LG_I32/U32
          8'd2:  scc_o = ($signed(a32) >  $signed(b32));
          8'd3:  scc_o = ($signed(a32) >= $signed(b32));
          8'd4:  scc_o = ($signed(a32) <  $signed(b32));
          8'd5:  scc_o = ($signed(a32) <= $signed(b32));
          8'd8:  scc_o = (a32 >  b32);
          8'd9:  scc_o = (a32 >= b32);
          8'd10: scc_o = (a32 <  b32);
          8'd11: scc_o = (a32 <= b32);
          8'd12: scc_o = !a32[b[4:0]];                               // S_BITCMP0_B32
          8'd13: scc_o =  a32[b[4:0]];                               // S_BITCMP1_B32
          8'd14: scc_o = !a[b[5:0]];                                 // S_BITCMP0_B64
          8'd15: scc_o =  a[b[5:0]];                                 // S_BITCMP1_B64
          8'd16: scc_o = (a == b);                                   // S_CMP_EQ_U64
          8'd17: scc_o = (a != b);                                   // S_CMP_LG_U64
          default: scc_we = 1'b0;
        endcase
      end
      // ------------------------------------------------------------ SOPK
      rdna4_pkg::FMT_SOPK: begin
        case (op)
          8'd0: begin d = {32'd0, simm32}; d_we = 1'b1; end          // S_MOVK_I32
          8'd2: begin d = {32'd0, simm32}; d_we = scc;  end          // S_CMOVK_I32
          8'd15: begin                                               // S_ADDK_CO_I32: signed overflow
            d32 = dold[31:0] + simm32; d = {32'd0, d32}; d_we = 1'b1;
            scc_o = (dold[31] == simm[15]) && (dold[31] != d32[31]); scc_we = 1'b1;
          end
          8'd16: begin d = {32'd0, dold[31:0] * simm32}; d_we = 1'b1; end  // S_MULK_I32
          default: ;
        endcase
      end
      default: ;
    endcase
  end
endmodule
