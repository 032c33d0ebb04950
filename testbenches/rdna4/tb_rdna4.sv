// tb_rdna4.sv - RDNA4 scalar lockstep bench: wiring only.  Loads the DUT with
// the state the checker hands out, starts it, and drives the ISA-neutral
// retire interface (testbenches/common/gpuref_retire_if.sv) from the core's
// retire port; the monitor gpuref_retire_mon feeds the checker.  Register files and
// retire contract: model/rdna4/README.md; DUT ports: rtl/rdna4/README.md.
//
// Memory windows: the core's instruction and data memories hold 4*IMEM_WORDS /
// 4*DMEM_WORDS bytes from a base address (ctrl 6-9).  The bench first takes
// every item of the test from the checker, then places each window on the
// test's own addresses (window_base below) and loads the DUT.  When every data
// word of the test lies inside the data window, the bench sets the core's
// dmem_zero flag (ctrl 10): SMEM DWORDs outside the window read 0, which is
// what the model's sparse memory holds there (unwritten).  A test without data
// words (stores only) gets the core's dmem_float flag (ctrl 18): its first vector
// memory access places the data window where it goes.  A fault of the DUT
// outside a window is explained on stdout.
`include "testbenches/common/gpuref_retire_tail.svh"
module tb_rdna4 (input logic clk);
  import gpuref_check_pkg::*;

  localparam int IMEM_WORDS = 16384;   // 64 KiB windows (the core's defaults)
  localparam int DMEM_WORDS = 16384;
  localparam longint unsigned IMEM_BYTES = 64'(IMEM_WORDS) * 64'd4;
  localparam longint unsigned DMEM_BYTES = 64'(DMEM_WORDS) * 64'd4;

  logic         rst_n, ld_we, start;
  logic [2:0]   ld_sel;
  logic [19:0]  ld_addr;
  logic [31:0]  ld_data;
  logic         running, done, fault;
  logic [63:0]  fault_pc;
  logic [3:0]   fault_why;
  logic [1:0]   fault_wave, cur_wave, rt_wave;
  logic         rt_valid, rt_last;
  logic [63:0]  rt_pc, rt_next_pc;
  logic [31:0]  rt_w0, rt_w1, rt_w2;
  logic [1:0]   rt_nwords;
  logic [4:0]   rt_flags;
  logic [15:0]  rt_s_we;
  logic [6:0]   rt_s_base;
  logic [511:0] rt_s_val;
  logic [1:0]   rt_vcc_we, rt_exec_we;
  logic [63:0]  rt_vcc, rt_exec;
  logic         rt_m0_we, rt_scc_we, rt_scc, rt_hw_we;
  logic [31:0]  rt_m0, rt_hw_val;
  logic [15:0]  rt_ttmp_we;
  logic [511:0] rt_ttmp_val;
  logic [5:0]   rt_hw_idx;
  logic         kw_valid;
  logic [63:0]  kw_tag;
  logic [6:0]   kw_base;
  logic [15:0]  kw_we;
  logic [511:0] kw_val;
  logic [63:0]  rt_exec_mask;
  logic         rt_v_we;
  logic [7:0]   rt_v_idx;
  logic [63:0]  rt_v_lanes;
  logic [2047:0] rt_v_val;
  logic         rt_v2_we;
  logic [7:0]   rt_v2_idx;
  logic [2047:0] rt_v2_val;
  logic [63:0]  rt_mw_lanes;
  logic [3071:0] rt_mw_addr;
  logic [319:0] rt_mw_size;
  logic [8191:0] rt_mw_data;
  logic         rt_mw_lds;
  logic [63:0]  rt_mw_ldsl;
  logic [63:0]  rt_mw2_lanes;
  logic [2047:0] rt_mw2_addr;
  logic [4095:0] rt_mw2_data;
  logic [7:0]   rt_mr_n;
  logic [6143:0] rt_mr_addr;
  logic [767:0] rt_mr_lane;
  logic [639:0] rt_mr_size;
  logic [16383:0] rt_mr_data;
  logic         vw_valid;
  logic [63:0]  vw_tag, vw_lanes;
  logic [7:0]   vw_idx;
  logic [2047:0] vw_val;

  // WAVES: the wave slots; a test's `waves` (1-4) is loaded on ld_sel 7 (rtl/rdna4/README.md "Waves")
  localparam int WAVES = 4;
  rdna4_core #(.IMEM_WORDS(IMEM_WORDS), .DMEM_WORDS(DMEM_WORDS), .WAVES(WAVES)) dut (.*);

  localparam int LD_AW = 20;          // ld_addr (testbenches/common/gpuref_tb_load.svh)
  // Items of the test (phase 1): program and memory words keep their byte
  // address until the windows are placed; then the load-port writes (phase 2).
  logic [2:0]       it_sel[$];
  longint unsigned  it_addr[$];      // sel 0/3: byte address; otherwise the load-port address
  logic [31:0]      it_data[$];
  longint unsigned  ibase = 0, dbase = 0;
  int unsigned      drop_i = 0, drop_d = 0;   // words outside their window (not loaded)
  logic [47:0]      scr_base = 48'd0;         // SCRATCH_BASE (hwreg 20, 21) of the test
  int               nwaves = 1, it_wave = 0;  // the test's waves; the wave slot the items load

  // One item of the test (placed by place_windows).
  function automatic void push(input logic [2:0] sel, input longint unsigned a, input logic [31:0] d);
    it_sel.push_back(sel); it_addr.push_back(a); it_data.push_back(d);
  endfunction

  // Where a window of `bytes` goes for words at [lo, hi]: the size-aligned
  // block holding lo if they all fit in it (so nearby unwritten addresses,
  // which read 0, are inside too), otherwise starting at lo itself.
  function automatic longint unsigned window_base(input longint unsigned lo, input longint unsigned hi,
                                                  input longint unsigned bytes);
    longint unsigned b = lo - (lo % bytes);
    if (hi - b >= bytes) b = lo & ~64'd3;
    return b;
  endfunction

  // Queue the load-port writes of one item handed out by the checker.
  function automatic void map_item(input int kind, input string name, input int unsigned index,
                                   input int unsigned lane, input longint unsigned addr,
                                   input longint unsigned value);
    logic [2:0] sel, sel2; logic [19:0] a, a2; logic [31:0] d2; bit two;
    sel = 3'd0; a = 20'd0; sel2 = 3'd0; a2 = 20'd0; d2 = 32'd0; two = 0;
    if (kind == 2) begin                                   // program word
      push(3'd0, addr, value[31:0]); return;
    end
    if (kind == 1) begin                                   // memory word
      if (name == "mem") push(3'd3, addr, value[31:0]);
      if (name == "lds") push(3'd6, addr >> 2, value[31:0]);   // LDS word (load-port sel 6)
      return;
    end
    // several waves: the wave in bits 31:16 of index; its slot is selected first
    if (nwaves > 1) begin
      if (int'(index >> 16) != it_wave) begin
        it_wave = int'(index >> 16);
        push(3'd7, 64'd1, 32'(it_wave));
      end
      index = index & 32'hffff;
    end
    case (name)
      "s":     begin sel = 3'd1; a = 20'(index); end
      "vcc":   begin sel = 3'd2; a = 20'(index); end       // 0 vcc_lo, 1 vcc_hi
      "exec":  begin sel = 3'd2; a = 20'(2 + index); end   // 2 exec_lo, 3 exec_hi
      "m0":    begin sel = 3'd2; a = 20'd4; end
      "scc":   begin sel = 3'd2; a = 20'd5; end
      "ttmp":  begin sel = 3'd2; a = 20'(16 + index); end
      "hwreg": begin
        sel = 3'd2; a = 20'(64 + index);
        if (index == 20) scr_base[31:0] = value[31:0];     // SCRATCH_BASE: placed in the data window
        if (index == 21) scr_base[47:32] = value[15:0];
        if (index == 2 && value[29]) begin                 // STATUS.WAVE64 -> the wave64 flag
          two = 1; sel2 = 3'd4; a2 = 20'd0; d2 = 32'd1;
        end
      end
      "pc": begin
        sel = 3'd2; a = 20'd6;
        if (value[63:32] != 32'd0) begin two = 1; sel2 = 3'd2; a2 = 20'd7; d2 = value[63:32]; end
      end
      // Model configuration, if the model exposes it as the read-only file `cfg`
      // (0 sgprs, 1 tba[31:0], 2 tba[47:32], 3 SH_MEM_BASES {private, shared},
      // 4 dvgpr, 5 smem_defer, 6 dpp_fi_oor, 7 lds_size, 8 qsad_clamp, 9 align_mode,
      // 10 tfe_status, 11 fmt_int_wrap, 12 gs_max_wave_id, 13 wmma_acc): the core's ctrl
      // addresses 1-5, 11, 13, 14, 15, 16, 17, 19, 20 and 21 (rtl/rdna4/README.md).
      "v": begin                                           // VGPR lane: {vgpr, lane}
        sel = 3'd5; a = 20'({index[7:0], lane[5:0]});
      end
      "cfg": begin
        if (index > 13) return;
        sel = 3'd4; a = (index >= 11) ? 20'(index + 8) : (index == 10) ? 20'd17 : (index == 9) ? 20'd16 : (index == 8) ? 20'd15 : (index == 7) ? 20'd14 : (index == 6) ? 20'd13 : (index == 5) ? 20'd11 : 20'(index + 1);
      end
      default: return;                                     // not held by the core
    endcase
    push(sel, 64'(a), value[31:0]);
    if (two) push(sel2, 64'(a2), d2);
  endfunction

  // Place the windows on the collected words and turn the items into load-
  // port writes: the four window bases first, then the items, imem/dmem words
  // at their word offset in the window, then dmem_zero (ctrl 10): set when no
  // data word of the test lies outside the data window (everything outside it
  // is then unwritten memory of the model, which reads 0).
  bit vm_ooo = 0;
  function automatic void place_windows();
    longint unsigned ilo = 64'd0, ihi = 64'd0, dlo = 64'd0, dhi = 64'd0, off;
    bit seen_i = 0, seen_d = 0;
    for (int i = 0; i < it_sel.size(); i++) begin
      if (it_sel[i] == 3'd0) begin
        if (!seen_i || it_addr[i] < ilo) ilo = it_addr[i];
        if (!seen_i || it_addr[i] > ihi) ihi = it_addr[i];
        seen_i = 1;
      end else if (it_sel[i] == 3'd3) begin
        if (!seen_d || it_addr[i] < dlo) dlo = it_addr[i];
        if (!seen_d || it_addr[i] > dhi) dhi = it_addr[i];
        seen_d = 1;
      end
    end
    // a test with SCRATCH_BASE: its private memory starts there, a data word the
    // window should hold (rtl/rdna4/README.md "Vector memory")
    if (scr_base != 48'd0) begin
      if (!seen_d || 64'(scr_base) < dlo) dlo = 64'(scr_base);
      if (!seen_d || 64'(scr_base) > dhi) dhi = 64'(scr_base);
      seen_d = 1;
    end
    ibase = seen_i ? window_base(ilo, ihi, IMEM_BYTES) : 64'd0;
    dbase = seen_d ? window_base(dlo, dhi, DMEM_BYTES) : 64'd0;
    ld_push(3'd7, 0, 32'(nwaves));                         // the work-group's waves, slot 0 first
    ld_push(3'd7, 1, 32'd0);
    ld_push(3'd4, 6, ibase[31:0]); ld_push(3'd4, 7, ibase[63:32]);
    ld_push(3'd4, 8, dbase[31:0]); ld_push(3'd4, 9, dbase[63:32]);
    for (int i = 0; i < it_sel.size(); i++) begin
      if (it_sel[i] == 3'd0 || it_sel[i] == 3'd3) begin
        off = it_addr[i] - (it_sel[i] == 3'd0 ? ibase : dbase);
        if (off >= (it_sel[i] == 3'd0 ? IMEM_BYTES : DMEM_BYTES)) begin
          if (it_sel[i] == 3'd0) drop_i++; else drop_d++;
          continue;
        end
        ld_push(it_sel[i], 32'(off >> 2), it_data[i]);
      end else begin
        ld_push(it_sel[i], 32'(it_addr[i]), it_data[i]);
      end
    end
    ld_push(3'd4, 10, {31'd0, drop_d == 0});
    ld_push(3'd4, 18, {31'd0, !seen_d});                   // no data word: the first access places it
    ld_push(3'd7, 1, 32'd0);                               // wave 0 is active at start
    // vector loads return out of order with +tb_vm_ooo (rtl/rdna4/README.md "Vector memory")
    ld_push(3'd4, 12, {31'd0, vm_ooo});
  endfunction

  // ---- the retire port of the core onto the ISA-neutral retire interface:
  // write ports 0-15 s[base+i], 16-17 vcc_lo/hi, 18-19 exec_lo/hi, 20 m0,
  // 21 scc, 22-37 ttmp[i], 38 hwreg, 39 the VGPR of a VALU instruction (64
  // lanes; the others use lane 0), 40 a second VGPR (V_SWAP_B32's S0, same
  // lanes as 39); write-back ports 0-15: register
  // kw_base + i of a returning SMEM load (operand code: s, vcc or ttmp), 16 the
  // VGPR row of a returning vector load or DS instruction; memory-write port l:
  // lane l of a VGLOBAL store or of a DS store / atomic (space lds), 64 + l: lane
  // l's write at the second address of a DS 2ADDR form
  localparam int NRW = 41;
  localparam int NWB = 17;
  localparam int NMW = 128;
  gpuref_retire_if #(.LANES(64), .NREGW(NRW), .NMEMW(NMW), .NWB(NWB)) rif (clk);
  logic mon_stop;
  gpuref_retire_mon #(.LANES(64), .NREGW(NRW), .NMEMW(NMW), .NWB(NWB)) mon (.rif(rif), .rst_n(rst_n), .stop(mon_stop));
  logic [7:0] kw_code [NWB];
  int         pi;                     // the port of a SCRATCH / FLAT run
  int f_s, f_vcc, f_exec, f_m0, f_scc, f_ttmp, f_hw, f_v, s_mem, s_lds;

  `include "testbenches/common/gpuref_tb_load.svh"

  function automatic void bench_ids();
    nwaves = gpuref_dpi_chk_waves(chk);
    if (nwaves > WAVES)
      $display("rdna4 bench: the test has %0d waves, the core %0d wave slots: it runs %0d", nwaves, WAVES, WAVES);
    f_s = gpuref_dpi_chk_file_id(chk, "s");       f_vcc = gpuref_dpi_chk_file_id(chk, "vcc");
    f_exec = gpuref_dpi_chk_file_id(chk, "exec"); f_m0 = gpuref_dpi_chk_file_id(chk, "m0");
    f_scc = gpuref_dpi_chk_file_id(chk, "scc");   f_ttmp = gpuref_dpi_chk_file_id(chk, "ttmp");
    f_hw = gpuref_dpi_chk_file_id(chk, "hwreg");  f_v = gpuref_dpi_chk_file_id(chk, "v");
    s_mem = gpuref_dpi_chk_space_id(chk, "mem");
    s_lds = gpuref_dpi_chk_space_id(chk, "lds");
    vm_ooo = $test$plusargs("tb_vm_ooo") != 0;
  endfunction

  function automatic void bench_collected();
    place_windows();
  endfunction

  always_comb begin
    rif.valid = rt_valid && phase == 4;
    rif.last = rt_last;                 // WMMA/SWMMAC/MQSAD: one beat per two rows of D
    rif.wave = 16'(rt_wave);
    rif.pc = rt_pc;
    rif.next_pc = rt_next_pc;
    rif.nwords = 5'(rt_nwords);
    for (int i = 0; i < 16; i++) rif.words[i] = 32'd0;
    rif.words[0] = rt_w0;
    rif.words[1] = rt_w1;
    rif.words[2] = rt_w2;
    rif.kind = 16'd0;
    rif.stream = 16'd0;
    rif.flags = 32'(rt_flags);
    rif.exec_mask = rt_exec_mask;
    for (int i = 0; i < NRW; i++) begin
      rif.rw_en[i] = 1'b0; rif.rw_file[i] = 16'd0; rif.rw_index[i] = 16'd0; rif.rw_slot[i] = -8'sd1;
      rif.rw_bits[i] = 64'hffffffff; rif.rw_lanes[i] = 64'd1;
      for (int l = 0; l < 64; l++) rif.rw_val[i][l] = 64'd0;
    end
    for (int i = 0; i < 16; i++) begin
      rif.rw_en[i] = rt_s_we[i]; rif.rw_file[i] = 16'(f_s); rif.rw_index[i] = 16'(rt_s_base) + 16'(i);
      rif.rw_val[i][0] = 64'(rt_s_val[32*i +: 32]);
      rif.rw_en[22 + i] = rt_ttmp_we[i]; rif.rw_file[22 + i] = 16'(f_ttmp); rif.rw_index[22 + i] = 16'(i);
      rif.rw_val[22 + i][0] = 64'(rt_ttmp_val[32*i +: 32]);
    end
    for (int i = 0; i < 2; i++) begin
      rif.rw_en[16 + i] = rt_vcc_we[i];  rif.rw_file[16 + i] = 16'(f_vcc);  rif.rw_index[16 + i] = 16'(i);
      rif.rw_val[16 + i][0] = 64'(rt_vcc[32*i +: 32]);
      rif.rw_en[18 + i] = rt_exec_we[i]; rif.rw_file[18 + i] = 16'(f_exec); rif.rw_index[18 + i] = 16'(i);
      rif.rw_val[18 + i][0] = 64'(rt_exec[32*i +: 32]);
    end
    rif.rw_en[20] = rt_m0_we;  rif.rw_file[20] = 16'(f_m0);  rif.rw_val[20][0] = 64'(rt_m0);
    rif.rw_en[21] = rt_scc_we; rif.rw_file[21] = 16'(f_scc); rif.rw_val[21][0] = 64'(rt_scc);
    rif.rw_bits[21] = 64'h1;
    rif.rw_en[38] = rt_hw_we;  rif.rw_file[38] = 16'(f_hw);  rif.rw_index[38] = 16'(rt_hw_idx);
    rif.rw_val[38][0] = 64'(rt_hw_val);
    rif.rw_en[39] = rt_v_we;   rif.rw_file[39] = 16'(f_v);   rif.rw_index[39] = 16'(rt_v_idx);
    rif.rw_lanes[39] = rt_v_lanes;
    for (int l = 0; l < 64; l++) rif.rw_val[39][l] = 64'(rt_v_val[32*l +: 32]);
    rif.rw_en[40] = rt_v2_we;  rif.rw_file[40] = 16'(f_v);   rif.rw_index[40] = 16'(rt_v2_idx);
    rif.rw_lanes[40] = rt_v_lanes;
    for (int l = 0; l < 64; l++) rif.rw_val[40][l] = 64'(rt_v2_val[32*l +: 32]);
    for (int l = 0; l < 64; l++) begin
      rif.mw_en[l] = rt_mw_lanes[l]; rif.mw_space[l] = 16'((rt_mw_lds || rt_mw_ldsl[l]) ? s_lds : s_mem);
      rif.mw_addr[l] = 64'(rt_mw_addr[48*l +: 48]);
      rif.mw_lane[l] = 8'(l); rif.mw_size[l] = rt_mw_size[5*l +: 5]; rif.mw_mask[l] = 16'd0;
      rif.mw_data[l] = rt_mw_data[128*l +: 128]; rif.mw_slot[l] = -8'sd1;
      rif.mw_en[64 + l] = rt_mw2_lanes[l]; rif.mw_space[64 + l] = 16'(s_lds);
      rif.mw_addr[64 + l] = 64'(rt_mw2_addr[32*l +: 32]);
      rif.mw_lane[64 + l] = 8'(l); rif.mw_size[64 + l] = rt_mw_size[5*l +: 5]; rif.mw_mask[64 + l] = 16'd0;
      rif.mw_data[64 + l] = 128'(rt_mw2_data[64*l +: 64]); rif.mw_slot[64 + l] = -8'sd1;
    end
    // a SCRATCH store (no rt_mw_* lane then): port i carries run i (one element of a lane);
    // a FLAT store or atomic with rt_mw_* lanes too: port 64 + i (at most 64 runs then)
    for (int i = 0; i < 128; i++)
      if (8'(i) < rt_mr_n) begin
        pi = (rt_mw_lanes != 64'd0) ? 64 + (i % 64) : i;
        rif.mw_en[pi] = 1'b1; rif.mw_space[pi] = 16'(s_mem);
        rif.mw_addr[pi] = 64'(rt_mr_addr[48*i +: 48]);
        rif.mw_lane[pi] = 8'(rt_mr_lane[6*i +: 6]); rif.mw_size[pi] = rt_mr_size[5*i +: 5];
        rif.mw_mask[pi] = 16'd0; rif.mw_data[pi] = rt_mr_data[128*i +: 128]; rif.mw_slot[pi] = -8'sd1;
      end
    for (int i = 0; i < 16; i++) begin
      kw_code[i] = {1'b0, kw_base} + 8'(i);
      rif.wb_en[i] = kw_valid && kw_we[i] && phase == 4;
      rif.wb_wave[i] = 16'(cur_wave);
      rif.wb_tag[i] = kw_tag;
      if (kw_code[i] < 8'd106) begin
        rif.wb_file[i] = 16'(f_s);    rif.wb_index[i] = 16'(kw_code[i]);
      end else if (kw_code[i] < 8'd108) begin
        rif.wb_file[i] = 16'(f_vcc);  rif.wb_index[i] = 16'(kw_code[i] - 8'd106);
      end else begin
        rif.wb_file[i] = 16'(f_ttmp); rif.wb_index[i] = 16'(kw_code[i] - 8'd108);
      end
      rif.wb_bits[i] = 64'hffffffff; rif.wb_lanes[i] = 64'd1;
      for (int l = 0; l < 64; l++) rif.wb_val[i][l] = 64'd0;
      rif.wb_val[i][0] = 64'(kw_val[32*i +: 32]);
    end
    rif.wb_en[16] = vw_valid && phase == 4; rif.wb_wave[16] = 16'(cur_wave); rif.wb_tag[16] = vw_tag;
    rif.wb_file[16] = 16'(f_v); rif.wb_index[16] = 16'(vw_idx); rif.wb_bits[16] = 64'hffffffff;
    rif.wb_lanes[16] = vw_lanes;
    for (int l = 0; l < 64; l++) rif.wb_val[16][l] = 64'(vw_val[32*l +: 32]);
    `GPUREF_RIF_END(4, fault_pc)
    rif.fault_wave = 16'(fault_wave);
  end

  // The program word at byte address pc (the test's latest item there) is a VOPD word.
  function automatic bit is_vopd_at(input logic [63:0] pc);
    bit r = 0;
    for (int i = 0; i < it_sel.size(); i++)
      if (it_sel[i] == 3'd0 && it_addr[i] == pc) r = (it_data[i][31:26] == 6'h32);
    return r;
  endfunction

  // A fetch outside the window is what the model does too (its pc left the
  // program) unless the program did not fit.  An SMEM access outside the data
  // window faults only when the test's data did not fit the window (dmem_zero
  // clear): the model may hold data there.
  always @(posedge clk) begin
    if (phase == 4 && fault && !mon_stop) begin
      if (fault_why == rdna4_pkg::WHY_FETCH && drop_i != 0)
        $display("rdna4 bench: fault at pc 0x%0h: fetch outside the instruction window [0x%0h, 0x%0h); %0d program words lie outside it",
                 fault_pc, ibase, ibase + IMEM_BYTES, drop_i);
      if (fault_why == rdna4_pkg::WHY_VALU_OP)
        $display("rdna4 bench: fault at pc 0x%0h: VALU opcode not executed by the vector unit yet", fault_pc);
      if (fault_why == rdna4_pkg::WHY_VALU_MOD && is_vopd_at(fault_pc))
        $display("rdna4 bench: fault at pc 0x%0h: VOPD in wave64: dual issue is legal in wave32 only (rdna4 L3279; the model refuses it as illegal)", fault_pc);
      else if (fault_why == rdna4_pkg::WHY_VALU_MOD)
        $display("rdna4 bench: fault at pc 0x%0h: VALU form not executed by the vector unit yet (OPSEL, OMOD, CLAMP or ABS/NEG on this row, odd wave64 mask pair)", fault_pc);
      if (fault_why == rdna4_pkg::WHY_VMEM_OP)
        $display("rdna4 bench: fault at pc 0x%0h: VGLOBAL or DS opcode not executed by the vector memory unit / LDS yet (DS: or a misaligned atomic, the model's MEMVIOL)", fault_pc);
      if (fault_why == rdna4_pkg::WHY_VMEM_WIN)
        $display("rdna4 bench: fault at pc 0x%0h: VGLOBAL access outside the data window [0x%0h, 0x%0h) (a store there, or a load when the test's data span more than the window), or a DS access past lds_size (the model's MEMVIOL)",
                 fault_pc, dbase, dbase + DMEM_BYTES);
      if (fault_why == rdna4_pkg::WHY_DPP)
        $display("rdna4 bench: fault at pc 0x%0h: illegal DPP form (no DPP on this row, literal with DPP, DPP16 bit 17, undefined DPP_CTRL, VOP3 DPP NEG/ABS bits)", fault_pc);
      if (fault_why == rdna4_pkg::WHY_OPERAND && nwaves > 1)
        $display("rdna4 bench: fault in wave %0d at pc 0x%0h: a reserved operand, message or barrier code, or every wave that has not ended waits at S_BARRIER_WAIT (deadlock; rtl/rdna4/README.md \"Waves\")",
                 fault_wave, fault_pc);
      if (fault_why == rdna4_pkg::WHY_SMEM_WIN)
        $display("rdna4 bench: fault at pc 0x%0h: SMEM access outside the data window [0x%0h, 0x%0h); %0d data words of the test lie outside it (the test's data span more than the core's %0d-KiB window), so reads outside it cannot be served as zero",
                 fault_pc, dbase, dbase + DMEM_BYTES, drop_d, DMEM_BYTES / 1024);
    end
  end

  // The DUT's running is not part of the record.
  logic unused_dut;
  assign unused_dut = ^{running};
endmodule
