`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_waves.sv - the waves of one work-group on one rdna4_core: the barrier
// unit and the wave scheduler (rtl/rdna4/README.md "Waves").  The core holds
// the active wave's state and swaps it with a saved slot between units; this
// module decides which wave runs next and keeps what the waves share:
//   * the barrier state of the model (model/rdna4/rdna4_exec_salu.c, README
//     D38; rdna4 §5.6 L2019-2099, L10303-10373, L11311-11325): signalCnt of
//     each barrier id (n & 63), the complete bits of the work-group (-1) and
//     trap (-2) barriers per wave, and which waves have ended;
//   * the turn: after a unit of wave w retires, wave w + 1 (mod the waves) is
//     tried first; a wave waiting at S_BARRIER_WAIT whose barrier has not
//     completed and a wave that ended are passed over, as gpuref_run does.
// With one wave (nwv = 1) nothing here changes the core's behaviour.
module rdna4_waves #(
  parameter int WAVES = 1                 // wave slots (1..4)
) (
  input  logic        clk,
  input  logic        rst_n,
  input  logic [2:0]  nwv,                // waves of the work-group (1..WAVES)
  input  logic [1:0]  cw,                 // the active wave
  input  logic        clr,                // launch: no barrier signalled or complete, no wave ended
  input  logic        sig,                // a S_BARRIER_SIGNAL(_ISFIRST) of cw retires
  input  logic [5:0]  sig_idx,            //   on barrier id n (n & 63)
  input  logic        fin,                // cw retires its last unit (S_ENDPGM, halt, trap end)
  input  logic        blk,                // cw's S_BARRIER_WAIT waits (does not retire)
  input  logic [1:0]  blk_b,              //   on barrier bit 0 (never completes), 1 (-1) or 2 (-2)
  input  logic        wclr,               // cw's S_BARRIER_WAIT on bit wclr_b retires: the bit is cleared
  input  logic [1:0]  wclr_b,
  input  logic        turn_adv,           // a unit of cw retired: the turn passes to cw + 1
  input  logic        go,                 // the core switches to wave sel now (its wait is over)
  input  logic [5:0]  rd_idx,             // signalCnt read port (S_GET_BARRIER_STATE, ISFIRST)
  output logic [6:0]  rd_sig,
  output logic        cpl1,               // cw's complete bits: work-group barrier (-1),
  output logic        cpl2,               //   trap barrier (-2)
  output logic [1:0]  sel,                // the wave to run next (valid with sel_ok)
  output logic        sel_ok,
  output logic        more,               // a wave other than cw has not ended
  output logic [1:0]  dl_w                // no wave ready (sel_ok 0): the wave whose turn it is
);
  logic [6:0]       sigc [64];
  logic [3:0]       ended, waiting, allw, live, ready, cp1, cp2;
  logic [1:0]       wbit [4];
  logic [1:0]       turn;
  logic [2:0]       nlive, nlive_f, k2;

  always_comb begin
    allw = 4'd0; nlive = 3'd0; nlive_f = 3'd0;
    for (int w = 0; w < 4; w++) begin
      allw[w]  = (w < WAVES) && (3'(w) < nwv);
      live[w]  = allw[w] && !ended[w];
      nlive    = nlive + {2'd0, live[w]};
      nlive_f  = nlive_f + {2'd0, live[w] && 2'(w) != cw};      // after cw's end
      ready[w] = live[w] && (!waiting[w] || (wbit[w] == 2'd1 && cp1[w]) || (wbit[w] == 2'd2 && cp2[w]));
    end
  end

  // first ready wave from the turn, in order (mod nwv)
  always_comb begin
    sel = 2'd0; sel_ok = 1'b0; dl_w = turn;
    for (int k = 3; k >= 0; k--) begin
      k2 = {1'b0, turn} + 3'(k);
      if (k2 >= nwv) k2 = k2 - nwv;
      if (3'(k) < nwv && ready[k2[1:0]]) begin sel = k2[1:0]; sel_ok = 1'b1; end
    end
    for (int k = 3; k >= 0; k--) begin
      k2 = {1'b0, turn} + 3'(k);
      if (k2 >= nwv) k2 = k2 - nwv;
      if (3'(k) < nwv && live[k2[1:0]]) dl_w = k2[1:0];
    end
  end

  assign rd_sig = sigc[rd_idx];
  assign cpl1   = cp1[cw];
  assign cpl2   = cp2[cw];
  assign more   = (live & ~(4'd1 << cw)) != 4'd0;

  logic [6:0] s_new;
  assign s_new = sigc[sig_idx] + 7'd1;

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      for (int i = 0; i < 64; i++) sigc[i] <= 7'd0;
      ended <= 4'd0; waiting <= 4'd0; cp1 <= 4'd0; cp2 <= 4'd0; turn <= 2'd0;
      for (int w = 0; w < 4; w++) wbit[w] <= 2'd0;
    end else if (clr) begin
      for (int i = 0; i < 64; i++) sigc[i] <= 7'd0;
      ended <= 4'd0; waiting <= 4'd0; cp1 <= 4'd0; cp2 <= 4'd0; turn <= 2'd0;
    end else begin
      // S_BARRIER_SIGNAL: signalCnt + 1; the work-group and trap barriers complete
      // when it reaches the waves that have not ended (every wave's bit set)
      if (sig) begin
        if ((sig_idx == 6'd63 || sig_idx == 6'd62) && {4'd0, nlive} <= s_new) begin
          sigc[sig_idx] <= 7'd0;
          if (sig_idx == 6'd63) cp1 <= cp1 | allw; else cp2 <= cp2 | allw;
        end else
          sigc[sig_idx] <= s_new;
      end
      // a wave that ends no longer holds a barrier up (rdna4 L1878)
      if (fin) begin
        ended[cw] <= 1'b1;
        if (sigc[63] != 7'd0 && {4'd0, nlive_f} <= sigc[63]) begin sigc[63] <= 7'd0; cp1 <= cp1 | allw; end
        if (sigc[62] != 7'd0 && {4'd0, nlive_f} <= sigc[62]) begin sigc[62] <= 7'd0; cp2 <= cp2 | allw; end
      end
      if (wclr && wclr_b == 2'd1) cp1[cw] <= 1'b0;
      if (wclr && wclr_b == 2'd2) cp2[cw] <= 1'b0;
      if (blk) begin waiting[cw] <= 1'b1; wbit[cw] <= blk_b; end
      if (turn_adv) turn <= ({1'b0, cw} + 3'd1 >= nwv) ? 2'd0 : cw + 2'd1;
      if (go) waiting[sel] <= 1'b0;
    end
  end
endmodule
