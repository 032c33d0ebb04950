`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_mcnt.sv - LOADcnt, DScnt and EXPcnt as the reference model counts them, for the
// skip decision of an instruction without an active lane (rdna4 L739-741: it is
// skipped when its counter is 0, else it counts).  The model completes its
// entries at the waits (and when a new entry needs room), not after a latency,
// so its counters can be above the core's queues' (rtl/rdna4/README.md "LDS",
// "Counters as the model counts them").  Timing is not affected: the core's
// waits use the queues' own counters.
//
// The list mirrors the model's (model/rdna4/rdna4_exec_vmem.c rdna4_vm_push /
// rdna4_vm_reserve / rdna4_vm_drain): N entries at most (RDNA4_VM_MAX), oldest
// first, each its counter (LOADcnt, DScnt, EXPcnt) and its data rows.
//  * A push of counter c with r rows first completes the oldest entries of c while
//    that counter would pass 63 (EXPcnt: 7), then the oldest entries of all while
//    the entries would pass N (an EXPcnt push: while they pass N without it, the
//    model's rdna4_vm_reserve(0, 0, rows)) or the rows 14 (RDNA4_VM_MAXREG); then
//    appends.
//  * A wait with count n completes the oldest entries of its counter while the
//    counter is above n; S_WAITCNT / S_WAIT_IDLE complete every entry.
// One push or one wait per cycle (one instruction retires per cycle); a FLAT
// instruction pushes a LOADcnt entry and a DScnt one (p2) in one cycle, the
// room for both made first (the model's rdna4_vm_reserve(1, 1, rows)).
module rdna4_mcnt #(
  parameter int N = 64                // entries (the model's RDNA4_VM_MAX)
) (
  input  logic       clk,
  input  logic       rst_n,
  input  logic       push,            // an instruction counted on LOADcnt / DScnt retires
  input  logic       p_ds,            // ... on DScnt
  input  logic       p_exp,           // ... on EXPcnt (VDSDIR; else LOADcnt)
  input  logic       p_any,           // it counts whatever the counter (active lanes, GLOBAL_INV);
                                      // else only while its counter is not 0
  input  logic [5:0] p_nreg,          // its data rows (a block load: up to 32)
  input  logic       push2,           // and (FLAT) a DScnt entry after it, counted whatever DScnt
  input  logic [5:0] p2_nreg,
  input  logic       w_ld,            // a wait retires: LOADcnt <= w_ld_n
  input  logic [5:0] w_ld_n,
  input  logic       w_ds,            // DScnt <= w_ds_n
  input  logic [5:0] w_ds_n,
  input  logic       w_ex,            // EXPcnt <= w_ex_n
  input  logic [2:0] w_ex_n,
  output logic [5:0] ldcnt,
  output logic [5:0] dscnt,
  output logic [2:0] expcnt
);
  localparam int NW = $clog2(N + 1);
  localparam int IW = $clog2(N);
  localparam int MAXREG = 14;
  localparam int CNT_MAX = 63;
  localparam int EXP_MAX = 7;

  logic [N-1:0]   t_q;                // counter of entry i (1 DScnt)
  logic [N-1:0]   e_q;                // (1 EXPcnt)
  logic [6*N-1:0] r_q;                // rows of entry i
  logic [NW-1:0]  n_q;                // entries

  // counters of the list
  always_comb begin
    ldcnt = 6'd0; dscnt = 6'd0; expcnt = 3'd0;
    for (int i = 0; i < N; i++)
      if (NW'(i) < n_q) begin
        if (e_q[i])      expcnt = expcnt + 3'd1;
        else if (t_q[i]) dscnt = dscnt + 6'd1;
        else             ldcnt = ldcnt + 6'd1;
      end
  end

  logic          do_push;
  logic [6:0]    ex_ld, ex_ds;        // oldest entries of each counter to complete
  logic [6:0]    rk_ld, rk_ds;        // rank of entry i among its counter's
  logic [2:0]    ex_ex, rk_ex;
  logic [7:0]    n_room;              // entries the room rule counts as new
  logic [N-1:0]  rm;                  // entries completed this cycle
  logic [7:0]    left, rows;          // entries and rows left
  logic [N-1:0]  t_d, e_d;
  logic [6*N-1:0] r_d;
  logic [NW-1:0] k;
  logic [7:0]    n_new;               // entries pushed
  logic [6:0]    r_new;               // and their rows
  always_comb begin
    do_push = push && (p_any || (p_exp ? expcnt != 3'd0 : p_ds ? dscnt != 6'd0 : ldcnt != 6'd0));
    n_new = 8'(do_push) + 8'(push2);
    n_room = (do_push && p_exp) ? 8'd0 : n_new;
    r_new = (do_push ? {1'b0, p_nreg} : 7'd0) + (push2 ? {1'b0, p2_nreg} : 7'd0);
    ex_ld = 7'd0; ex_ds = 7'd0; ex_ex = 3'd0;
    if (w_ld && ldcnt > w_ld_n) ex_ld = {1'b0, ldcnt - w_ld_n};
    if (w_ds && dscnt > w_ds_n) ex_ds = {1'b0, dscnt - w_ds_n};
    if (w_ex && expcnt > w_ex_n) ex_ex = expcnt - w_ex_n;
    if (do_push && !p_ds && !p_exp && ldcnt == 6'(CNT_MAX)) ex_ld = 7'd1;
    if (do_push && p_exp && expcnt == 3'(EXP_MAX)) ex_ex = 3'd1;
    if (((do_push && p_ds) || push2) && dscnt == 6'(CNT_MAX))  ex_ds = 7'd1;
    // the oldest of a counter
    rk_ld = 7'd0; rk_ds = 7'd0; rk_ex = 3'd0; rm = '0;
    left = 8'(n_q); rows = 8'd0;
    for (int i = 0; i < N; i++)
      if (NW'(i) < n_q) begin
        if (e_q[i])      begin rm[i] = (rk_ex < ex_ex); rk_ex = rk_ex + 3'd1; end
        else if (t_q[i]) begin rm[i] = (rk_ds < ex_ds); rk_ds = rk_ds + 7'd1; end
        else             begin rm[i] = (rk_ld < ex_ld); rk_ld = rk_ld + 7'd1; end
        if (rm[i]) left = left - 8'd1;
        else       rows = rows + 8'({2'd0, r_q[6*i +: 6]});
      end
    // then the oldest of all, while the new entry finds no room
    if (do_push || push2)
      for (int i = 0; i < N; i++)
        if (NW'(i) < n_q && !rm[i] &&
            (left + n_room > 8'(N) || rows + {1'b0, r_new} > 8'(MAXREG))) begin
          rm[i] = 1'b1;
          left = left - 8'd1;
          rows = rows - 8'({2'd0, r_q[6*i +: 6]});
        end
    // the entries left, in order, and the new one
    t_d = '0; e_d = '0; r_d = '0; k = '0;
    for (int i = 0; i < N; i++)
      if (NW'(i) < n_q && !rm[i]) begin
        t_d[k[IW-1:0]] = t_q[i];
        e_d[k[IW-1:0]] = e_q[i];
        r_d[6*k[IW-1:0] +: 6] = r_q[6*i +: 6];
        k = k + NW'(1);
      end
    if (do_push && k < NW'(N)) begin
      t_d[k[IW-1:0]] = p_ds;
      e_d[k[IW-1:0]] = p_exp;
      r_d[6*k[IW-1:0] +: 6] = p_nreg;
      k = k + NW'(1);
    end
    if (push2 && k < NW'(N)) begin
      t_d[k[IW-1:0]] = 1'b1;
      r_d[6*k[IW-1:0] +: 6] = p2_nreg;
      k = k + NW'(1);
    end
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      t_q <= '0; e_q <= '0; r_q <= '0; n_q <= '0;
    end else begin
      t_q <= t_d; e_q <= e_d; r_q <= r_d; n_q <= k;
    end
  end
endmodule
