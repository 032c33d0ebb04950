// mini_core.sv - a user's small core, written for the "Bring your own RTL"
// example of gpuref (dpi/README.md).  It runs WAVES waves of one program,
// interleaved (one instruction per cycle, the waves taking turns), each with
// its own SGPRs, SCC and program counter, and drives the gpuref retire
// interface.  It executes three RDNA4 scalar instructions:
//   S_MOV_B32     (SOP1 op 0)  D = S0
//   S_ADD_CO_U32  (SOP2 op 0)  D = S0 + S1, SCC = carry out
//   S_ENDPGM      (SOPP op 48) the wave ends
// Sources: SGPRs s0-s105, inline constants 128-192 (0..64) and 193-208
// (-1..-16), a 32-bit literal (255, the next dword).  Anything else is a
// fault.  Encodings: RDNA4 ISA guide, "Microcode formats" (SOP1, SOP2, SOPP).
module mini_core #(
    parameter int IMEM_WORDS = 256,
    parameter int WAVES = 2
) (
    input  logic        clk,
    input  logic        rst_n,
    // load port: sel 0 program word at byte address addr; sel 1 SGPR
    // addr[6:0] of wave addr[31:16]
    input  logic        ld_we,
    input  logic        ld_sel,
    input  logic [31:0] ld_addr,
    input  logic [31:0] ld_data,
    input  logic        start,
    input  logic [15:0] nwaves,    // waves of this test (1..WAVES)
    // the file ids of s and scc (gpuref_chk_file_id), driven by the bench
    input  logic [15:0] f_s,
    input  logic [15:0] f_scc,
    gpuref_retire_if.dut rt
);
  localparam int WB = WAVES > 1 ? $clog2(WAVES) : 1;
  logic [31:0]  imem [IMEM_WORDS];
  logic [31:0]  sgpr [WAVES][106];
  logic [105:0] sgpr_set [WAVES];   // written since reset; unwritten SGPRs read 0
  logic [31:0]  pc [WAVES];
  logic [WAVES-1:0] ended;
  logic         running, faulted;
  logic [WB-1:0] cur;               // the wave whose turn it is

  // ---- decode and execute the instruction of wave cur (combinational)
  logic [31:0] w0, w1, s0v, s1v, res, pcc;
  logic [31:0] sread [106];
  logic [7:0]  op_src0, op_src1;
  logic [6:0]  dst;
  logic        is_mov, is_add, is_end, lit, bad, carry, live;
  logic [1:0]  nw;

  function automatic logic [31:0] src_val(input logic [7:0] code, input logic [31:0] literal,
                                          input logic [31:0] s [106], output logic ok);
    ok = 1'b1;
    if (code <= 8'd105)                     return s[code[6:0]];
    if (code >= 8'd128 && code <= 8'd192)   return {24'd0, code - 8'd128};
    if (code >= 8'd193 && code <= 8'd208)   return 32'd0 - {24'd0, code - 8'd192};
    if (code == 8'd255)                     return literal;
    ok = 1'b0;
    return 32'd0;
  endfunction

  always_comb begin
    logic ok0, ok1;
    pcc = pc[cur];
    w0 = imem[pcc[$clog2(IMEM_WORDS)+1:2]];
    w1 = imem[pcc[$clog2(IMEM_WORDS)+1:2] + 1'b1];
    is_mov = w0[31:23] == 9'b1_0111_1101 && w0[15:8] == 8'd0;
    is_end = w0[31:23] == 9'b1_0111_1111 && w0[22:16] == 7'd48;
    is_add = w0[31:30] == 2'b10 && w0[29:23] == 7'd0;
    op_src0 = w0[7:0];
    op_src1 = is_add ? w0[15:8] : 8'd0;
    dst = w0[22:16];
    lit = (is_mov || is_add) && (op_src0 == 8'd255 || (is_add && op_src1 == 8'd255));
    nw = lit ? 2'd2 : 2'd1;
    for (int i = 0; i < 106; i++) sread[i] = sgpr_set[cur][i] ? sgpr[cur][i] : 32'd0;
    s0v = src_val(op_src0, w1, sread, ok0);
    s1v = src_val(op_src1, w1, sread, ok1);
    {carry, res} = is_add ? 33'(s0v) + 33'(s1v) : {1'b0, s0v};
    bad = !(is_mov || is_add || is_end) || ((is_mov || is_add) && (!ok0 || !ok1 || dst > 7'd105));
    live = running && !faulted && !ended[cur] && 16'(cur) < nwaves;
  end

  wire fire = live && !bad;
  wire all_ended = &(ended | ~((WAVES'(1) << nwaves) - WAVES'(1)));

  // ---- state
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      running <= 1'b0; faulted <= 1'b0; ended <= '0; cur <= '0;
      for (int w = 0; w < WAVES; w++) begin
        pc[w] <= 32'd0;
        sgpr_set[w] <= '0;
      end
    end else begin
      if (ld_we && !ld_sel) imem[ld_addr[$clog2(IMEM_WORDS)+1:2]] <= ld_data;
      if (ld_we && ld_sel && ld_addr[15:0] < 16'd106 && ld_addr[31:16] < 16'(WAVES)) begin
        sgpr[ld_addr[WB+15:16]][ld_addr[6:0]] <= ld_data;
        sgpr_set[ld_addr[WB+15:16]][ld_addr[6:0]] <= 1'b1;
      end
      if (start) running <= 1'b1;
      if (live && bad) faulted <= 1'b1;
      if (fire) begin
        pc[cur] <= pcc + {28'd0, nw, 2'b00};
        if (is_end) ended[cur] <= 1'b1;
        else begin
          sgpr[cur][dst] <= res;
          sgpr_set[cur][dst] <= 1'b1;
        end
      end
      // the waves take turns (a finished wave's turn passes on)
      if (running && !faulted) cur <= (32'(cur) + 1 >= 32'(nwaves)) ? '0 : cur + 1'b1;
    end
  end

  // ---- the retire interface: one beat per instruction
  always_comb begin
    rt.valid = fire;
    rt.last = 1'b1;
    rt.wave = 16'(cur);
    rt.pc = 64'(pcc);
    rt.next_pc = 64'(pcc) + 64'(nw) * 64'd4;   // s_endpgm too: the model's next pc is pc + 4
    rt.nwords = 5'(nw);
    for (int i = 0; i < 16; i++) rt.words[i] = 32'd0;
    rt.words[0] = w0;
    if (lit) rt.words[1] = w1;
    rt.kind = 16'd0;
    rt.stream = 16'd0;
    rt.flags = is_end ? 32'h2 : 32'h0;          // GPUREF_RETIRE_END
    rt.exec_mask = 64'd1;
    rt.rw_en[0] = fire && !is_end;
    rt.rw_file[0] = f_s;
    rt.rw_index[0] = 16'(dst);
    rt.rw_slot[0] = -8'sd1;
    rt.rw_bits[0] = 64'hffff_ffff;
    rt.rw_lanes[0] = 64'd1;
    rt.rw_val[0][0] = 64'(res);
    rt.rw_en[1] = fire && is_add;
    rt.rw_file[1] = f_scc;
    rt.rw_index[1] = 16'd0;
    rt.rw_slot[1] = -8'sd1;
    rt.rw_bits[1] = 64'h1;
    rt.rw_lanes[1] = 64'd1;
    rt.rw_val[1][0] = 64'(carry);
    rt.mw_en[0] = 1'b0; rt.mw_space[0] = 16'd0; rt.mw_addr[0] = 64'd0; rt.mw_lane[0] = 8'd0;
    rt.mw_size[0] = 5'd0; rt.mw_mask[0] = 16'd0; rt.mw_data[0] = 128'd0; rt.mw_slot[0] = -8'sd1;
    rt.wb_en[0] = 1'b0; rt.wb_wave[0] = 16'd0; rt.wb_tag[0] = 64'd0; rt.wb_file[0] = 16'd0;
    rt.wb_index[0] = 16'd0; rt.wb_bits[0] = 64'd0; rt.wb_lanes[0] = 64'd0; rt.wb_val[0][0] = 64'd0;
    rt.done = running && all_ended;
    rt.fault = live && bad;
    rt.fault_wave = 16'(cur);
    rt.fault_pc = 64'(pcc);
  end
endmodule
