// nv50_pkg.sv - types and constants shared by the NV50 (Tesla) shader core.
//
// Contract: model/nv50/README.md.  Encoding facts: shared/specs/nv50-isa-ops.txt,
// shared/specs/nv50-envytools-docs/isa.rst and envytools' envydis/g80.c (field
// positions only).  Every choice made where those are silent is listed in
// rtl/nv50/README.md ("Decisions").
//
// Written for Verilator 5.006 (-Wall clean) and yosys 0.23 (no `return`, no
// `import pkg::*` in module headers: users name things as nv50_pkg::x).
package nv50_pkg;

  // ---------------------------------------------------------------- classes
  // Operation class of a decoded instruction (what the execute stage does).
  localparam logic [4:0] C_NOP    = 5'd0;   // long nop (also the class of faulting words)
  localparam logic [4:0] C_MOV    = 5'd1;   // mov b16/b32 (short, imm, long with lanemask)
  localparam logic [4:0] C_MOVC   = 5'd2;   // mov $r <- $c
  localparam logic [4:0] C_MOVA   = 5'd3;   // mov $r <- $a
  localparam logic [4:0] C_MOVSR  = 5'd4;   // mov $r <- $sr
  localparam logic [4:0] C_MOVTOC = 5'd5;   // mov $c <- $r
  localparam logic [4:0] C_SHLA   = 5'd6;   // shl $a <- $r << SHCNT
  localparam logic [4:0] C_ADDA   = 5'd7;   // add $a <- $a + OFFS
  localparam logic [4:0] C_ADD    = 5'd8;   // add/sub/subr/addc
  localparam logic [4:0] C_MUL    = 5'd9;   // mul 16x16 / 24x24
  localparam logic [4:0] C_MAD    = 5'd10;  // mul + add/sub/subr/addc
  localparam logic [4:0] C_SAD    = 5'd11;
  localparam logic [4:0] C_MINMAX = 5'd12;
  localparam logic [4:0] C_SET    = 5'd13;
  localparam logic [4:0] C_LOGIC  = 5'd14;  // and/or/xor/mov2
  localparam logic [4:0] C_SHIFT  = 5'd15;  // shl/shr
  localparam logic [4:0] C_CTRL   = 5'd16;  // control instruction (see K_*)
  // float, SFU and conversion classes (model/nv50/FLOAT.md; datapath nv50_fpu)
  localparam logic [4:0] C_FADD   = 5'd17;  // add f32 [sat] [rn|rz]
  localparam logic [4:0] C_FMUL   = 5'd18;  // mul f32 [sat] [rn|rz]
  localparam logic [4:0] C_FMAD   = 5'd19;  // add f32 (mul a b) c, product rounded
  localparam logic [4:0] C_FSET   = 5'd20;  // set f32 (16 conditions)
  localparam logic [4:0] C_FMNMX  = 5'd21;  // min/max f32
  localparam logic [4:0] C_FSLCT  = 5'd22;  // slct b32 .. f32 src3
  localparam logic [4:0] C_SFU    = 5'd23;  // rcp rsqrt lg2 ex2 sin cos presin preex2 (SF_*)
  localparam logic [4:0] C_CVT    = 5'd24;  // cvt (CV_* types)

  // SFU operations (nv50_sfu op input)
  localparam logic [2:0] SF_RCP    = 3'd0;
  localparam logic [2:0] SF_RSQ    = 3'd1;
  localparam logic [2:0] SF_LG2    = 3'd2;
  localparam logic [2:0] SF_EX2    = 3'd3;
  localparam logic [2:0] SF_SIN    = 3'd4;
  localparam logic [2:0] SF_COS    = 3'd5;
  localparam logic [2:0] SF_PRESIN = 3'd6;
  localparam logic [2:0] SF_PREEX2 = 3'd7;

  // cvt source / destination types (numbering of the model's enum nv50_cvfmt)
  localparam logic [2:0] CV_I8  = 3'd1;
  localparam logic [2:0] CV_I16 = 3'd2;
  localparam logic [2:0] CV_I32 = 3'd3;
  localparam logic [2:0] CV_F16 = 3'd4;
  localparam logic [2:0] CV_F32 = 3'd5;

  // Control operations (the primary opcode of the long control format).
  localparam logic [3:0] K_BRA     = 4'h1;
  localparam logic [3:0] K_CALL    = 4'h2;
  localparam logic [3:0] K_RET     = 4'h3;
  localparam logic [3:0] K_BRKADDR = 4'h4;
  localparam logic [3:0] K_BREAK   = 4'h5;
  localparam logic [3:0] K_QUADON  = 4'h6;
  localparam logic [3:0] K_QUADPOP = 4'h7;
  localparam logic [3:0] K_BAR     = 4'h8;
  localparam logic [3:0] K_TRAP    = 4'h9;
  localparam logic [3:0] K_JOINAT  = 4'ha;
  localparam logic [3:0] K_BRKPT   = 4'hb;

  // Control stack entry types (internal numbering).
  localparam logic [2:0] E_BRANCH = 3'd1;
  localparam logic [2:0] E_CALL   = 3'd2;
  localparam logic [2:0] E_BREAK  = 3'd3;
  localparam logic [2:0] E_JOINAT = 3'd4;
  localparam logic [2:0] E_QUADON = 3'd5;

  // Source operand kinds.
  localparam logic [2:0] S_NONE   = 3'd0;
  localparam logic [2:0] S_REG    = 3'd1;   // $rN (32 bits) or $rNl/$rNh (op_w16)
  localparam logic [2:0] S_SHARED = 3'd2;   // s[] (src1 only)
  localparam logic [2:0] S_CONST  = 3'd3;   // c[] (src2 or src3 slot)
  localparam logic [2:0] S_IMM    = 3'd4;   // 32-bit immediate / SHCNT

  // Destination kinds.
  localparam logic [2:0] D_NONE = 3'd0;     // no $r/o[] destination ($c/$a only, control)
  localparam logic [2:0] D_R32  = 3'd1;     // $rN
  localparam logic [2:0] D_R16  = 3'd2;     // $rNl / $rNh
  localparam logic [2:0] D_O32  = 3'd3;     // o[N*4]
  localparam logic [2:0] D_O16  = 3'd4;     // o[] from a halfword destination: 16-bit value duplicated
  localparam logic [2:0] D_DISC = 3'd5;     // discarded (destination type 1, field 127)
  localparam logic [2:0] D_A    = 3'd6;     // $a (shl/add to $a)

  // One source operand.  For S_REG: idx is the $r number, hi selects the high half
  // when the operand is 16 bits wide.  For S_SHARED: mode (0 u8, 1 u16, 2 s16,
  // 3 b32), off (byte offset, already multiplied and sign extended for
  // post-increment), aidx ($a used, 0 = direct).  For S_CONST: bank, off, aidx,
  // c32 (32- or 16-bit access).  For S_IMM: imm.
  typedef struct packed {
    logic [2:0]  kind;
    logic [6:0]  idx;
    logic        hi;
    logic        w16;    // operand is 16 bits wide (half register / 16-bit memory read)
    logic [1:0]  mode;
    logic [3:0]  bank;
    logic [15:0] off;
    logic [2:0]  aidx;
    logic [31:0] imm;
  } opnd_t;

  // A decoded instruction.
  typedef struct packed {
    logic        fault;     // illegal or unimplemented: the unit faults instead of retiring
    logic        long_i;    // 8-byte instruction
    logic [4:0]  cls;
    logic [3:0]  ctrl;      // K_* for C_CTRL
    // predicate
    logic        pred_en;
    logic [4:0]  pred;
    logic [1:0]  pred_c;
    logic [1:0]  cond_c;    // $c read as COND (addc carry, mov from $c); short/imm: $c0
    logic        join_m;
    logic        exit_m;
    // destination
    logic [2:0]  dkind;
    logic [6:0]  didx;      // $r number, o[] word index, or $a number
    logic        dhi;
    logic        cdst_en;
    logic [1:0]  cdst;
    // operation modifiers
    logic        b32;       // 32-bit operation (else 16-bit)
    logic        sgn;       // signed compare / shift / mul24 / sad
    logic        sat;
    logic [1:0]  aop;       // 0 add, 1 sub, 2 subr, 3 addc
    logic [1:0]  lop;       // 0 and, 1 or, 2 xor, 3 mov2
    logic        not1;
    logic        not2;
    logic        mul24;
    logic        high;
    logic        s1sgn;     // mul16: src1 signed
    logic        s2sgn;     // mul16: src2 signed
    logic [2:0]  setc;      // set condition {g, e, l}
    logic        ismin;
    logic        shr;
    logic        shcnt_imm; // shift count is the SHCNT immediate (carried in opB.imm)
    logic [3:0]  lanemask;
    logic [3:0]  sreg;
    logic [2:0]  asrc;      // $a read as a value (mov from $a, add $a)
    logic [15:0] offs;      // add $a immediate / shl $a count (low 4 bits)
    logic [31:0] target;    // control target, byte address
    // float rows (model/nv50/FLOAT.md)
    logic        neg1;      // source modifiers: abs first, then neg
    logic        neg2;
    logic        neg3;
    logic        abs1;
    logic        abs2;
    logic [1:0]  rnd;       // rounding field: rn/rni, rm/rmi, rp/rpi, rz/rzi
    logic [3:0]  fcond;     // fset condition {u, g, e, l}
    logic [2:0]  sfop;      // SF_* of C_SFU
    logic [2:0]  cvd;       // cvt destination type (CV_*)
    logic [2:0]  cvs;       // cvt source type (CV_*)
    logic        rint;      // cvt float -> float: round to an integral value
    logic        cvssgn;    // cvt: signed integer source
    logic        cvdsgn;    // cvt: signed integer destination
    // post-increment: $a[pi_a] += pi_amt for executing threads
    logic        pi;
    logic [2:0]  pi_a;
    logic [15:0] pi_amt;
    // operands: A = src1, B = second ALU input, C = third ALU input
    opnd_t       a;
    opnd_t       b;
    opnd_t       c;
  } dec_t;

  // ------------------------------------------------------------ predicates
  // isa.rst "Predicates".  f = {O, C, S, Z}.  Encodings 0x14-0x1b are illegal
  // (rejected by the decoder) and evaluate to 0 here.
  function automatic logic pred_eval(input logic [4:0] p, input logic [3:0] f);
    logic z, s, c, o;
    z = f[0]; s = f[1]; c = f[2]; o = f[3];
    case (p)
      5'h00: pred_eval = 1'b0;
      5'h01: pred_eval = (s & ~z) ^ o;
      5'h02: pred_eval = z & ~s;
      5'h03: pred_eval = s ^ (z | o);
      5'h04: pred_eval = ~z & ~(s ^ o);
      5'h05: pred_eval = ~z;
      5'h06: pred_eval = ~(s ^ o);
      5'h07: pred_eval = ~z | ~s;
      5'h08: pred_eval = z & s;
      5'h09: pred_eval = s ^ o;
      5'h0a: pred_eval = z;
      5'h0b: pred_eval = z | (s ^ o);
      5'h0c: pred_eval = ~s ^ (z | o);
      5'h0d: pred_eval = ~z | s;
      5'h0e: pred_eval = (~s | z) ^ o;
      5'h0f: pred_eval = 1'b1;
      5'h10: pred_eval = o;
      5'h11: pred_eval = c;
      5'h12: pred_eval = ~z & c;
      5'h13: pred_eval = s;
      5'h1c: pred_eval = ~s;
      5'h1d: pred_eval = z | ~c;
      5'h1e: pred_eval = ~c;
      5'h1f: pred_eval = ~o;
      default: pred_eval = 1'b0;
    endcase
  endfunction

  function automatic logic pred_legal(input logic [4:0] p);
    pred_legal = !(p >= 5'h14 && p <= 5'h1b);
  endfunction

  // All threads of every quad that has an active thread.
  function automatic logic [31:0] quad_expand(input logic [31:0] m);
    for (int q = 0; q < 8; q++)
      quad_expand[4*q +: 4] = (m[4*q +: 4] != 4'h0) ? 4'hf : 4'h0;
  endfunction

endpackage
