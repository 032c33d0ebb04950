`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_lds.sv - the LDS of the RDNA4 core: the local data share memory, the DS
// loads, stores and integer atomics (VDS), DS_PARAM_LOAD and DS_DIRECT_LOAD
// (VDSDIR), the DS return queue (DScnt and EXPcnt).
// Microarchitecture, timing, ports and what it does not do yet:
// rtl/rdna4/README.md "LDS".
//
// Memory: LDS_WORDS DWORDs; the configured size `lds_bytes` (the model's
// lds_size) bounds the accesses.  Access engine (the instruction in EX): the
// active lanes one after the other (lowest first), each address of a lane (two
// for the 2ADDR forms) in one cycle: a lane's access of n <= 16 bytes at any
// byte address touches at most 5 consecutive DWORDs, which are read, combined
// (load, atomic operation) and written back with byte enables in that cycle.
// The LDS is read and written at issue (model/rdna4/README.md D22); lanes of
// one instruction that hit one address apply in lane order.
//
// Return queue: LDQ entries, each a retired DS instruction (its tag, destination
// rows, lanes, written bits and data rows); an entry returns LDS_LAT cycles
// after it retired, one VGPR row per cycle, in order.  DScnt counts the VDS
// entries, EXPcnt the VDSDIR ones (the parameter and direct loads return in
// order with the DS instructions: model/rdna4/README.md D41).
module rdna4_lds #(
  parameter int LDS_WORDS = 16384,    // LDS DWORDs held (power of 2; 16384 = 64 KiB)
  parameter int LDQ       = 8,        // return-queue entries (1..15)
  parameter int LDS_LAT   = 8         // cycles from retire to return (1..200)
) (
  input  logic          clk,
  input  logic          rst_n,
  // the instruction in EX
  input  logic          go,          // a decoded DS instruction is in EX
  input  logic          fin,         // it retires this cycle
  input  logic [31:0]   w0,
  input  logic [31:0]   w1,
  input  logic          wave64,
  input  logic [63:0]   exec,
  input  logic [31:0]   m0,
  input  logic [3:0]    fden,        // MODE[7:4]: F16, F32 denormals {allow out, allow in} (float atomics)
  input  logic [2047:0] va,          // VGPR ADDR, lane l at [32*l +: 32]
  input  logic [8191:0] vd0,         // VGPRs DATA0 .. DATA0 + 3 (row r at [2048*r +: 2048])
  input  logic [4095:0] vd1,         // VGPRs DATA1, DATA1 + 1
  input  logic [16:0]   lds_bytes,   // configured LDS size in bytes (1..65536)
  input  logic [1:0]    align,       // SH_MEM_CONFIG.alignment_mode (0-2: loads and stores aligned, D21)
  input  logic [63:0]   seq,         // sequence number of the instruction (its tag)
  // FLAT's LDS lanes (rdna4_vmem f_*: w0/w1 carry their DS opcode and VDST, va
  // the LDS addresses, exec the LDS lanes): no denormal flushed, the DS entry
  // counts iff f_cnt, an access past the LDS size reads 0 / writes nothing.
  // f_oor: an access (DS or FLAT) went past the LDS size: MEMVIOL after the
  // access (model D10, vmem_load / vmem_atomic)
  input  logic          flat,
  input  logic          f_cnt,
  output logic          f_oor,
  output logic          memviol,     // DS: a misaligned atomic / APPEND counter: MEMVIOL, nothing accessed
  // load port: LDS word ld_addr
  input  logic          ld_we,
  input  logic [19:0]   ld_addr,
  input  logic [31:0]   ld_data,
  // to the core
  output logic          done,        // the instruction may retire this cycle
  output logic          flt,         // it faults (why)
  output logic [3:0]    why,
  output logic          busy,        // entries outstanding
  output logic [5:0]    dscnt,
  output logic [3:0]    expcnt,      // VDSDIR entries (at most 7: EXPcnt is 3 bits)
  // DScnt as the model counts it (rdna4_mcnt), for the skip decision, and the
  // retiring instruction for it
  input  logic [5:0]    mdscnt,
  input  logic [2:0]    mexpcnt,     // EXPcnt as the model counts it (VDSDIR)
  output logic          mc_push,     // it counts on DScnt (VDSDIR: on EXPcnt, mc_exp) ...
  output logic          mc_exp,
  output logic          mc_any,      // ... whatever DScnt (else only while it is not 0)
  output logic [2:0]    mc_nreg,     // its data rows
  // LDS writes of the retiring instruction: lane l wrote mw_size bytes mw0_data[l]
  // at mw0_addr[l] (and, 2ADDR forms, mw1_data[l] at mw1_addr[l])
  output logic [63:0]   mw0_lanes,
  output logic [63:0]   mw1_lanes,
  output logic [2047:0] mw0_addr,    // lane l at [32*l +: 32]
  output logic [2047:0] mw1_addr,
  output logic [4:0]    mw_size,
  output logic [8191:0] mw0_data,    // lane l at [128*l +: 128], byte i in bits 8i+7:8i
  output logic [4095:0] mw1_data,    // lane l at [64*l +: 64]
  // returns: VGPR rw_row, lanes rw_lanes, bits rw_bits of each lane from rw_data
  input  logic          hold,        // the row cannot be written this cycle: return later
  output logic [7:0]    rw_row_q,
  output logic          rw_valid,
  output logic [63:0]   rw_lanes,
  output logic [31:0]   rw_bits,
  output logic [63:0]   rw_tag,
  output logic [2047:0] rw_data
);
  localparam int LAW = $clog2(LDS_WORDS);
  localparam int ROWS = 14;                          // data rows outstanding at most: the model's
                                                     // RDNA4_VM_MAXREG (README "LDS")
  if (LDQ < 1 || LDQ > 15) begin : g_bad_ldq
    $fatal(1, "rdna4_lds: LDQ must be 1..15");
  end
  if (LDS_LAT < 1 || LDS_LAT > 200) begin : g_bad_lat
    $fatal(1, "rdna4_lds: LDS_LAT must be 1..200");
  end
  if (LDS_WORDS < 2 || LDS_WORDS > 16384 || (LDS_WORDS & (LDS_WORDS - 1)) != 0) begin : g_bad_words
    $fatal(1, "rdna4_lds: LDS_WORDS must be a power of 2, 2..16384");
  end

  logic [31:0] mem [LDS_WORDS];
  // accesses end below the configured size and the memory held
  logic [16:0] lim;
  assign lim = (lds_bytes > 17'(4 * LDS_WORDS)) ? 17'(4 * LDS_WORDS) : lds_bytes;

  // ------------------------------------------------------------ the row
  // Fields (model/rdna4/rdna4.def VDS): OFFSET0 w0[7:0], OFFSET1 w0[15:8],
  // OP w0[25:18], ADDR w1[7:0], DATA0 w1[15:8], DATA1 w1[23:16], VDST w1[31:24].
  logic [7:0]  op;
  logic        k_ld, k_st, k_at, k_x2, k_nop, k_two, k_tid, k_sign, k_rtn, k_w64, k_xl, k_app, k_cx;
  logic [1:0]  k_half;                               // 0 whole, 1 bits 15:0, 2 bits 31:16
  logic [4:0]  k_n;                                  // bytes per address
  logic [9:0]  k_stride;                             // 2ADDR: bytes per offset unit
  logic [2:0]  k_nreg;                               // destination VGPRs
  logic [4:0]  k_aop;                                // atomic operation (the 32-bit non-returning opcode)
  logic [2:0]  k_fk;                                 // float atomic (rdna4_fatomic): 1 MIN_NUM_F32,
                                                     // 2 MAX_NUM_F32, 3 ADD_F32, 4 PK_ADD_F16, 5 PK_ADD_BF16;
                                                     // here: 6 MIN_NUM_F64, 7 MAX_NUM_F64
  assign op = w0[25:18];
  // VDSDIR (model rdna4.def, D41): VDST w0[7:0], ATTR_CHAN [9:8], ATTR [15:10],
  // WAIT_VA [19:16], OP [20] (0 DS_PARAM_LOAD, 1 DS_DIRECT_LOAD), WAIT_VMVSRC [23]:
  // a DWORD load of every lane of the quads with an active lane (below)
  logic dir, d_dl;
  assign dir  = (w0[31:24] == 8'hce) && !flat;
  assign d_dl = w0[20];
  always_comb begin
    k_ld = 1'b0; k_st = 1'b0; k_at = 1'b0; k_x2 = 1'b0; k_nop = 1'b0; k_two = 1'b0; k_tid = 1'b0;
    k_xl = 1'b0; k_app = 1'b0; k_cx = 1'b0;
    k_sign = 1'b0; k_rtn = 1'b0; k_w64 = 1'b0; k_half = 2'd0; k_n = 5'd4; k_stride = 10'd4;
    k_aop = op[4:0]; k_fk = 3'd0;
    case (op)
      8'd13: k_st = 1'b1;                                               // STORE_B32
      8'd14: begin k_st = 1'b1; k_two = 1'b1; end                       // STORE_2ADDR_B32
      8'd15: begin k_st = 1'b1; k_two = 1'b1; k_stride = 10'd256; end   // STORE_2ADDR_STRIDE64_B32
      8'd20: k_nop = 1'b1;                                              // DS_NOP
      8'd30: begin k_st = 1'b1; k_n = 5'd1; end                         // STORE_B8
      8'd31: begin k_st = 1'b1; k_n = 5'd2; end                         // STORE_B16
      8'd54: k_ld = 1'b1;                                               // LOAD_B32
      8'd55: begin k_ld = 1'b1; k_two = 1'b1; end                       // LOAD_2ADDR_B32
      8'd56: begin k_ld = 1'b1; k_two = 1'b1; k_stride = 10'd256; end   // LOAD_2ADDR_STRIDE64_B32
      8'd57: begin k_ld = 1'b1; k_n = 5'd1; k_sign = 1'b1; end          // LOAD_I8
      8'd58: begin k_ld = 1'b1; k_n = 5'd1; end                         // LOAD_U8
      8'd59: begin k_ld = 1'b1; k_n = 5'd2; k_sign = 1'b1; end          // LOAD_I16
      8'd60: begin k_ld = 1'b1; k_n = 5'd2; end                         // LOAD_U16
      8'd77: begin k_st = 1'b1; k_n = 5'd8; end                         // STORE_B64
      8'd78: begin k_st = 1'b1; k_n = 5'd8; k_two = 1'b1; k_stride = 10'd8; end
      8'd79: begin k_st = 1'b1; k_n = 5'd8; k_two = 1'b1; k_stride = 10'd512; end
      8'd118: begin k_ld = 1'b1; k_n = 5'd8; end                        // LOAD_B64
      8'd119: begin k_ld = 1'b1; k_n = 5'd8; k_two = 1'b1; k_stride = 10'd8; end
      8'd120: begin k_ld = 1'b1; k_n = 5'd8; k_two = 1'b1; k_stride = 10'd512; end
      8'd160: begin k_st = 1'b1; k_n = 5'd1; k_half = 2'd2; end         // STORE_B8_D16_HI
      8'd161: begin k_st = 1'b1; k_n = 5'd2; k_half = 2'd2; end         // STORE_B16_D16_HI
      8'd162: begin k_ld = 1'b1; k_n = 5'd1; k_half = 2'd1; end         // LOAD_U8_D16
      8'd163: begin k_ld = 1'b1; k_n = 5'd1; k_half = 2'd2; end         // LOAD_U8_D16_HI
      8'd164: begin k_ld = 1'b1; k_n = 5'd1; k_half = 2'd1; k_sign = 1'b1; end
      8'd165: begin k_ld = 1'b1; k_n = 5'd1; k_half = 2'd2; k_sign = 1'b1; end
      8'd166: begin k_ld = 1'b1; k_n = 5'd2; k_half = 2'd1; end         // LOAD_U16_D16
      8'd167: begin k_ld = 1'b1; k_n = 5'd2; k_half = 2'd2; end         // LOAD_U16_D16_HI
      8'd176: begin k_st = 1'b1; k_tid = 1'b1; end                      // STORE_ADDTID_B32
      8'd177: begin k_ld = 1'b1; k_tid = 1'b1; end                      // LOAD_ADDTID_B32
      8'd222: begin k_st = 1'b1; k_n = 5'd12; end                       // STORE_B96
      8'd223: begin k_st = 1'b1; k_n = 5'd16; end                       // STORE_B128
      8'd254: begin k_ld = 1'b1; k_n = 5'd12; end                       // LOAD_B96
      8'd255: begin k_ld = 1'b1; k_n = 5'd16; end                       // LOAD_B128
      // integer atomics: 0-12, 16 (32-bit), +32 returning, +64 64-bit, +96 both
      8'd0, 8'd1, 8'd2, 8'd3, 8'd4, 8'd5, 8'd6, 8'd7, 8'd8, 8'd9, 8'd10, 8'd11, 8'd12, 8'd16:
        k_at = 1'b1;
      8'd32, 8'd33, 8'd34, 8'd35, 8'd36, 8'd37, 8'd38, 8'd39, 8'd40, 8'd41, 8'd42, 8'd43, 8'd44,
      8'd45, 8'd48:
        begin k_at = 1'b1; k_rtn = 1'b1; end
      8'd64, 8'd65, 8'd66, 8'd67, 8'd68, 8'd69, 8'd70, 8'd71, 8'd72, 8'd73, 8'd74, 8'd75, 8'd76, 8'd80:
        begin k_at = 1'b1; k_w64 = 1'b1; k_n = 5'd8; end
      8'd96, 8'd97, 8'd98, 8'd99, 8'd100, 8'd101, 8'd102, 8'd103, 8'd104, 8'd105, 8'd106, 8'd107,
      8'd108, 8'd109, 8'd112:
        begin k_at = 1'b1; k_rtn = 1'b1; k_w64 = 1'b1; k_n = 5'd8; end
      8'd152: begin k_at = 1'b1; k_aop = 5'd26; end                     // COND_SUB_U32
      8'd153: begin k_at = 1'b1; k_aop = 5'd27; end                     // SUB_CLAMP_U32
      8'd168: begin k_at = 1'b1; k_rtn = 1'b1; k_aop = 5'd26; end
      8'd169: begin k_at = 1'b1; k_rtn = 1'b1; k_aop = 5'd27; end
      8'd21: begin k_at = 1'b1; k_fk = 3'd3; end                        // ADD_F32
      8'd18: begin k_at = 1'b1; k_fk = 3'd1; end                        // MIN_NUM_F32
      8'd19: begin k_at = 1'b1; k_fk = 3'd2; end                        // MAX_NUM_F32
      8'd154: begin k_at = 1'b1; k_fk = 3'd4; end                       // PK_ADD_F16
      8'd155: begin k_at = 1'b1; k_fk = 3'd5; end                       // PK_ADD_BF16
      8'd50: begin k_at = 1'b1; k_rtn = 1'b1; k_fk = 3'd1; end          // MIN_NUM_RTN_F32
      8'd51: begin k_at = 1'b1; k_rtn = 1'b1; k_fk = 3'd2; end          // MAX_NUM_RTN_F32
      8'd170: begin k_at = 1'b1; k_rtn = 1'b1; k_fk = 3'd4; end         // PK_ADD_RTN_F16
      8'd171: begin k_at = 1'b1; k_rtn = 1'b1; k_fk = 3'd5; end         // PK_ADD_RTN_BF16
      8'd53, 8'd178, 8'd179, 8'd205: k_xl = 1'b1;                       // SWIZZLE, PERMUTE, BPERMUTE(_FI)
      8'd61: begin k_at = 1'b1; k_app = 1'b1; k_rtn = 1'b1; k_aop = 5'd1; end   // CONSUME
      8'd62: begin k_at = 1'b1; k_app = 1'b1; k_rtn = 1'b1; k_aop = 5'd0; end   // APPEND
      8'd126: begin k_cx = 1'b1; k_two = 1'b1; end                      // CONDXCHG32_RTN_B64
      8'd121: begin k_at = 1'b1; k_rtn = 1'b1; k_fk = 3'd3; end         // ADD_RTN_F32
      8'd82: begin k_at = 1'b1; k_w64 = 1'b1; k_n = 5'd8; k_fk = 3'd6; end   // MIN_NUM_F64
      8'd83: begin k_at = 1'b1; k_w64 = 1'b1; k_n = 5'd8; k_fk = 3'd7; end   // MAX_NUM_F64
      8'd114: begin k_at = 1'b1; k_rtn = 1'b1; k_w64 = 1'b1; k_n = 5'd8; k_fk = 3'd6; end   // MIN_NUM_RTN_F64
      8'd115: begin k_at = 1'b1; k_rtn = 1'b1; k_w64 = 1'b1; k_n = 5'd8; k_fk = 3'd7; end   // MAX_NUM_RTN_F64
      // STOREXCHG_2ADDR(_STRIDE64)_RTN_B32/B64: two swaps, both old values returned
      8'd46: begin k_x2 = 1'b1; k_two = 1'b1; end
      8'd47: begin k_x2 = 1'b1; k_two = 1'b1; k_stride = 10'd256; end
      8'd110: begin k_x2 = 1'b1; k_two = 1'b1; k_n = 5'd8; k_stride = 10'd8; end
      8'd111: begin k_x2 = 1'b1; k_two = 1'b1; k_n = 5'd8; k_stride = 10'd512; end
      default: ;                                                        // other float atomics, lanes, append, ...
    endcase
    if (dir) begin                                                      // VDSDIR: a DWORD load, no DS row
      k_st = 1'b0; k_at = 1'b0; k_x2 = 1'b0; k_nop = 1'b0; k_two = 1'b0; k_tid = 1'b0; k_xl = 1'b0;
      k_app = 1'b0; k_cx = 1'b0; k_sign = 1'b0; k_rtn = 1'b0; k_w64 = 1'b0; k_half = 2'd0; k_n = 5'd4;
      k_fk = 3'd0; k_ld = 1'b1;
    end
    // destination VGPRs: loads (2ADDR: both), returning atomics, exchanges
    k_nreg = 3'd0;
    if (k_ld || k_x2) k_nreg = (k_n >= 5'd4 ? 3'(k_n[4:2]) : 3'd1) << k_two;
    else if (k_at && k_rtn) k_nreg = k_w64 ? 3'd2 : 3'd1;
    else if (k_xl) k_nreg = 3'd1;
    else if (k_cx) k_nreg = 3'd2;
  end

  logic [7:0]  f_o0, f_o1, f_vd;
  assign f_o0 = w0[7:0];
  assign f_o1 = w0[15:8];
  assign f_vd = dir ? w0[7:0] : w1[31:24];

  // Lanes: EXEC (wave32 its low half); a destination run past v255 executes no
  // lane (L957, the model's ds_skip).  VDSDIR: every lane of a quad with an active
  // lane (L5744, the model's quad_lanes); DS_PARAM_LOAD's lane 4q + 3 reads
  // nothing (d_rd).
  logic [63:0] lanes, d_rd;
  always_comb begin
    lanes = wave64 ? exec : {32'd0, exec[31:0]};
    if ({1'b0, f_vd} + {6'd0, k_nreg} > 9'd256) lanes = 64'd0;
    if (dir)
      for (int q = 0; q < 16; q++) lanes[4*q +: 4] = {4{lanes[4*q +: 4] != 4'd0}};
    d_rd = d_dl ? lanes : lanes & {16{4'h7}};
  end

  // DS_PARAM_LOAD (D41; L5702-5790, L25196-25218): M0 = {1'b0, new_prim_mask[15:1],
  // lds_param_offset[15:0]}.  Quad q's primitive is the count of new-primitive bits
  // of quads 1..q (M0[16 + q - 1]; wave32: quads 1-7), NumPrims that of the last
  // quad + 1; lane 4q + j (j < 3) reads the DWORD at lds_param_offset + 4 * (ATTR *
  // NumPrims * 12 + prim * 12 + 4 j + ATTR_CHAN) (P0, P10, P20), lane 4q + 3 gets 0.
  // DS_DIRECT_LOAD (L5867-5900): M0 = {13'b0, DataType[2:0], LDS_address[15:0]}: the
  // DWORD at the address with bits 1:0 cleared, then 0 UBYTE / 1 USHORT zero-, 4
  // SBYTE / 5 SSHORT sign-extended, 2 the DWORD, in every lane.  M0's
  // lds_param_offset[6:0] set, ATTR > 32 and the data types 3, 6, 7 are the model's
  // step errors: the core faults (WHY_OPERAND).
  logic [4:0]  d_pr [16];                            // primitive of each quad
  logic [4:0]  d_np;                                 // NumPrimsInVector
  logic [2:0]  d_ty;
  logic        d_bad;
  always_comb begin
    d_np = 5'd0;
    for (int q = 0; q < 16; q++) begin
      if (q != 0 && (wave64 || q < 8) && m0[15 + q]) d_np = d_np + 5'd1;
      d_pr[q] = d_np;
    end
    d_np = d_np + 5'd1;
    d_ty = m0[18:16];
    d_bad = dir && (d_dl ? (d_ty == 3'd3 || d_ty > 3'd5) : (m0[6:0] != 7'd0 || w0[15:10] > 6'd32));
  end

  // ------------------------------------------------------------ engine
  logic [1:0]    e_st;                               // 0 idle, 1 lanes, 2 finished
  logic [63:0]   e_rem;                              // lanes still to access
  logic          e_j;                                // address of the lane (2ADDR: 0 or 1)
  logic [8191:0] e_res;                              // result rows (row r, lane l at [2048*r + 32*l +: 32])
  logic [63:0]   e_mw0, e_mw1;
  logic [2047:0] e_a0, e_a1;
  logic [8191:0] e_d0;
  logic [4095:0] e_d1;
  logic [5:0]    cl;
  logic [31:0]   c_base, c_addr;
  logic [32:0]   c_end;
  logic          c_oor, c_mis, c_part;
  logic [LAW-1:0] c_w;
  logic [159:0]  c_old, c_new, c_sh;
  logic [127:0]  c_bytes, c_src, c_wr, c_d;
  logic [63:0]   c_tmp, c_s, c_s2, c_at;
  logic [19:0]   c_be;
  logic [127:0]  nmask;
  logic          c_last;
  logic [31:0]   c_cxv;
  logic          c_wr_on;                            // this lane's address is written
  logic          e_szv;                              // a lane wrote: e_sz bytes (the record's size)
  logic [4:0]    e_sz;
  logic [2:0]    c_per, c_r0;
  logic [127:0]  c_rows;
  logic [3:0]    c_rmask;
  logic [63:0]   rem_n;
  logic [15:0]   c_inm;                              // bytes of the access below the size
  logic [4:0]    c_wsz;                              // bytes the lane writes
  logic [32:0]   c_rem;

  // alignment modes 0-2 (model rdna4_lds_align, L966-973): loads and stores
  // clear the address bits below the native alignment (B16 2, B32 4, B64 8,
  // B96/B128 16); atomics must be size-aligned in every mode (MEMVIOL)
  logic [31:0] k_am;
  always_comb begin
    k_am = 32'd0;
    if (align != 2'd3 && (k_ld || k_st) && !dir)
      k_am = (k_n == 5'd2) ? 32'd1 : (k_n == 5'd4) ? 32'd3 : (k_n == 5'd8) ? 32'd7 : (k_n == 5'd1) ? 32'd0 : 32'd15;
  end

  // MEMVIOL before any access (model ds_atomic, ds_atomic_float, ds_xchg2,
  // ds_append; L955-956): an active lane's atomic or exchange address (2ADDR:
  // either) not aligned to its size, or APPEND/CONSUME's counter address not a
  // multiple of 4 with a lane active.  FLAT's LDS atomics: rdna4_vmem.
  logic [31:0] mv_o0, mv_o1, mv_a0, mv_a1, mv_ca;
  logic [63:0] mv_l;
  always_comb begin
    mv_o0 = k_two ? 32'(f_o0) * 32'(k_stride) : {16'd0, f_o1, f_o0};
    mv_o1 = 32'(f_o1) * 32'(k_stride);
    mv_ca = {16'd0, f_o1, f_o0} + {16'd0, m0[15:0]};
    mv_l = 64'd0;
    for (int l = 0; l < 64; l++) begin
      mv_a0 = va[32*l +: 32] + mv_o0;
      mv_a1 = k_two ? va[32*l +: 32] + mv_o1 : 32'd0;
      if (lanes[l] && ((k_at && !k_app) || k_x2) && (((mv_a0 | mv_a1) & ((k_n == 5'd8) ? 32'd7 : 32'd3)) != 32'd0))
        mv_l[l] = 1'b1;
    end
    memviol = go && !flat && (mv_l != 64'd0 || (k_app && lanes != 64'd0 && mv_ca[1:0] != 2'd0));
  end

  always_comb begin
    cl = 6'd0;
    for (int l = 63; l >= 0; l--)
      if (e_rem[l]) cl = 6'(l);
    c_base = va[32*cl +: 32];
    if (k_app)      c_addr = {16'd0, f_o1, f_o0} + {16'd0, m0[15:0]};
    else if (k_cx)  c_addr = ((c_base + {16'd0, f_o1, f_o0}) & 32'h0000fff8) + {29'd0, e_j, 2'b00};
    else if (k_tid) c_addr = {16'd0, f_o1, f_o0} + {16'd0, m0[15:0]} + {24'd0, cl, 2'b00};
    else if (k_two) c_addr = c_base + (e_j ? {22'd0, f_o1} * {22'd0, k_stride} : {22'd0, f_o0} * {22'd0, k_stride});
    else if (dir)   c_addr = d_dl ? {16'd0, m0[15:2], 2'b00}
                                  : {16'd0, m0[15:0]} + {22'd0, w0[15:10], 4'd0} * {27'd0, d_np} * 32'd3
                                    + {25'd0, d_pr[cl[5:2]], 2'b00} * 32'd12 + {26'd0, cl[1:0], 4'd0}
                                    + {28'd0, w0[9:8], 2'b00};
    else            c_addr = c_base + {16'd0, f_o1, f_o0};
    c_addr = c_addr & ~k_am;
    c_end = {1'b0, c_addr} + {28'd0, k_n};
    c_oor = c_end > {16'd0, lim};
    c_part = c_oor && c_addr < {15'd0, lim};          // some bytes in range
    c_mis = (k_at || k_x2) && ((k_w64 || k_n == 5'd8) ? (c_addr[2:0] != 3'd0) : (c_addr[1:0] != 2'd0));
    c_w   = c_addr[LAW+1:2];
    for (int i = 0; i < 5; i++) c_old[32*i +: 32] = mem[LAW'(c_w + LAW'(i))];
    nmask   = ~(128'hffffffff_ffffffff_ffffffff_ffffffff << (8 * k_n));
    c_bytes = 128'(c_old >> (8 * c_addr[1:0])) & nmask;
    for (int i = 0; i < 16; i++) begin                // bytes past the size read 0 (D10)
      c_inm[i] = ({1'b0, c_addr} + 33'(i) < {16'd0, lim}) && (5'(i) < k_n);
      if ({1'b0, c_addr} + 33'(i) >= {16'd0, lim}) c_bytes[8*i +: 8] = 8'd0;
    end
    if (c_oor && k_at) c_bytes = 128'd0;              // an atomic past the size: 0 returned, no update
    c_rem = {16'd0, lim} - {1'b0, c_addr};
    c_wsz = c_oor ? c_rem[4:0] : k_n;                 // a store / exchange: its bytes below the size
    // the data a store / exchange writes (DATA0 rows for the first address, DATA1 for the second)
    c_src = 128'd0;
    for (int r = 0; r < 4; r++) c_src[32*r +: 32] = vd0[2048*r + 32*cl +: 32];
    if (k_two && e_j) c_src = {64'd0, vd1[2048 + 32*cl +: 32], vd1[32*cl +: 32]};
    if (k_half == 2'd2) c_src[31:0] = {16'd0, c_src[31:16]};
    // CONDXCHG32 (L26620-26650): DWORD j of DATA0 replaces the one at ADDR0 + 4j,
    // bit 31 cleared, iff its bit 31 is set
    c_cxv = vd0[2048*e_j + 32*cl +: 32];
    if (k_cx) c_src = {96'd0, 1'b0, c_cxv[30:0]};
    // atomics (model rdna4_atomic_int): tmp the memory value, src DATA0, src2 DATA1
    c_tmp = k_w64 ? c_bytes[63:0] : {32'd0, c_bytes[31:0]};
    c_s   = k_w64 ? {vd0[2048 + 32*cl +: 32], vd0[32*cl +: 32]} : {32'd0, vd0[32*cl +: 32]};
    if (k_app) c_s = {57'd0, n_act};                  // APPEND/CONSUME: countbits(EXEC)
    c_s2  = k_w64 ? {vd1[2048 + 32*cl +: 32], vd1[32*cl +: 32]} : {32'd0, vd1[32*cl +: 32]};
  end
  // (the float atomic unit sits between the two blocks: c_tmp, c_s in, c_fadd out)
  always_comb begin
    c_at = (k_fk >= 3'd6) ? c_f64 :                                    // F64 min/max
           (k_fk != 3'd0) ? {32'd0, c_fadd}                            // float atomics
                          : rdna4_pkg::atomic_int(k_aop, k_w64, c_tmp, c_s, c_s2);
    c_wr = k_at ? {64'd0, c_at} : (c_src & nmask);
    // the new words: the written bytes at the address, the others kept
    c_sh = {32'd0, c_wr} << (8 * c_addr[1:0]);
    c_be = 20'({5'd0, c_inm} << c_addr[1:0]);
    for (int i = 0; i < 20; i++)
      c_new[8*i +: 8] = c_be[i] ? c_sh[8*i +: 8] : c_old[8*i +: 8];
    // load results: the lane's DWORDs (sub-DWORD: extended, D16 halves)
    c_d = 128'd0;
    case (k_n)
      5'd1: c_d[15:0] = {{8{k_sign & c_bytes[7]}}, c_bytes[7:0]};
      5'd2: c_d[15:0] = c_bytes[15:0];
      default: c_d = c_bytes;
    endcase
    if (k_n <= 5'd2 && k_half == 2'd0) c_d[31:16] = {16{k_sign & c_d[15]}};
    if (k_half == 2'd2) c_d[31:0] = {c_d[15:0], 16'd0};
    if (dir && d_dl)                                  // DS_DIRECT_LOAD's data type
      case (d_ty)
        3'd0: c_d[31:0] = {24'd0, c_bytes[7:0]};
        3'd1: c_d[31:0] = {16'd0, c_bytes[15:0]};
        3'd4: c_d[31:0] = {{24{c_bytes[7]}}, c_bytes[7:0]};
        3'd5: c_d[31:0] = {{16{c_bytes[15]}}, c_bytes[15:0]};
        default: ;
      endcase
    // result rows of this address: loads the DWORDs read, returning atomics and
    // exchanges the old value; a 2ADDR form's second address after the first's rows
    c_per   = (k_ld && k_n >= 5'd4) ? 3'(k_n[4:2]) : (k_n == 5'd8) ? 3'd2 : 3'd1;
    c_r0    = e_j ? c_per : 3'd0;
    c_rows  = (k_ld ? c_d : c_bytes) << (32 * c_r0);
    c_rmask = (k_ld || k_x2 || k_cx || (k_at && k_rtn)) ? 4'(((5'd1 << c_per) - 5'd1) << c_r0) : 4'd0;
    c_wr_on = (k_st || k_at || k_x2 || (k_cx && c_cxv[31])) &&
              ((flat || k_at) ? !c_oor : ({1'b0, c_addr} < {16'd0, lim}));
    c_last = !k_two || e_j;
    rem_n  = e_rem & ~(64'd1 << cl);
  end

  // DS float atomics (model/rdna4/README.md D25, rdna4_fatomic.sv): ADD_F32,
  // MIN/MAX_NUM_F32, PK_ADD_F16/BF16 rounded to nearest even whatever MODE's
  // rounding, denormals by MODE[7:4], no exception reported
  logic [31:0] c_fadd;
  rdna4_fatomic u_fadd (.kind(k_fk), .tmp(c_tmp[31:0]), .src(c_s[31:0]), .lds(!flat), .fden(fden), .r(c_fadd));

  // DS_MIN/MAX_NUM(_RTN)_F64 (model rdna4_atomic_float, D25): both inputs
  // flushed first by MODE.FP_DENORM's F64 allow-input bit (MODE[6], fden[2]; the
  // flushed value is the one written); both NaN: DATA quieted; one NaN: the other
  // value; else minimumNumber / maximumNumber with -0 < +0 (fp64_cmp), DATA on a tie
  logic [63:0] d_s, d_t, c_f64;
  logic        d_sn, d_tn;
  logic [1:0]  d_rel;
  logic        d_res;
  logic [5:0]  d_exc;
  assign d_s  = (!fden[2] && c_s[62:52] == 11'd0) ? {c_s[63], 63'd0} : c_s;
  assign d_t  = (!fden[2] && c_tmp[62:52] == 11'd0) ? {c_tmp[63], 63'd0} : c_tmp;
  assign d_sn = (d_s[62:52] == 11'h7ff) && (d_s[51:0] != 52'd0);
  assign d_tn = (d_t[62:52] == 11'h7ff) && (d_t[51:0] != 52'd0);
  fp64_cmp u_f64cmp (.a(d_s), .b(d_t), .pred(4'h1), .signaling(1'b0), .daz(1'b0), .nan_inf(1'b0),
    .dexc_always(1'b1), .zero_negless(1'b1), .res(d_res), .rel(d_rel), .exc(d_exc));
  always_comb begin
    if (d_sn && d_tn)      c_f64 = d_s | 64'h0008000000000000;
    else if (d_sn)         c_f64 = d_t;
    else if (d_tn)         c_f64 = d_s;
    else if (k_fk == 3'd6) c_f64 = (d_rel == 2'd2) ? d_t : d_s;       // min: tmp when DATA > tmp
    else                   c_f64 = (d_rel == 2'd0) ? d_t : d_s;       // max: tmp when DATA < tmp
  end

  // DS_APPEND/CONSUME (D27): one add / subtract of countbits(EXEC) on the DWORD at
  // M0[15:0] + OFFSET, done by the first active lane, the old value to every lane
  logic [6:0] n_act;
  always_comb begin
    n_act = 7'd0;
    for (int l = 0; l < 64; l++) n_act = n_act + {6'd0, lanes[l]};
  end

  // DS_SWIZZLE_B32, DS_PERMUTE/BPERMUTE(_FI)_B32 (D11, D26): no LDS access, the
  // lanes' results in one cycle.  Swizzle: the source lane by the offset's mode
  // (FFT >= 0xe000, rotate >= 0xc000, quad permute bit 15, else the and/or/xor
  // masks) in the lane's group of 32, ADDR's value, 0 from a disabled lane.
  // Permutes: lane number bits [6:2] / [7:2] of ADDR + OFFSET; PERMUTE scatters
  // DATA0 (the highest source wins, 0 where none), BPERMUTE gathers (0 from a
  // disabled lane), BPERMUTE_FI gathers from every lane.
  function automatic logic [5:0] swz_src(input logic [15:0] off, input logic [5:0] i);
    logic [4:0] j, x, r, msk, rot, xm, om, am;
    logic [2:0] pc;
    x = i[4:0]; msk = off[4:0];
    if (off >= 16'he000) begin
      for (int b = 0; b < 5; b++) r[b] = x[4 - b];
      pc = 3'd0;
      for (int b = 0; b < 5; b++) pc = pc + {2'd0, msk[b]};
      j = (r >> pc) | (x & msk);
    end else if (off >= 16'hc000) begin
      rot = off[9:5];
      if (off[10]) rot = 5'd0 - rot;
      j = (x & msk) | ((x + rot) & ~msk);
    end else if (off[15]) begin
      j = {x[4:2], 2'b00} + {3'd0, off[2*i[1:0] +: 2]};
    end else begin
      xm = off[14:10]; om = off[9:5]; am = off[4:0];
      j = ((x & am) | om) ^ xm;
    end
    swz_src = {i[5], j};
  endfunction
  logic [15:0]   xl_off;
  logic [63:0]   xl_ex;
  logic [2047:0] xl_out;
  logic [5:0]    xl_j;
  logic [31:0]   xl_sum;
  logic [5:0]    xl_lane [64];
  assign xl_off = {f_o1, f_o0};
  assign xl_ex  = wave64 ? exec : {32'd0, exec[31:0]};
  always_comb begin
    for (int i = 0; i < 64; i++) begin
      xl_sum = va[32*i +: 32] + {16'd0, xl_off};
      xl_lane[i] = wave64 ? xl_sum[7:2] : {1'b0, xl_sum[6:2]};
    end
    xl_out = '0;
    xl_j = 6'd0;
    for (int i = 0; i < 64; i++) begin
      case (op)
        8'd53: begin
          xl_j = swz_src(xl_off, 6'(i));
          xl_out[32*i +: 32] = xl_ex[xl_j] ? va[32*xl_j +: 32] : 32'd0;
        end
        8'd178: ;
        8'd179: xl_out[32*i +: 32] = xl_ex[xl_lane[i]] ? vd0[32*xl_lane[i] +: 32] : 32'd0;
        default: xl_out[32*i +: 32] = vd0[32*xl_lane[i] +: 32];
      endcase
    end
    if (op == 8'd178)
      for (int i = 0; i < 64; i++)
        if (xl_ex[i]) xl_out[32*xl_lane[i] +: 32] = vd0[32*i +: 32];
  end

  // faults: VDSDIR with an M0 or ATTR the model refuses (WHY_OPERAND), an opcode
  // the unit does not execute (WHY_VMEM_OP), a misaligned
  // atomic the MEMVIOL check let through (WHY_VMEM_OP), a FLAT store partly past
  // the LDS size, a DS store or exchange whose lanes write different byte counts
  // (some partly past the size: the retire record has one size) (WHY_VMEM_WIN)
  logic c_we;
  always_comb begin
    flt = 1'b0; why = rdna4_pkg::WHY_NONE;
    if (go) begin
      if (d_bad) begin
        flt = 1'b1; why = rdna4_pkg::WHY_OPERAND;
      end else if (!(k_ld || k_st || k_at || k_x2 || k_nop || k_xl || k_cx)) begin
        flt = 1'b1; why = rdna4_pkg::WHY_VMEM_OP;
      end else if (e_st == 2'd1 && c_mis) begin
        flt = 1'b1; why = rdna4_pkg::WHY_VMEM_OP;
      end else if (e_st == 2'd1 && ((flat && c_oor && k_st && c_part) ||
                                    (!flat && c_wr_on && e_szv && c_wsz != e_sz))) begin
        flt = 1'b1; why = rdna4_pkg::WHY_VMEM_WIN;
      end
    end
  end
  assign c_we = go && e_st == 2'd1 && !flt && c_wr_on;

  always_ff @(posedge clk) begin
    if (ld_we && {12'd0, ld_addr} < 32'(LDS_WORDS))
      mem[ld_addr[LAW-1:0]] <= ld_data;
    else if (c_we)
      for (int i = 0; i < 5; i++)
        mem[LAW'(c_w + LAW'(i))] <= c_new[32*i +: 32];
  end

  // ------------------------------------------------------------ return queue
  logic [63:0]   q_tag   [LDQ];
  logic [7:0]    q_dst   [LDQ];
  logic [2:0]    q_nreg  [LDQ];
  logic [2:0]    q_rc    [LDQ];
  logic [31:0]   q_bits  [LDQ];
  logic [63:0]   q_lanes [LDQ];
  logic [8191:0] q_data  [LDQ];
  logic [7:0]    q_t     [LDQ];
  logic          q_e     [LDQ];                     // a VDSDIR entry (EXPcnt)
  logic [3:0]    q_n, q_ne;
  logic [4:0]    rows;                              // data rows outstanding
  logic          q_fire, q_pop, q_push, q_room, q_cnt;
  logic [2:0]    p_nreg;
  always_comb begin
    rows = 5'd0; q_ne = 4'd0;
    for (int i = 0; i < LDQ; i++)
      if (4'(i) < q_n) begin
        rows = rows + 5'(q_nreg[i]);
        q_ne = q_ne + {3'd0, q_e[i]};
      end
  end
  // the oldest entry returns when its timer ran out (an entry without rows leaves at once)
  assign rw_row_q = q_dst[0] + 8'(q_rc[0]);
  assign rw_lanes = q_lanes[0];
  assign rw_bits  = q_bits[0];
  assign rw_tag   = q_tag[0];
  always_comb begin
    rw_data = '0;
    for (int r = 0; r < 4; r++)
      if (q_rc[0] == 3'(r)) rw_data = q_data[0][2048*r +: 2048];
  end
  assign q_fire   = (q_n != 4'd0) && (q_t[0] == 8'd0) && (q_nreg[0] == 3'd0 || !hold);
  assign rw_valid = q_fire && q_nreg[0] != 3'd0;
  assign q_pop    = q_fire && (q_nreg[0] == 3'd0 || q_rc[0] + 3'd1 == q_nreg[0]);

  // every DS instruction but DS_NOP counts; with no lane it is skipped while DScnt
  // as the model counts it is 0 (L741), otherwise it counts: loads, lane ops and
  // APPEND/CONSUME without rows, returning atomics, exchanges and CONDXCHG32 with
  // their rows written in no lane (the model's entries: returns of no lane,
  // reported all the same).  VDSDIR: the same on EXPcnt (L737; no rows without a
  // lane); at most 7 outstanding (3 bits, L2202: the model completes the oldest)
  assign q_cnt  = flat ? f_cnt : dir ? (lanes != 64'd0 || mexpcnt != 3'd0)
                                     : !k_nop && (lanes != 64'd0 || mdscnt != 6'd0);
  assign mc_push = fin && !memviol && (flat ? f_cnt : !k_nop);
  assign mc_exp  = dir;
  assign mc_any  = (lanes != 64'd0) || flat;
  assign mc_nreg = p_nreg;
  assign p_nreg = (lanes != 64'd0 || (!flat && ((k_at && !k_app) || k_x2 || k_cx))) ? k_nreg : 3'd0;
  assign q_push = fin && !memviol && q_cnt;
  assign q_room = (q_n < 4'(LDQ)) && ({1'b0, rows} + {3'd0, p_nreg} <= 6'(ROWS)) && (!dir || q_ne < 4'd7);
  // (MEMVIOL: once the older entries returned, which the model completes at the end)
  assign done   = memviol ? (go && q_n == 4'd0) :
                  go && e_st == 2'd2 && (q_cnt ? q_room : 1'b1) && (!f_oor || q_n == 4'd0);
  assign busy   = (q_n != 4'd0);
  assign dscnt  = {2'd0, q_n - q_ne};
  assign expcnt = q_ne;

  // memory writes of the retiring instruction
  assign mw0_lanes = e_mw0;
  assign mw1_lanes = e_mw1;
  assign mw0_addr  = e_a0;
  assign mw1_addr  = e_a1;
  assign mw0_data  = e_d0;
  assign mw1_data  = e_d1;
  assign mw_size   = e_szv ? e_sz : k_n;

  // ------------------------------------------------------------ state
  logic [3:0] q_n1;
  assign q_n1 = q_pop ? q_n - 4'd1 : q_n;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      e_st <= 2'd0; e_rem <= 64'd0; e_j <= 1'b0; e_res <= '0;
      e_mw0 <= 64'd0; e_mw1 <= 64'd0; e_a0 <= '0; e_a1 <= '0; e_d0 <= '0; e_d1 <= '0;
      q_n <= 4'd0; f_oor <= 1'b0; e_szv <= 1'b0; e_sz <= 5'd0;
      for (int i = 0; i < LDQ; i++) begin
        q_tag[i] <= 64'd0; q_dst[i] <= 8'd0; q_nreg[i] <= 3'd0; q_rc[i] <= 3'd0; q_bits[i] <= 32'd0;
        q_lanes[i] <= 64'd0; q_data[i] <= '0; q_t[i] <= 8'd0; q_e[i] <= 1'b0;
      end
    end else begin
      // engine
      if (!go || fin || flt || memviol) begin
        e_st <= 2'd0; e_j <= 1'b0; f_oor <= 1'b0;
      end else if (e_st == 2'd0) begin
        e_rem <= (k_nop || k_xl) ? 64'd0 : dir ? d_rd : lanes;
        e_st  <= (!k_nop && !k_xl && lanes != 64'd0) ? 2'd1 : 2'd2;
        e_j   <= 1'b0; e_res <= '0;
        if (k_xl) e_res[2047:0] <= xl_out;
        e_mw0 <= 64'd0; e_mw1 <= 64'd0; f_oor <= 1'b0; e_szv <= 1'b0;
      end else if (e_st == 2'd1) begin
        if (c_oor) f_oor <= 1'b1;
        if (c_wr_on && !flat) begin e_szv <= 1'b1; e_sz <= c_wsz; end
        // results: loads the DWORDs read (2ADDR: rows of the second address after
        // the first's), returning atomics and exchanges the old value
        for (int l = 0; l < 64; l++)
          if (cl == 6'(l)) begin
            for (int r = 0; r < 4; r++)
              if (c_rmask[r]) e_res[2048*r + 32*l +: 32] <= c_rows[32*r +: 32];
            if (c_wr_on) begin
              if (e_j) begin
                e_mw1[l] <= 1'b1; e_a1[32*l +: 32] <= c_addr; e_d1[64*l +: 64] <= c_wr[63:0];
              end else begin
                e_mw0[l] <= 1'b1; e_a0[32*l +: 32] <= c_addr; e_d0[128*l +: 128] <= c_wr;
              end
            end
          end
        if (k_app) begin                             // one access, every lane gets the old value
          for (int l = 0; l < 64; l++)
            if (lanes[l]) e_res[32*l +: 32] <= c_bytes[31:0];
          e_rem <= 64'd0; e_st <= 2'd2;
        end else if (c_last) begin
          e_j <= 1'b0; e_rem <= rem_n;
          if (rem_n == 64'd0) e_st <= 2'd2;
        end else
          e_j <= 1'b1;
      end
      // return queue: the oldest entry's rows, the next entry moves up when it left
      for (int i = 0; i < LDQ; i++)
        if (q_t[i] != 8'd0) q_t[i] <= q_t[i] - 8'd1;
      if (q_fire && !q_pop) q_rc[0] <= q_rc[0] + 3'd1;
      if (q_pop)
        for (int i = 0; i < LDQ - 1; i++) begin
          q_tag[i] <= q_tag[i + 1]; q_dst[i] <= q_dst[i + 1]; q_nreg[i] <= q_nreg[i + 1];
          q_bits[i] <= q_bits[i + 1]; q_lanes[i] <= q_lanes[i + 1]; q_data[i] <= q_data[i + 1];
          q_t[i] <= (q_t[i + 1] != 8'd0) ? q_t[i + 1] - 8'd1 : 8'd0; q_rc[i] <= q_rc[i + 1];
          q_e[i] <= q_e[i + 1];
        end
      if (q_push)
        for (int i = 0; i < LDQ; i++)
          if (q_n1 == 4'(i)) begin
            q_tag[i] <= seq; q_dst[i] <= f_vd; q_nreg[i] <= p_nreg; q_rc[i] <= 3'd0;
            q_bits[i] <= (k_half == 2'd1) ? 32'h0000ffff : (k_half == 2'd2) ? 32'hffff0000 : 32'hffffffff;
            q_lanes[i] <= lanes; q_data[i] <= e_res; q_t[i] <= 8'(LDS_LAT - 1); q_e[i] <= dir;
          end
      q_n <= q_n1 + (q_push ? 4'd1 : 4'd0);
    end
  end

  // fields the unit does not use
  logic unused;
  assign unused = ^{w0[31:26], w0[17:16], w1[23:0], m0[31], xl_sum[31:8], xl_sum[1:0], d_res, d_exc,
                    c_rem[32:5], mv_ca[31:2]};
endmodule
