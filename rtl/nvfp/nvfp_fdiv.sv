// nvfp_fdiv.sv - fp32 a / b under the nvfp policy (model/fp fp_div with
// fp_policy_nvfp: denormal operands read as 0, NaN operands as Inf of their
// sign, the quotient correctly rounded to nearest even with tininess after
// rounding, tiny results flushed to zero, overflow to Inf; 0/0 and Inf/Inf
// are invalid and give the default NaN 0x7fc00000, written as +Inf).
// TXP's projective division (model/nvfp/nvfp_exec_tex.c): u/w and v/w.
//
// Sequential: a restoring radix-2 divider of the two 24-bit significands,
// one quotient bit per cycle, 27 bits (the quotient's leading one at bit 26
// or 25, so at least 24 bits + guard + one more, plus the remainder as the
// sticky bit) then rtl/common/fp/fp_round: the exact rounding of the model's
// 128-bit quotient and sticky.  `start` (while not busy) takes a and b;
// `done` pulses with `r` valid (held until the next start) 28 cycles later,
// or 1 cycle later for a special operand.
module nvfp_fdiv (
    input  logic        clk,
    input  logic        rst_n,
    input  logic        start,
    input  logic [31:0] a,
    input  logic [31:0] b,
    output logic        busy,
    output logic        done,
    output logic [31:0] r
);
  logic        sa, sb, za, zb, ia, ib;
  logic [7:0]  ea, eb;
  always_comb begin
    sa = a[31]; sb = b[31];
    ea = a[30:23]; eb = b[30:23];
    za = ea == 8'd0;               // zero or a denormal (read as 0)
    zb = eb == 8'd0;
    ia = ea == 8'hff;              // Inf or a NaN (read as Inf)
    ib = eb == 8'hff;
  end

  logic [23:0] dv;                 // divisor significand
  logic [24:0] rem;                // partial remainder (< 2 * dv)
  logic [26:0] q;
  logic [4:0]  cnt;
  logic        sq;
  logic signed [11:0] qexp;        // biased exponent of q[26]'s weight
  logic        rnd_pend;

  // one restoring step: the next quotient bit and remainder
  logic [24:0] diff;
  logic        qb;
  assign diff = rem - {1'b0, dv};
  assign qb = rem >= {1'b0, dv};

  logic [31:0] rres;
  logic        of, uf, nx, fl;
  fp_round #(.EW(8), .MW(23), .SW(27), .XW(12)) u_rnd (
      .sign(sq), .exp(qexp), .sig(q), .sticky(rem != 25'd0), .rm(3'd0), .ovf_sat(1'b0),
      .ftz(1'b1), .tiny_after(1'b1), .res(rres), .of(of), .uf(uf), .nx(nx), .flushed(fl));
  logic unused_f;
  assign unused_f = ^{of, uf, nx, fl};

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      busy <= 1'b0; done <= 1'b0; r <= 32'd0;
      dv <= 24'd0; rem <= 25'd0; q <= 27'd0; cnt <= 5'd0; sq <= 1'b0; qexp <= 12'sd0; rnd_pend <= 1'b0;
    end else begin
      done <= 1'b0;
      if (start && !busy) begin
        sq <= sa ^ sb;
        if (ia && ib)      begin r <= 32'h7f800000; done <= 1'b1; end      // invalid: +Inf (D4)
        else if (ia)       begin r <= {sa ^ sb, 8'hff, 23'd0}; done <= 1'b1; end
        else if (ib)       begin r <= {sa ^ sb, 31'd0}; done <= 1'b1; end
        else if (zb && za) begin r <= 32'h7f800000; done <= 1'b1; end      // 0/0 invalid: +Inf
        else if (zb)       begin r <= {sa ^ sb, 8'hff, 23'd0}; done <= 1'b1; end
        else if (za)       begin r <= {sa ^ sb, 31'd0}; done <= 1'b1; end
        else begin
          busy <= 1'b1;
          dv <= {1'b1, b[22:0]};
          rem <= {2'b01, a[22:0]};
          q <= 27'd0;
          cnt <= 5'd0;
          // q[26] weighs 2^(ea - eb): fp_round's biased exponent
          qexp <= $signed({4'd0, ea}) - $signed({4'd0, eb}) + 12'sd127;
        end
      end else if (busy && !rnd_pend) begin
        q <= {q[25:0], qb};
        rem <= (qb ? diff : rem) << 1;
        cnt <= cnt + 5'd1;
        if (cnt == 5'd26) rnd_pend <= 1'b1;
      end else if (rnd_pend) begin
        // the last shift doubled the remainder: only its being non-zero counts
        r <= rres; done <= 1'b1; busy <= 1'b0; rnd_pend <= 1'b0;
      end
    end
  end
endmodule
