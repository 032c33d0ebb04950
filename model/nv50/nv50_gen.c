/* nv50_gen.c - the NV50 constrained-random program generator (the gen hook
 * of gpuref_isa_nv50; the ISA-neutral part is core/gen.c).
 *
 * Instructions: a row of nv50.def is picked by the mix weights, its free
 * fields (nv50_row_fields) are filled at random over the fixed bits, the word
 * is decoded (illegal combinations are drawn again), and the decoded
 * instruction is constrained: registers come from the test's pool (so values
 * flow between instructions and the reserved registers below are never
 * written), join/exit modifiers only where the structure puts them, memory
 * operands and predicates with chosen probabilities.  It is then encoded
 * again and printed; long instructions sit at 8-byte aligned addresses (a
 * short filler goes before one that would not), so the text assembles back
 * to the same words.
 *
 * Control flow is structured, so every program terminates and every branch
 * target is an instruction of the program:
 *   if    joinat Lj; (p) bra Le; <then>; bra Lj; Le: <else>; Lj: join <op>
 *   loop  counter = 1..4 per lane; breakaddr Lb; Lt: <body>;
 *         sub b32 $cK ctr ctr 1; (e $cK) break; bra Lt; Lb:
 *   sub   call Ls ... (after the main program) Ls: <body> [(p) ret <body>] ret
 *   quad  quadon; <straight-line body>; quadpop
 *   exit  a predicated long instruction with the exit modifier
 * The program ends with `exit nop` (or `trap`).  max_steps is a bound
 * computed from the structure (loops at most 4 iterations, joins twice).
 *
 * Registers: $r24-$r31 are read-only "rich" registers for instructions aimed
 * at coverage holes (every value class across their lanes), $r56-$r63 are
 * control registers (loop counters $r60-$r63, $r59 = 1, $r58 = lane 0 Z flag,
 * $r57 = lane & 0xf, $r56 = 0); the pool of 16 is drawn from the rest. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nv50_tmpl.h"

/* ------------------------------------------------------- mix items */

#define FN_SHORT "short"
#define FN_IMM   "imm"
#define FN_LONG  "long"
#define FN_SCTL  "scontrol"
#define FN_LCTL  "control"
#define CL_SHORT "alu"
#define CL_IMM   "alu"
#define CL_LONG  "alu"
#define CL_SCTL  "control"
#define CL_LCTL  "control"
#define W_SHORT  10
#define W_IMM    10
#define W_LONG   10
#define W_SCTL   2
#define W_LCTL   2

enum { IT_IF = NV50_NOPS, IT_LOOP, IT_SUB, IT_QUAD, IT_EXIT, IT_ENDTRAP, NITEMS };
/* after the constructs: the model knobs a program may set to their other
 * value (--mix knob_NAME: W, the percent of programs; README "Float on
 * G80" keys): zero_wins=1, chipset=g200 (fmul sat).  The bench hands both to
 * the core in the float mode (cfg2) */
enum { IT_KZW = NITEMS, IT_KCHIP, NALLITEMS };

static const gpuref_gen_item nv50g_items[NALLITEMS] = {
#define NV50_ROW(id, nm, fm, m0, k0, m1, k1, fl, ex, tp, pre) \
    { nm "." FN_##fm, nm " " #ex " " FN_##fm " " CL_##fm " " #id, W_##fm },
#include "nv50.def"
#undef NV50_ROW
    [IT_IF] = { "if", "construct control branch", 40 },
    [IT_LOOP] = { "loop", "construct control", 20 },
    [IT_SUB] = { "sub", "construct control", 12 },
    [IT_QUAD] = { "quad", "construct control", 8 },
    [IT_EXIT] = { "exit", "construct control", 6 },
    [IT_ENDTRAP] = { "endtrap", "construct control", 0 },
    [IT_KZW] = { "knob_zero_wins", "knob nv50", 0 },
    [IT_KCHIP] = { "knob_chipset", "knob nv50", 0 },
};

/* ------------------------------------------------------- generator state */

#define NSHORTER 3

typedef struct nv50g {
    uint32_t f0[NV50_NOPS], f1[NV50_NOPS];   /* free fields */
    uint8_t  alu[NV50_NOPS];     /* usable as a random instruction */
    uint8_t  cond[NV50_NOPS];    /* reads COND (its $c is the predicate's) */
    uint8_t  mcd[NV50_NOPS];     /* has an optional $c destination */
    int8_t   sd3[NV50_NOPS];     /* source slot that is the destination (D32), -1 */
    uint32_t clr1[NV50_NOPS];    /* w1 bits to draw as 0 (16-bit immediates, D14) */
    int16_t  shorter[NV50_NOPS][NSHORTER];   /* same-name rows of shorter forms */
    uint8_t  sbits[NV50_NOPS][4];/* value width of each source slot (0: none) */
    uint8_t  memrow[NV50_NOPS];  /* has s[]/c[]-capable sources and no $a operand */
    uint8_t  sreg[NV50_NOPS], adst[NV50_NOPS];   /* has SREG / AD operands */
    gpuref_model  *scratch;      /* evaluates candidate operands (made when needed) */
    gpuref_retire *rr;
} nv50g;

enum { REG_TGT = 24, REG_ZERO = 56, REG_LANES = 57, REG_LANE0 = 58, REG_ONE = 59,
       REG_CTR = 60 };
#define NPOOL     16
#define MAXDEPTH  3
#define MAXLABELS 1024
#define MAXSUBS   8
#define LOOP_MAX  4u
#define STK_MAX   14             /* control stack entries the structure may use (of 16) */

typedef struct gitem {
    nv50_insn in;
    int16_t   label;    /* code target label, -1 none */
    uint8_t   drawn;    /* decoded from a legal word and constrained within its
                           fields: no need to encode again */
} gitem;

typedef struct glist {
    gitem   *v;
    size_t   n, cap;
    unsigned pos;       /* words so far */
} glist;

/* A mix table as a core weighted table (gpuref_wtab) with its room. */
typedef struct cumw {
    gpuref_wtab t;
    uint64_t    cum[NV50_NOPS];
    uint16_t    idx[NV50_NOPS];
} cumw;

typedef struct gt {
    gpuref_genctx *x;
    const nv50g   *G;
    nv50g         *Gm;               /* the same, for the scratch model */
    gpuref_rng    *r;
    glist          list[2], *cur;       /* main program, subroutines */
    struct { uint8_t list; uint32_t item; } label[MAXLABELS];
    unsigned       nlabels;
    uint8_t        pool[NPOOL];
    unsigned       w_alu[NV50_NOPS], w_short[NV50_NOPS], w_long[NV50_NOPS];
    unsigned       w_ctl[NITEMS - NV50_NOPS];
    cumw           c_alu, c_short, c_long;   /* the three tables above */
    uint64_t       bound, mult;         /* step bound, passes of the code being made */
    unsigned       depth, loops, inquad, insub, nsubs, stk;
    uint32_t       usedregs;            /* bit i: $r(REG_TGT+i), bit 8+: control regs */
    uint16_t       cbanks;
    int            shared, record, endtrap, trapmask, fail, drawn;
    char          *err;
} gt;

/* ---------------------------------------------------------- choices */

/* ---------------------------------------------------------- instructions
 * Values aimed at value-class bins: gpuref_vc_example_* (core/gen.c). */

static nv50_insn mk(unsigned op)
{
    nv50_insn in = nv50_rows[op].preset;
    in.op = (uint16_t)op;
    in.form = nv50_rows[op].form;
    in.nwords = (uint8_t)(in.form == NV50_FORM_SHORT || in.form == NV50_FORM_SCTL ? 1 : 2);
    in.pred = 0xf;
    return in;
}

static nv50_opnd reg_opnd(unsigned r)
{
    nv50_opnd o = { 0 };
    o.kind = NV50_O_REG;
    o.reg = (uint8_t)r;
    return o;
}

static nv50_opnd imm_opnd(uint32_t v)
{
    nv50_opnd o = { 0 };
    o.kind = NV50_O_IMM;
    o.imm = v;
    return o;
}

static int is_long_form(unsigned form) { return form == NV50_FORM_LONG || form == NV50_FORM_LCTL; }

/* The defined predicate conditions other than always. */
static unsigned rand_cond(gpuref_rng *r)
{
    static const uint8_t conds[] = { 0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7, 0x8, 0x9, 0xa, 0xb,
                                     0xc, 0xd, 0xe, 0x10, 0x11, 0x12, 0x13, 0x1c, 0x1d, 0x1e,
                                     0x1f };
    return conds[gpuref_rng_below(r, sizeof conds)];
}

/* A pool register that fits an operand field of the form. */
static unsigned pool_reg(gt *t, const nv50_insn *in, int half)
{
    unsigned lim = (in->form == NV50_FORM_LONG || in->form == NV50_FORM_LCTL) ? (half ? 64 : 128)
                                                                             : (half ? 32 : 64);
    for (;;) {
        unsigned r = t->pool[gpuref_rng_below(t->r, NPOOL)];
        if (r < lim)
            return r;
    }
}

static void set_pred(gt *t, nv50_insn *in, unsigned cond, unsigned c)
{
    in->pred = (uint8_t)cond;
    in->csrc = (uint8_t)c;
    if (t->G->cond[in->op])              /* COND reads the predicate's $c (D28) */
        for (unsigned i = 0; i < 4; i++)
            if (in->src[i].kind == NV50_O_CREG)
                in->src[i].reg = (uint8_t)c;
}

/* Registers to the pool, reads of unmodelled special registers away when
 * recording, modifiers off. */
static void constrain(gt *t, nv50_insn *in)
{
    if (in->dst.kind == NV50_O_REG || in->dst.kind == NV50_O_HALF)
        in->dst.reg = (uint8_t)pool_reg(t, in, in->dst.kind == NV50_O_HALF);
    for (unsigned i = 0; i < 4; i++) {
        nv50_opnd *o = &in->src[i];
        if (o->kind == NV50_O_REG || o->kind == NV50_O_HALF)
            o->reg = (uint8_t)pool_reg(t, in, o->kind == NV50_O_HALF);
        if (o->kind == NV50_O_SREG && t->record && (o->reg == 1 || (o->reg >= 4 && o->reg <= 7)))
            o->reg = (uint8_t)(gpuref_rng_chance(t->r, 50) ? 0 : 3);
        if ((o->kind == NV50_O_CONST || o->kind == NV50_O_SHARED) && !o->postinc) {
            int32_t sz = o->kind == NV50_O_SHARED ? (int32_t)nv50_smode_size(o->mode) : o->mode;
            o->off = (o->off / sz % 16) * sz;    /* inside the initialised words */
        }
    }
    if (t->G->sd3[in->op] >= 0)          /* SRC3 is the destination (D32) */
        in->src[t->G->sd3[in->op]].reg = in->dst.reg;
    for (unsigned i = 0; i < 4; i++)     /* immediates: specials too */
        if (in->src[i].kind == NV50_O_IMM && t->G->sbits[in->op][i] &&
            gpuref_rng_chance(t->r, t->x->opts->special_pct))
            in->src[i].imm = (uint32_t)gpuref_rng_value(t->r, t->G->sbits[in->op][i], 100);
    in->modifier = 0;
}

/* Fields that are only legal together (model/nv50/README.md D6, D21, D22,
 * D25): set so that the draw decodes, instead of drawing again. */
static void normalize(gt *t, unsigned op, uint32_t w[2])
{
    const nv50g *G = t->G;
    int lng = nv50_rows[op].form == NV50_FORM_LONG;
    if (G->memrow[op]) {
        int smem = lng ? (w[1] >> 21) & 1 : (w[0] >> 24) & 1;
        int cmem = lng ? (w[0] >> 23 | w[0] >> 24) & 1 : (w[0] >> 23) & 1;
        if (!lng && smem && cmem)                         /* both type bits: p[] (D22) */
            w[0] &= ~(1u << (gpuref_rng_below(t->r, 2) ? 23 : 24));
        if (lng && (w[0] >> 23 & 1) && (w[0] >> 24 & 1))  /* two c[]: not encodable */
            w[0] &= ~(1u << 24);
        smem = lng ? (w[1] >> 21) & 1 : (w[0] >> 24) & 1;
        cmem = lng ? (w[0] >> 23 | w[0] >> 24) & 1 : (w[0] >> 23) & 1;
        if (!smem && !cmem) {                             /* no memory: no $a fields (D21) */
            w[0] &= ~(G->f0[op] & (7u << 25));
            if (lng)
                w[1] &= ~(G->f1[op] & (1u << 2));
        } else {
            unsigned a = (w[0] >> 26 & 3) | (lng ? (w[1] >> 2 & 1) << 2 : 0);
            if ((w[0] >> 25 & 1) && (a == 0 || a >= 5))   /* post-increment needs $a1-$a4 */
                w[0] &= ~(1u << 25);
        }
        if (lng && !cmem)                                 /* no c[]: no c[] space (D21) */
            w[1] &= ~(G->f1[op] & (0xfu << 22));
    }
    if (G->sreg[op])                                      /* $sr0-$sr8 (D25) */
        w[1] = (w[1] & ~(0xfu << 14)) | gpuref_rng_below(t->r, 9) << 14;
    if (G->adst[op])                                      /* $a0-$a4 destinations (D6) */
        w[0] = (w[0] & ~(7u << 2)) | gpuref_rng_below(t->r, 5) << 2;
}

/* A random instruction of row op (NULL-free fields drawn; illegal draws
 * retried).  mem: percent of memory operands kept. */
static int draw(gt *t, unsigned op, unsigned mem, nv50_insn *in)
{
    const nv50_row *row = &nv50_rows[op];
    const nv50g *G = t->G;
    int lng = row->form == NV50_FORM_LONG;
    for (int tries = 0; tries < 64; tries++) {
        uint64_t rnd = gpuref_rng_next(t->r);
        uint32_t w[2];
        w[0] = row->m0 | ((uint32_t)rnd & G->f0[op]);
        w[1] = row->m1 | ((uint32_t)(rnd >> 32) & G->f1[op]);
        if (!gpuref_rng_chance(t->r, mem)) {             /* registers, not s[]/c[] */
            w[0] &= ~(G->f0[op] & (3u << 23));
            if (lng)
                w[1] &= ~(G->f1[op] & (1u << 21));
        }
        if (lng)
            w[1] &= ~3u;                                  /* no join/exit */
        w[1] &= ~G->clr1[op];
        normalize(t, op, w);
        if (is_long_form(row->form)) {
            unsigned cond = gpuref_rng_chance(t->r, 70) ? 0xf : rand_cond(t->r);
            w[1] = (w[1] & ~(0x1fu << 7)) | cond << 7;
            if (cond == 0xf && !G->cond[op])
                w[1] &= ~(3u << 12);
        }
        if (nv50_decode(w, 2, in, NULL) != GPUREF_OK || in->op != op)
            continue;
        constrain(t, in);                 /* stays encodable: only register numbers */
        return 0;
    }
    return -1;
}

/* ------------------------------------------------------------- emitting */

static int grow(glist *l)
{
    return gpuref_grow((void **)&l->v, &l->cap, l->n, sizeof *l->v, 256);
}

static void emit_raw(gt *t, const nv50_insn *in, int label, unsigned times)
{
    glist *l = t->cur;
    if (t->fail || grow(l)) {
        t->fail = t->fail ? t->fail : GPUREF_ERR_NOMEM;
        return;
    }
    l->v[l->n].in = *in;
    l->v[l->n].label = (int16_t)label;
    l->v[l->n].drawn = t->drawn;
    t->drawn = 0;
    l->n++;
    l->pos += in->nwords;
    t->bound += t->mult * times;
    t->x->ninsns++;
    for (unsigned i = 0; i < 4; i++) {
        if (in->src[i].kind == NV50_O_CONST)
            t->cbanks |= (uint16_t)(1u << (in->src[i].reg & 15));
        else if (in->src[i].kind == NV50_O_SHARED)
            t->shared = 1;
    }
}

static void emit_filler(gt *t);

/* Append one instruction, a short filler first if it would be misaligned. */
static void emit(gt *t, const nv50_insn *in, int label, unsigned times)
{
    if (in->nwords == 2 && (t->cur->pos & 1))
        emit_filler(t);
    emit_raw(t, in, label, times);
}

static void emit_filler(gt *t)
{
    nv50_insn in;
    int op = gpuref_wtab_pick(&t->c_short.t, t->r);
    if (op < 0 || draw(t, (unsigned)op, 25, &in)) {
        in = mk(NV50_OP_mov_b32_s);             /* mov b32 $rP $rP */
        in.dst = reg_opnd(t->pool[0]);
        in.src[0] = reg_opnd(t->pool[0]);
    } else {
        t->drawn = 1;
    }
    emit_raw(t, &in, -1, 1);
}

static int new_label(gt *t)
{
    if (t->nlabels >= MAXLABELS) {
        t->fail = GPUREF_ERR_RANGE;
        return 0;
    }
    return (int)t->nlabels++;
}

/* Labels sit at even word positions (a long instruction may follow, and a
 * joinat target must be the join itself, not a filler before it). */
static void place(gt *t, int lab)
{
    if (t->cur->pos & 1)
        emit_filler(t);
    t->label[lab].list = (uint8_t)(t->cur == &t->list[1]);
    t->label[lab].item = (uint32_t)t->cur->n;
}

static void emit_ctl(gt *t, unsigned op, int label, unsigned cond, unsigned c, unsigned times)
{
    nv50_insn in = mk(op);
    if (cond != 0xf && !(nv50_rows[op].flags & NV50_RF_NOPRED))   /* NOPRED: ignored, D18 */
        set_pred(t, &in, cond, c);
    emit(t, &in, label, times);
}

/* mov $cK $rN: flags from a control or rich register */
static void emit_c_from(gt *t, unsigned k, unsigned reg)
{
    nv50_insn in = mk(NV50_OP_mov_r2c);
    in.dst.kind = NV50_O_CREG;
    in.dst.reg = (uint8_t)k;
    in.src[0] = reg_opnd(reg);
    if (reg >= REG_ZERO)
        t->usedregs |= 1u << (8 + reg - REG_ZERO);
    emit(t, &in, -1, 1);
}

static void emit_alu(gt *t, unsigned op, unsigned mem)
{
    nv50_insn in;
    if (draw(t, op, mem, &in) == 0) {
        if (in.nwords == 2 && (t->cur->pos & 1))
            emit_filler(t);
        t->drawn = 1;
        emit_raw(t, &in, -1, 1);
    }
}

/* A random long ALU instruction of the mix, for join/exit modifiers. */
static int draw_long(gt *t, nv50_insn *in)
{
    int op = gpuref_wtab_pick(&t->c_long.t, t->r);
    return op < 0 ? -1 : draw(t, (unsigned)op, 25, in);
}

/* ---------------------------------------------------------- constructs */

static void block(gt *t, unsigned budget);

enum { PM_RANDOM, PM_NONE, PM_ONE, PM_PARTIAL, PM_ALL, PM_SPLIT0 };

/* A predicate with the given outcome over the active threads: sets *cond,
 * *c (emits a mov to $c first where needed). */
static void pred_for(gt *t, unsigned pm, unsigned *cond, unsigned *c)
{
    *c = gpuref_rng_below(t->r, 4);
    switch (pm) {
    case PM_NONE:    *cond = 0; break;                                   /* never */
    case PM_ONE:     emit_c_from(t, *c, REG_LANE0); *cond = 0x2; break;  /* e: lane 0 */
    case PM_PARTIAL: emit_c_from(t, *c, REG_LANE0); *cond = 0x5; break;  /* lg: not lane 0 */
    case PM_ALL:     emit_c_from(t, *c, REG_ZERO); *cond = 0x5; break;   /* lg of 0: all */
    case PM_RANDOM:  *cond = rand_cond(t->r); break;
    default: {       /* PM_SPLIT0 + k: $c = lane & 0xf, one flag bit per level, so
                        each level splits the threads the level before left */
        static const uint8_t bitcond[4] = { 0x11, 0x10, 0x13, 0x0a };   /* c o s eu */
        emit_c_from(t, *c, REG_LANES);
        *cond = bitcond[(pm - PM_SPLIT0) & 3];
        break;
    }
    }
}

/* joinat Lj; (p) bra Le; <then>; bra Lj; Le: <else>; Lj: join <op>.
 * inner: called for the else block (the taken threads) instead of block(). */
static void emit_if(gt *t, unsigned budget, unsigned pm, void (*inner)(gt *, void *), void *arg)
{
    unsigned cond, c, b1, b2;
    int le = new_label(t), lj = new_label(t);
    pred_for(t, pm, &cond, &c);
    emit_ctl(t, NV50_OP_joinat, lj, 0xf, 0, 1);
    emit_ctl(t, NV50_OP_bra, le, cond, c, 1);
    b1 = budget / 2;
    b2 = budget - b1;
    t->depth++;
    t->stk += 2;
    if (inner) {
        emit_ctl(t, NV50_OP_bra, lj, 0xf, 0, 1);
        place(t, le);
        inner(t, arg);
    } else {
        block(t, b1);
        emit_ctl(t, NV50_OP_bra, lj, 0xf, 0, 1);
        place(t, le);
        block(t, b2);
    }
    t->depth--;
    t->stk -= 2;
    place(t, lj);
    nv50_insn in;
    if (gpuref_rng_chance(t->r, 50) || draw_long(t, &in))
        in = mk(NV50_OP_nop);
    in.modifier = NV50_MOD_JOIN;
    emit(t, &in, -1, 2);                 /* both paths reach it */
}

static void emit_loop(gt *t, unsigned budget)
{
    unsigned ctr = REG_CTR + t->loops, k = gpuref_rng_below(t->r, 4);
    nv50_insn in;
    t->usedregs |= 1u << (8 + REG_ONE - REG_ZERO);
    if (gpuref_rng_chance(t->r, 60)) {                /* 1..4 iterations per lane */
        in = mk(NV50_OP_mov_sr2r);
        in.dst = reg_opnd(ctr);
        in.src[0].kind = NV50_O_SREG;
        in.src[0].reg = 0;                             /* $physid: lane in bits 4:0 */
        emit(t, &in, -1, 1);
        in = mk(NV50_OP_and_i);
        in.dst = reg_opnd(ctr);
        in.src[0] = reg_opnd(ctr);
        in.src[1] = imm_opnd(LOOP_MAX - 1);
        emit(t, &in, -1, 1);
        in = mk(NV50_OP_add_b32_i);
        in.dst = reg_opnd(ctr);
        in.src[0] = reg_opnd(ctr);
        in.src[1] = imm_opnd(1);
        emit(t, &in, -1, 1);
    } else {                                           /* the same count for all */
        in = mk(NV50_OP_mov_b32_i);
        in.dst = reg_opnd(ctr);
        in.src[0] = imm_opnd(1 + gpuref_rng_below(t->r, LOOP_MAX));
        emit(t, &in, -1, 1);
    }
    int lb = new_label(t), lt = new_label(t);
    emit_ctl(t, NV50_OP_breakaddr, lb, 0xf, 0, 1);
    place(t, lt);
    uint64_t m = t->mult;
    t->mult *= LOOP_MAX;
    t->depth++;
    t->loops++;
    t->stk++;
    block(t, budget);
    in = mk(NV50_OP_sub_b32_l);                        /* sub b32 $cK ctr ctr $r59 */
    in.cdst_en = 1;
    in.cdst = (uint8_t)k;
    in.dst = reg_opnd(ctr);
    in.src[0] = reg_opnd(ctr);
    in.src[1] = reg_opnd(REG_ONE);
    emit(t, &in, -1, 1);
    emit_ctl(t, NV50_OP_brk, -1, 0x2, k, 1);          /* (e $cK) break */
    emit_ctl(t, NV50_OP_bra, lt, 0xf, 0, 1);
    t->loops--;
    t->depth--;
    t->stk--;
    t->mult = m;
    place(t, lb);
}

static void emit_sub(gt *t, unsigned budget)
{
    int ls = new_label(t);
    emit_ctl(t, NV50_OP_call, ls, 0xf, 0, 1);
    glist *save = t->cur;
    unsigned sdepth = t->depth, sloops = t->loops;
    t->cur = &t->list[1];
    t->insub = 1;
    t->stk++;
    t->nsubs++;
    t->depth = 0;                         /* the sub's own structure */
    place(t, ls);
    unsigned b1 = budget / 2;
    block(t, b1);
    if (gpuref_rng_chance(t->r, 50)) {   /* some threads return early */
        unsigned cond, c;
        pred_for(t, PM_RANDOM, &cond, &c);
        emit_ctl(t, NV50_OP_ret, -1, cond, c, 1);
        block(t, budget - b1);
    }
    emit_ctl(t, NV50_OP_ret, -1, 0xf, 0, 1);
    t->insub = 0;
    t->stk--;
    t->depth = sdepth;
    t->loops = sloops;
    t->cur = save;
}

static void emit_quad(gt *t, unsigned budget)
{
    emit_ctl(t, NV50_OP_quadon, -1, 0xf, 0, 1);
    t->inquad++;
    t->stk++;
    for (unsigned i = 0; i < budget; i++) {          /* straight-line ALU only */
        int op = gpuref_wtab_pick(&t->c_alu.t, t->r);
        if (op >= 0)
            emit_alu(t, (unsigned)op, 25);
    }
    t->inquad--;
    t->stk--;
    emit_ctl(t, NV50_OP_quadpop, -1, 0xf, 0, 1);
}

/* A predicated long instruction with the exit modifier: the threads for
 * which the predicate holds finish. */
static void emit_exit(gt *t, unsigned pm, int op)
{
    nv50_insn in;
    unsigned cond, c;
    if (op >= 0 ? draw(t, (unsigned)op, 25, &in) : draw_long(t, &in))
        in = mk(NV50_OP_nop);
    pred_for(t, pm, &cond, &c);
    if (cond != 0xf)
        set_pred(t, &in, cond, c);
    in.modifier = NV50_MOD_EXIT;
    uint32_t e[2];
    if (nv50_encode(&in, e, NULL) < 0) {
        in = mk(NV50_OP_nop);
        set_pred(t, &in, cond, c);
        in.modifier = NV50_MOD_EXIT;
    }
    emit(t, &in, -1, 1);
}

/* ------------------------------------------------------------ targeting */

/* Aim at a hole; returns 1 if something was emitted for it. */
static int aim(gt *t, const gpuref_cov_bin *b);

/* Is there room for a construct using n more control stack entries? */
static int room(const gt *t, unsigned n)
{
    return t->depth < MAXDEPTH && t->stk + n <= STK_MAX && !t->inquad;
}

static void block(gt *t, unsigned budget)
{
    unsigned start = t->x->ninsns;
    while (!t->fail && t->x->ninsns - start < budget) {
        unsigned left = budget - (t->x->ninsns - start);
        const gpuref_cov_bin *tb = t->inquad ? NULL : gpuref_gx_target(t->x);
        if (tb) {
            int ok = aim(t, tb);
            gpuref_gx_aimed(t->x, ok);
            if (ok)
                continue;
        }
        /* the rows (t->c_alu), then the constructs: one weighted choice */
        unsigned w[NITEMS - NV50_NOPS];
        memcpy(w, t->w_ctl, sizeof w);
        w[IT_ENDTRAP - NV50_NOPS] = 0;
        if (t->depth >= MAXDEPTH || left < 6)
            w[IT_IF - NV50_NOPS] = w[IT_LOOP - NV50_NOPS] = w[IT_SUB - NV50_NOPS] = 0;
        if (t->stk + 2 > STK_MAX)
            w[IT_IF - NV50_NOPS] = 0;
        if (t->loops >= 4 || t->stk + 1 > STK_MAX)
            w[IT_LOOP - NV50_NOPS] = 0;
        if (t->insub || t->nsubs >= MAXSUBS || t->stk + 1 > STK_MAX)
            w[IT_SUB - NV50_NOPS] = 0;
        if (t->inquad || left < 3 || t->stk + 1 > STK_MAX)
            w[IT_QUAD - NV50_NOPS] = 0;
        uint64_t sum = t->c_alu.t.sum;
        for (unsigned i = 0; i < NITEMS - NV50_NOPS; i++)
            sum += w[i];
        if (!sum)
            break;
        uint64_t x = gpuref_gx_draw(t->r, sum);
        int it;
        if (x < t->c_alu.t.sum) {
            it = gpuref_wtab_find(&t->c_alu.t, x);
        } else {
            unsigned i;
            x -= t->c_alu.t.sum;
            for (i = 0; i < NITEMS - NV50_NOPS - 1 && x >= w[i]; i++)
                x -= w[i];
            it = (int)(NV50_NOPS + i);
        }
        unsigned sub = 3 + gpuref_rng_below(t->r, left / 2 < 24 ? left / 2 + 1 : 24);
        switch (it) {
        case IT_IF:   emit_if(t, sub, PM_RANDOM, NULL, NULL); break;
        case IT_LOOP: emit_loop(t, sub); break;
        case IT_SUB:  emit_sub(t, sub); break;
        case IT_QUAD: emit_quad(t, 2 + gpuref_rng_below(t->r, 6)); break;
        case IT_EXIT: emit_exit(t, PM_RANDOM, -1); break;
        default:      emit_alu(t, (unsigned)it, 25); break;
        }
    }
}

/* Sources of in to the rich registers (every class across the lanes). */
static void rich_sources(gt *t, nv50_insn *in, int only)
{
    for (unsigned i = 0; i < 4; i++) {
        nv50_opnd *o = &in->src[i];
        if (only >= 0 && (int)i != only)
            continue;
        if (o->kind == NV50_O_REG) {
            o->reg = (uint8_t)(REG_TGT + gpuref_rng_below(t->r, 8));
        } else if (o->kind == NV50_O_HALF) {
            o->reg = (uint8_t)(REG_TGT + gpuref_rng_below(t->r, 8));
            o->hi = (uint8_t)gpuref_rng_below(t->r, 2);
        } else {
            continue;
        }
        t->usedregs |= 1u << (o->reg - REG_TGT);
    }
    if (t->G->sd3[in->op] >= 0)          /* SRC3 is the destination: keep them equal */
        in->src[t->G->sd3[in->op]].reg = in->dst.reg;
}

/* Set the carry-in $c of an instruction that reads one (addc): lanes with C
 * clear and set. */
static void carry_in(gt *t, nv50_insn *in)
{
    for (unsigned i = 0; i < 4; i++)
        if (in->src[i].kind == NV50_O_CREG) {
            emit_c_from(t, in->src[i].reg, REG_LANES);
            return;
        }
}

static int encodes(const nv50_insn *in)
{
    uint32_t e[2];
    return nv50_encode(in, e, NULL) > 0;
}

/* Draw row op until pred(in) holds (up to n draws). */
static int draw_until(gt *t, unsigned op, unsigned mem, nv50_insn *in,
                      int (*ok)(const nv50_insn *, const gpuref_cov_bin *),
                      const gpuref_cov_bin *b)
{
    for (int i = 0; i < 48; i++)
        if (draw(t, op, mem, in) == 0 && ok(in, b))
            return 0;
    return -1;
}

static unsigned opk(const nv50_opnd *o)
{
    static const uint8_t k[] = {
        [NV50_O_REG] = GPUREF_OPK_REG, [NV50_O_HALF] = GPUREF_OPK_HALF,
        [NV50_O_OUT] = GPUREF_OPK_OUT, [NV50_O_DISCARD] = GPUREF_OPK_DISCARD,
        [NV50_O_CONST] = GPUREF_OPK_CONST, [NV50_O_SHARED] = GPUREF_OPK_SHARED,
        [NV50_O_IMM] = GPUREF_OPK_IMM, [NV50_O_AREG] = GPUREF_OPK_ADDR,
        [NV50_O_CREG] = GPUREF_OPK_FLAGS, [NV50_O_SREG] = GPUREF_OPK_SPECIAL,
    };
    return o->kind < sizeof k && o->kind != NV50_O_NONE ? k[o->kind] : GPUREF_OPK_N;
}

static int ok_opnd(const nv50_insn *in, const gpuref_cov_bin *b)
{
    const nv50_opnd *o = b->slot == 0 ? &in->dst : &in->src[(b->slot - 1) & 3];
    return opk(o) == b->value;
}

static int ok_tok(const nv50_insn *in, const gpuref_cov_bin *b)
{
    unsigned k = 0;
    for (const nv50_tok *tk = nv50_row_toks(in->op); tk->type != NV50_T_END; tk++) {
        if (tk->type != NV50_T_FLAG && tk->type != NV50_T_CHOICE)
            continue;
        if (k++ == (unsigned)(b->aux >> 8))
            return nv50_member_get(in, tk) == (b->aux & 0xff);
    }
    return 0;
}

static int ok_any(const nv50_insn *in, const gpuref_cov_bin *b)
{
    (void)in, (void)b;
    return 1;
}

/* Bins of nv50_cov.c (values/aux as defined there). */
enum { MOD_TOKEN, MOD_CWRITE, MOD_PRED, MOD_JOIN, MOD_EXIT, MOD_LANEMASK, MOD_BARALL };
enum { ISA_PRED, ISA_PREDREG, ISA_PREDRES, ISA_CDST, ISA_SADDR, ISA_CADDR, ISA_CBANK,
       ISA_SREG, ISA_BRA, ISA_JOIN, ISA_DEPTH, ISA_EXIT, ISA_QUAD, ISA_END };

static void inner_row(gt *t, void *arg)
{
    unsigned op = *(const unsigned *)arg;
    emit_alu(t, op, 25);
}

static void inner_quad(gt *t, void *arg)
{
    (void)arg;
    emit_quad(t, 2);
}

/* quadpop with one thread: in a lane-0 region, quadon brings lanes 0-3, of
 * which 1-3 then exit. */
static void inner_quad_one(gt *t, void *arg)
{
    unsigned c = gpuref_rng_below(t->r, 4);
    (void)arg;
    emit_ctl(t, NV50_OP_quadon, -1, 0xf, 0, 1);
    emit_c_from(t, c, REG_LANE0);
    nv50_insn in = mk(NV50_OP_nop);
    set_pred(t, &in, 0x5, c);                   /* lg: not lane 0 */
    in.modifier = NV50_MOD_EXIT;
    emit(t, &in, -1, 1);
    emit_ctl(t, NV50_OP_quadpop, -1, 0xf, 0, 1);
}

static void inner_exit_all(gt *t, void *arg)
{
    (void)arg;
    emit_exit(t, PM_ALL, -1);
}

static void inner_nest(gt *t, void *arg)
{
    unsigned n = *(const unsigned *)arg;
    if (n > 1) {
        unsigned m = n - 1;
        emit_if(t, 0, PM_SPLIT0 + 4 - n + 1, inner_nest, &m);
    } else {
        emit_alu(t, NV50_OP_add_b32_s, 0);
    }
}

/* The construct of a control row, for inner(). */
static void inner_ctl(gt *t, void *arg)
{
    unsigned op = *(const unsigned *)arg;
    switch (op) {
    case NV50_OP_bra: case NV50_OP_joinat:     emit_if(t, 2, PM_RANDOM, NULL, NULL); break;
    case NV50_OP_breakaddr: case NV50_OP_brk:  emit_loop(t, 2); break;
    case NV50_OP_call: case NV50_OP_ret:       emit_sub(t, 2); break;
    default:                                   emit_quad(t, 2); break;
    }
}

/* A row op instruction with a shared (mode, addressing) or const operand. */
static int aim_mem(gt *t, int shared, unsigned mode, unsigned am, int bank)
{
    for (int tries = 0; tries < 32; tries++) {
        int op = gpuref_wtab_pick(&t->c_alu.t, t->r);
        nv50_insn in;
        if (op < 0 || draw(t, (unsigned)op, 100, &in))
            return 0;
        for (unsigned i = 0; i < 4; i++) {
            nv50_opnd *o = &in.src[i];
            if (o->kind != (shared ? NV50_O_SHARED : NV50_O_CONST))
                continue;
            if (shared)
                o->mode = (uint8_t)mode;
            if (bank >= 0)
                o->reg = (uint8_t)bank;
            unsigned size = shared ? nv50_smode_size(o->mode) : o->mode;
            o->postinc = (uint8_t)(am == 2);
            o->areg = (uint8_t)(am ? 1 + gpuref_rng_below(t->r, 4) : 0);
            o->off = (int32_t)(size * gpuref_rng_below(t->r, 8));
            for (unsigned j = 0; j < 4; j++)           /* only the first may use $a */
                if (j != i && (in.src[j].kind == NV50_O_SHARED || in.src[j].kind == NV50_O_CONST)) {
                    in.src[j].areg = 0;
                    in.src[j].postinc = 0;
                }
            if (encodes(&in)) {
                emit(t, &in, -1, 1);
                return 1;
            }
            break;
        }
    }
    return 0;
}

static int aim_isa(gt *t, const gpuref_cov_bin *b)
{
    nv50_insn in;
    unsigned cond, c, n;
    int op;
    switch (b->value) {
    case ISA_PRED:
    case ISA_PREDREG:
    case ISA_PREDRES:
    case ISA_CDST:
        if (draw_long(t, &in))
            return 0;
        if (b->value == ISA_CDST) {
            for (int i = 0; i < 32 && !t->G->mcd[in.op]; i++)
                if (draw_long(t, &in))
                    return 0;
            if (!t->G->mcd[in.op])
                return 0;
            in.cdst_en = 1;
            in.cdst = (uint8_t)(b->aux & 3);
        } else if (b->value == ISA_PREDRES) {
            pred_for(t, b->aux == GPUREF_MP_NONE ? PM_NONE
                        : b->aux == GPUREF_MP_ALL ? PM_ALL : PM_PARTIAL, &cond, &c);
            set_pred(t, &in, cond, c);
        } else {
            set_pred(t, &in, b->value == ISA_PRED ? b->aux : rand_cond(t->r),
                     b->value == ISA_PREDREG ? b->aux & 3 : gpuref_rng_below(t->r, 4));
        }
        if (!encodes(&in))
            return 0;
        emit(t, &in, -1, 1);
        return 1;
    case ISA_SADDR:
        return aim_mem(t, 1, b->aux / 3, b->aux % 3, -1);
    case ISA_CADDR:
        return aim_mem(t, 0, 0, b->aux, -1);
    case ISA_CBANK:
        return aim_mem(t, 0, 0, gpuref_rng_below(t->r, 2), (int)b->aux);
    case ISA_SREG:
        if (t->record && (b->aux == 1 || (b->aux >= 4 && b->aux <= 7)))
            return 0;                     /* unmodelled: not in recorded tests */
        in = mk(NV50_OP_mov_sr2r);
        in.dst = reg_opnd(pool_reg(t, &in, 0));
        in.src[0].kind = NV50_O_SREG;
        in.src[0].reg = (uint8_t)b->aux;
        emit(t, &in, -1, 1);
        return 1;
    case ISA_BRA:
        if (!room(t, 2))
            return 0;
        emit_if(t, 4, b->aux == 0 ? PM_NONE : b->aux == 1 ? PM_ALL : PM_PARTIAL, NULL, NULL);
        return 1;
    case ISA_JOIN:
        if (!room(t, 2))
            return 0;
        emit_if(t, 4, PM_PARTIAL, NULL, NULL);
        return 1;
    case ISA_DEPTH:
        n = (b->aux + 1) / 2;
        if (n > 4 || !room(t, 2 * n))
            return 0;
        emit_if(t, 0, PM_SPLIT0 + 4 - n, inner_nest, &n);
        return 1;
    case ISA_EXIT:
        if (t->inquad)
            return 0;
        if (b->aux == 1) {
            if (!room(t, 2))
                return 0;
            emit_if(t, 0, PM_ONE, inner_exit_all, NULL);      /* lane 0 alone exits */
        } else {
            emit_exit(t, PM_ONE, -1);                         /* lane 0 of all */
        }
        return 1;
    case ISA_QUAD:
        if (!room(t, 3))
            return 0;
        emit_if(t, 0, PM_ONE, inner_quad, NULL);
        return 1;
    case ISA_END:
        if (b->aux == 1)
            t->endtrap = 1;
        return 1;
    default:
        (void)op;
        return 0;
    }
}

static int row_exec_ok(unsigned op)
{
    switch (op) {
    case NV50_OP_bra: case NV50_OP_joinat: case NV50_OP_breakaddr: case NV50_OP_brk:
    case NV50_OP_call: case NV50_OP_ret: case NV50_OP_quadon: case NV50_OP_quadpop:
        return 1;
    default:
        return 0;
    }
}

static int solve_out(gt *t, unsigned op, const gpuref_cov_bin *b);

static int aim(gt *t, const gpuref_cov_bin *b)
{
    nv50_insn in;
    unsigned op = b->opcode >= 0 ? (unsigned)b->opcode : NV50_NOPS, cond, c;
    if (b->cat == GPUREF_COV_ISA)
        return aim_isa(t, b);
    if (op >= NV50_NOPS)
        return 0;
    if (!t->G->alu[op]) {                        /* control rows: their construct */
        if (op == NV50_OP_trap || op == NV50_OP_trap_s) {
            t->endtrap = 2 + (op == NV50_OP_trap);
            if (b->cat == GPUREF_COV_MASK)
                t->trapmask = b->value;
            return 1;
        }
        if (!room(t, 2))
            return 0;
        if (b->cat == GPUREF_COV_MASK && b->value == GPUREF_MP_ONE && op == NV50_OP_quadpop) {
            if (!room(t, 3))
                return 0;
            emit_if(t, 0, PM_ONE, inner_quad_one, NULL);
            return 1;
        }
        if (b->cat == GPUREF_COV_MASK && b->value != GPUREF_MP_ALL &&
            b->value != GPUREF_MP_NONE && row_exec_ok(op)) {
            if (!room(t, 4))
                return 0;
            emit_if(t, 0, b->value == GPUREF_MP_ONE ? PM_ONE : PM_PARTIAL, inner_ctl, &op);
            return 1;
        }
        switch (op) {
        case NV50_OP_bra: case NV50_OP_joinat:
            emit_if(t, 4, b->cat == GPUREF_COV_MASK && b->value == GPUREF_MP_NONE ? PM_NONE
                          : PM_PARTIAL, NULL, NULL);
            return 1;
        case NV50_OP_breakaddr: case NV50_OP_brk:
            if (t->loops >= 4)
                return 0;
            emit_loop(t, 3);
            return 1;
        case NV50_OP_call: case NV50_OP_ret:
            if (t->insub || t->nsubs >= MAXSUBS)
                return 0;
            emit_sub(t, 4);
            return 1;
        case NV50_OP_quadon: case NV50_OP_quadpop:
            if (t->inquad)
                return 0;
            emit_quad(t, 2);
            return 1;
        case NV50_OP_trap: case NV50_OP_trap_s:
            t->endtrap = 1;
            return 1;
        default:
            return 0;                             /* unimplemented rows */
        }
    }
    switch (b->cat) {
    case GPUREF_COV_OP:
        emit_alu(t, op, 25);
        return 1;
    case GPUREF_COV_OPND:
        if (draw_until(t, op, b->value == GPUREF_OPK_SHARED || b->value == GPUREF_OPK_CONST
                              ? 100 : 25, &in, ok_opnd, b) == 0) {
            emit(t, &in, -1, 1);
            return 1;
        }
        if (b->slot == 0 && (b->value == GPUREF_OPK_DISCARD || b->value == GPUREF_OPK_OUT) &&
            draw(t, op, 25, &in) == 0) {
            in.dst.kind = b->value == GPUREF_OPK_DISCARD ? NV50_O_DISCARD : NV50_O_OUT;
            in.dst.off = in.dst.w16 ? 2 * (int32_t)gpuref_rng_below(t->r, 64)
                                    : 4 * (int32_t)gpuref_rng_below(t->r, 64);
            in.dst.reg = (uint8_t)(in.dst.off / 4);
            in.dst.hi = (uint8_t)(in.dst.w16 ? (in.dst.off / 2) & 1 : 0);
            if (encodes(&in)) {
                emit(t, &in, -1, 1);
                return 1;
            }
        }
        return 0;
    case GPUREF_COV_MOD:
        switch (b->value) {
        case MOD_TOKEN:
            if (draw_until(t, op, 25, &in, ok_tok, b))
                return 0;
            break;
        case MOD_CWRITE:
            if (draw(t, op, 25, &in))
                return 0;
            in.cdst_en = 1;
            in.cdst = (uint8_t)gpuref_rng_below(t->r, 4);
            break;
        case MOD_PRED:
            if (draw(t, op, 25, &in))
                return 0;
            set_pred(t, &in, rand_cond(t->r), gpuref_rng_below(t->r, 4));
            break;
        case MOD_JOIN:
            if (!room(t, 2) || draw(t, op, 25, &in))
                return 0;
            {   /* an if whose join instruction is this row */
                int le = new_label(t), lj = new_label(t);
                pred_for(t, PM_PARTIAL, &cond, &c);
                emit_ctl(t, NV50_OP_joinat, lj, 0xf, 0, 1);
                emit_ctl(t, NV50_OP_bra, le, cond, c, 1);
                emit_ctl(t, NV50_OP_bra, lj, 0xf, 0, 1);
                place(t, le);
                emit_alu(t, NV50_OP_add_b32_s, 0);
                place(t, lj);
                in.modifier = NV50_MOD_JOIN;
                emit(t, &in, -1, 2);
            }
            return 1;
        case MOD_EXIT:
            if (t->inquad)
                return 0;
            emit_exit(t, PM_ONE, (int)op);
            return 1;
        case MOD_LANEMASK:
            if (draw(t, op, 25, &in))
                return 0;
            in.lanemask = (uint8_t)gpuref_rng_below(t->r, 15);
            break;
        case MOD_BARALL:
            in = mk(op);
            in.barall = 1;
            in.barid = (uint8_t)gpuref_rng_below(t->r, 16);
            break;
        default:
            return 0;
        }
        if (!encodes(&in))
            return 0;
        emit(t, &in, -1, 1);
        return 1;
    case GPUREF_COV_OUT:
    case GPUREF_COV_FLAG:
        if (solve_out(t, op, b))
            return 1;
        /* fall through - the rich registers */
    case GPUREF_COV_IN:
        if (draw(t, op, b->cat == GPUREF_COV_IN ? 0 : 10, &in))
            return 0;
        in.pred = 0xf;
        if (b->cat == GPUREF_COV_IN) {
            unsigned si = (b->slot - 1) & 3, bits = b->aux ? b->aux : 32;
            int fl = b->value >= GPUREF_VC_FPZERO && b->value <= GPUREF_VC_SNAN;
            nv50_opnd *o = &in.src[si];
            if (o->kind == NV50_O_IMM) {
                o->imm = fl ? gpuref_vc_example_float(t->r, b->value, bits == 16 ? 16 : 32)
                            : gpuref_vc_example_int(t->r, b->value, bits);
            } else if (o->kind == NV50_O_CREG) {
                carry_in(t, &in);
            } else if ((int)si == t->G->sd3[op]) {     /* the destination: set it first */
                nv50_insn mv = mk(NV50_OP_mov_b32_i);
                mv.dst = reg_opnd(in.dst.reg);
                mv.src[0] = imm_opnd(fl ? gpuref_vc_example_float(t->r, b->value, 32)
                                        : gpuref_vc_example_int(t->r, b->value, 32));
                emit(t, &mv, -1, 1);
            } else if (o->kind == NV50_O_REG || o->kind == NV50_O_HALF) {
                /* $r24: every 32-bit class, $r25: every 16-bit class in
                 * both halves, $r26: every f32 class, $r27: every f16 class
                 * in both halves */
                o->reg = (uint8_t)(REG_TGT + (o->kind == NV50_O_HALF ? (fl ? 3 : 1) : fl ? 2 : 0));
                o->hi = (uint8_t)(o->kind == NV50_O_HALF ? gpuref_rng_below(t->r, 2) : 0);
                t->usedregs |= 1u << (o->reg - REG_TGT);
            }
        } else {
            rich_sources(t, &in, -1);
            carry_in(t, &in);
            if (b->cat == GPUREF_COV_FLAG && t->G->mcd[op]) {
                in.cdst_en = 1;
                in.cdst = (uint8_t)gpuref_rng_below(t->r, 4);
            }
        }
        if (!encodes(&in))
            return 0;
        emit(t, &in, -1, 1);
        return 1;
    case GPUREF_COV_MASK:
        if (b->value == GPUREF_MP_ALL) {
            if (draw(t, op, 25, &in))
                return 0;
            in.pred = 0xf;
            if (!encodes(&in))
                return 0;
            emit(t, &in, -1, 1);
            return 1;
        }
        if (is_long_form(nv50_rows[op].form) && !(nv50_rows[op].flags & NV50_RF_NOPRED)) {
            if (draw(t, op, 25, &in))
                return 0;
            pred_for(t, b->value == GPUREF_MP_NONE ? PM_NONE
                        : b->value == GPUREF_MP_ONE ? PM_ONE : PM_PARTIAL, &cond, &c);
            set_pred(t, &in, cond, c);
            if (!encodes(&in))
                return 0;
            emit(t, &in, -1, 1);
            return 1;
        }
        if (!room(t, 2) || b->value == GPUREF_MP_NONE)
            return 0;
        emit_if(t, 0, b->value == GPUREF_MP_ONE ? PM_ONE : PM_PARTIAL, inner_row, &op);
        return 1;
    default:
        return 0;
    }
    (void)ok_any;
}

/* ------------------------------------------------ result-class search */

/* 1/x mod 2^32 for odd x (Newton). */
static uint32_t inv32(uint32_t x)
{
    uint32_t v = x;
    for (int i = 0; i < 5; i++)
        v *= 2u - x * v;
    return v;
}

static int is_float_vc(unsigned vc) { return vc >= GPUREF_VC_FPZERO && vc <= GPUREF_VC_SNAN; }

/* Does a lane's result (v, flags c) hit bin b? */
static int lane_hits(const gpuref_cov_bin *b, unsigned outbits, uint32_t v, unsigned c)
{
    if (b->cat == GPUREF_COV_FLAG)
        return (c >> b->value) & 1;
    if (is_float_vc(b->value))
        return gpuref_vc_float(v, outbits) == b->value;
    return gpuref_vc_int(v, outbits) == b->value;
}

/* One candidate value of `bits` bits for a source; joint candidates for
 * multiplies (x*y, and the addend of a mul-add) aimed at an integer result. */
static void candidates(gt *t, const nv50_insn *in, unsigned nsrc, const uint8_t *bits,
                       const gpuref_cov_bin *b, uint32_t c[4][NV50_LANES])
{
    const nv50_row *row = &nv50_rows[in->op];
    int mul = row->exec == nv50_x_mul || row->exec == nv50_x_madd;
    int sfu = row->exec == nv50_x_ex2 || row->exec == nv50_x_sin || row->exec == nv50_x_cos;
    int fl = is_float_vc(b->value) && b->cat == GPUREF_COV_OUT;
    unsigned pk = 8 + gpuref_rng_below(t->r, 16);
    uint32_t yi = (uint32_t)gpuref_rng_next(t->r) | 1;   /* an immediate multiplier */
    if (mul && !fl && (b->value == GPUREF_VC_IMIN || b->value == GPUREF_VC_POW2)) {
        yi = 1u << pk;
    } else if (mul && !fl && in->mul24 && in->src[1].kind == NV50_O_IMM) {
        /* an odd result p = x * imm: an imm whose inverse times p fits 24 bits */
        uint32_t p = gpuref_vc_example_int(t->r, b->value, 32) | 1;
        for (int k = 0; k < 4096; k++, yi = (uint32_t)gpuref_rng_next(t->r) | 1)
            if ((p * inv32(yi)) >> 24 == 0)
                break;
    }
    for (unsigned l = 0; l < NV50_LANES; l++) {
        if (mul && !fl && b->cat == GPUREF_COV_OUT && (l & 1)) {
            uint32_t p = gpuref_vc_example_int(t->r, b->value, 32), m = in->mul24 ? 0xffffffu : 0xffffu;
            uint32_t x = ((uint32_t)gpuref_rng_next(t->r) & m) | 1, y;
            if ((p & (p - 1)) == 0 && p > (1u << pk)) {      /* 2^a = 2^(a-k) * 2^k */
                c[0][l] = p >> pk;
                c[1][l] = in->src[1].kind == NV50_O_IMM ? yi : 1u << pk;
                if (nsrc > 2)
                    c[2][l] = 0;
                continue;
            }
            if (in->src[1].kind == NV50_O_IMM) { /* the immediate is one value for all lanes */
                c[0][l] = (p * inv32(yi)) & m;
                c[1][l] = yi;
                if (nsrc > 2)
                    c[2][l] = 0;                 /* the addend */
                continue;
            }
            if (in->high) {                      /* bits 47:16 of the product */
                uint64_t want = (uint64_t)p << 16;
                x |= 0x800000u;
                y = (uint32_t)((want + x - 1) / x);
            } else {
                y = p * inv32(x);
            }
            c[0][l] = x;
            c[1][l] = y & m;
            if (nsrc > 2)
                c[2][l] = p - x * (y & m);
            continue;
        }
        for (unsigned i = 0; i < nsrc; i++) {
            unsigned w = bits[i] ? bits[i] : 32, k = gpuref_rng_below(t->r, 8);
            uint32_t v;
            if (sfu && k == 7)   /* the SFU fixed-point form's Inf and NaN codes (FLOAT.md) */
                v = (const uint32_t[4]){ 0x40800000u, 0xc0800000u, 0x40000000u, 0x3fffffffu }
                    [gpuref_rng_below(t->r, 4)];
            else if (k < 3)   /* class examples: float or integer (the slot's type is unknown here) */
                v = (fl || gpuref_rng_chance(t->r, 50))
                        ? gpuref_vc_example_float(t->r, GPUREF_VC_FPZERO + gpuref_rng_below(t->r, 10),
                                                  w == 16 ? 16 : 32)
                        : gpuref_vc_example_int(t->r, gpuref_rng_below(t->r, GPUREF_VC_NINT), w);
            else if (k < 5)
                v = (uint32_t)gpuref_rng_value(t->r, w, 100);
            else if (k < 6 && l)
                v = c[i][l - 1];                 /* equal operands */
            else
                v = (uint32_t)gpuref_rng_next(t->r);
            c[i][l] = w >= 32 ? v : v & ((1u << w) - 1);
        }
    }
    if (mul && !fl && in->src[1].kind == NV50_O_IMM)
        c[1][0] = yi;
}

/* Aim at a result class or flag: draw the row with register sources, try
 * candidate values in the 32 lanes of a scratch model, and emit the
 * instruction with its sources set (mov) to a lane's values that hit. */
static int solve_out(gt *t, unsigned op, const gpuref_cov_bin *b)
{
    nv50g *G = t->Gm;
    gpuref_diag d;
    if (!G->scratch && (gpuref_model_create("nv50", NULL, &G->scratch, &d) != GPUREF_OK ||
                        !(G->rr = malloc(sizeof *G->rr))))
        return 0;
    nv50_insn in;
    if (draw(t, op, 0, &in))
        return 0;
    in.pred = 0xf;
    if (b->cat == GPUREF_COV_FLAG) {
        if (G->mcd[op]) {
            in.cdst_en = 1;
            in.cdst = (uint8_t)gpuref_rng_below(t->r, 4);
        } else if (in.dst.kind != NV50_O_CREG) {
            return 0;
        }
    }
    unsigned nsrc = 0, i, outbits = in.dst.kind == NV50_O_HALF || in.dst.kind == NV50_O_AREG ||
                                    (in.dst.kind == NV50_O_OUT && in.dst.w16) ? 16 : 32;
    uint8_t bits[4] = { 0 };
    uint32_t used = 0;
    for (i = 0; i < 4; i++) {                    /* distinct registers for the sources */
        nv50_opnd *o = &in.src[i];
        if (o->kind == NV50_O_NONE)
            break;
        nsrc = i + 1;
        bits[i] = G->sbits[op][i];
        if ((int)i == G->sd3[op] || (o->kind != NV50_O_REG && o->kind != NV50_O_HALF))
            continue;
        for (int k = 0; k < 32; k++) {
            unsigned r = pool_reg(t, &in, o->kind == NV50_O_HALF);
            if (!(used >> (r & 31) & 1) && r != in.dst.reg) {
                o->reg = (uint8_t)r;
                break;
            }
        }
        used |= 1u << (o->reg & 31);
    }
    if (G->sd3[op] >= 0)
        in.src[G->sd3[op]].reg = in.dst.reg;
    int fr = gpuref_regfile_lookup(G->scratch, "r"), fc = gpuref_regfile_lookup(G->scratch, "c");
    int fo = gpuref_regfile_lookup(G->scratch, "o"), fa = gpuref_regfile_lookup(G->scratch, "a");
    uint32_t cand[4][NV50_LANES];
    for (int round = 0; round < 12; round++) {
        candidates(t, &in, nsrc, bits, b, cand);
        for (i = 0; i < nsrc; i++)
            if (in.src[i].kind == NV50_O_IMM)
                in.src[i].imm = cand[i][0];
        uint32_t w[2];
        int nw = nv50_encode(&in, w, NULL);
        if (nw < 0 || gpuref_model_reset(G->scratch) ||
            gpuref_program_load(G->scratch, 0, w, (size_t)nw))
            continue;
        for (i = 0; i < nsrc; i++) {
            const nv50_opnd *o = &in.src[i];
            for (unsigned l = 0; l < NV50_LANES; l++) {
                if (o->kind == NV50_O_REG)
                    gpuref_reg_set(G->scratch, fr, o->reg, l, cand[i][l]);
                else if (o->kind == NV50_O_HALF)
                    gpuref_reg_set(G->scratch, fr, o->reg, l,
                                   (uint64_t)(cand[i][l] & 0xffff) << (o->hi ? 16 : 0));
                else if (o->kind == NV50_O_CREG)
                    gpuref_reg_set(G->scratch, fc, o->reg, l, l & 0xf);
            }
        }
        if (gpuref_step(G->scratch, G->rr) != GPUREF_OK)
            continue;
        for (unsigned l = 0; l < NV50_LANES; l++) {
            uint64_t v = 0, c = 0;
            const nv50_opnd *dd = &in.dst;
            if (dd->kind == NV50_O_REG || dd->kind == NV50_O_HALF) {
                gpuref_reg_get(G->scratch, fr, dd->reg, l, &v);
                if (dd->kind == NV50_O_HALF)
                    v = (v >> (dd->hi ? 16 : 0)) & 0xffff;
            } else if (dd->kind == NV50_O_OUT) {
                gpuref_reg_get(G->scratch, fo, dd->reg, l, &v);
            } else if (dd->kind == NV50_O_AREG) {
                gpuref_reg_get(G->scratch, fa, dd->reg, l, &v);
            } else if (b->cat == GPUREF_COV_OUT) {
                break;                           /* no value to look at */
            }
            if (b->cat == GPUREF_COV_FLAG)
                gpuref_reg_get(G->scratch, fc, in.cdst_en ? in.cdst : dd->reg, l, &c);
            if (!lane_hits(b, outbits, (uint32_t)v, (unsigned)c))
                continue;
            /* found: set the sources as in lane l, then the instruction */
            for (i = 0; i < nsrc; i++) {
                const nv50_opnd *o = &in.src[i];
                if (o->kind == NV50_O_REG || o->kind == NV50_O_HALF) {
                    nv50_insn mv = mk(NV50_OP_mov_b32_i);
                    mv.dst = reg_opnd(o->reg);
                    mv.src[0] = imm_opnd(o->kind == NV50_O_HALF
                                         ? (cand[i][l] & 0xffff) << (o->hi ? 16 : 0) : cand[i][l]);
                    emit(t, &mv, -1, 1);
                } else if (o->kind == NV50_O_CREG) {
                    emit_c_from(t, o->reg, REG_LANES);   /* lane l has c = l & 0xf */
                }
            }
            emit(t, &in, -1, 1);
            return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------- output */

/* Would the assembler choose a shorter form for this text?  Then the text
 * needs the "long" prefix (model/nv50/README.md "Assembly syntax"). */
static int needs_long(const nv50g *G, const nv50_insn *in, const char *text)
{
    if (!is_long_form(in->form) || in->pred != 0xf || in->modifier || in->cdst_en ||
        G->shorter[in->op][0] < 0 || in->dst.kind == NV50_O_OUT ||
        in->dst.kind == NV50_O_DISCARD)
        return 0;                       /* no shorter form prints this */
    for (unsigned i = 0; i < 4; i++)    /* short register fields: $r0-$r63, $r0l-$r31h */
        if ((in->src[i].kind == NV50_O_REG && in->src[i].reg >= 64) ||
            (in->src[i].kind == NV50_O_HALF && in->src[i].reg >= 32))
            return 0;
    if ((in->dst.kind == NV50_O_REG && in->dst.reg >= 64) ||
        (in->dst.kind == NV50_O_HALF && in->dst.reg >= 32))
        return 0;
    for (unsigned k = 0; k < NSHORTER && G->shorter[in->op][k] >= 0; k++) {
        nv50_insn s = *in;
        s.op = (uint16_t)G->shorter[in->op][k];
        s.form = nv50_rows[s.op].form;
        s.nwords = (uint8_t)(s.form == NV50_FORM_IMM ? 2 : 1);
        char t2[256];
        if (encodes(&s) && nv50_format(&s, t2, sizeof t2) >= 0 && strcmp(t2, text) == 0)
            return 1;
    }
    return 0;
}

/* Byte address of a label, given the word index of every item (main program
 * items first, then the subroutines'). */
static uint32_t label_addr(const gt *t, int lab, const unsigned *start, unsigned total)
{
    size_t gi = (t->label[lab].list ? t->list[0].n : 0) + t->label[lab].item;
    return 4u * (gi < t->list[0].n + t->list[1].n ? start[gi] : total);
}

static void put_values(gt *t, const char *key, const uint32_t *v, unsigned digits)
{
    uint64_t w[NV50_LANES];
    for (unsigned l = 0; l < NV50_LANES; l++)
        w[l] = v[l];
    gpuref_gx_reg(t->x, key, digits, w, NV50_LANES);
}

static void lane_values(gt *t, uint32_t *v, unsigned bits, int uniform_ok)
{
    unsigned sp = t->x->opts->special_pct;
    if (uniform_ok && gpuref_rng_chance(t->r, 40)) {
        uint32_t u = (uint32_t)gpuref_rng_value(t->r, bits, sp);
        for (unsigned l = 0; l < NV50_LANES; l++)
            v[l] = u;
    } else {
        for (unsigned l = 0; l < NV50_LANES; l++)
            v[l] = (uint32_t)gpuref_rng_value(t->r, bits, sp);
    }
}

static void write_init(gt *t)
{
    uint32_t v[NV50_LANES];
    char key[16];
    unsigned l;
    for (unsigned i = 0; i < NPOOL; i++) {
        lane_values(t, v, 32, 1);
        snprintf(key, sizeof key, "r%u", t->pool[i]);
        put_values(t, key, v, 8);
    }
    for (unsigned i = 0; i < 8; i++) {
        if (!(t->usedregs >> i & 1))
            continue;
        for (l = 0; l < NV50_LANES; l++) {
            switch (i) {
            case 0:  v[l] = gpuref_vc_example_int(t->r, l % 8, 32); break;
            case 1:  v[l] = gpuref_vc_example_int(t->r, l % 8, 16) |
                            gpuref_vc_example_int(t->r, (l / 8 * 3 + l) % 8, 16) << 16; break;
            case 2:  v[l] = gpuref_vc_example_float(t->r, GPUREF_VC_FPZERO + l % 10, 32); break;
            case 3:  v[l] = gpuref_vc_example_float(t->r, GPUREF_VC_FPZERO + l % 10, 16) |
                            gpuref_vc_example_float(t->r, GPUREF_VC_FPZERO + (l + 5) % 10, 16) << 16; break;
            case 4:  v[l] = l < 8 ? l : l < 16 ? 15 + l : l < 24 ? 31 + (l & 3) : 120 + (l & 7);
                     break;   /* shift counts around 0, 16, 32 and 127 */
            default: v[l] = (uint32_t)gpuref_rng_value(t->r, 32, 60); break;
            }
        }
        snprintf(key, sizeof key, "r%u", REG_TGT + i);
        put_values(t, key, v, 8);
    }
    if (t->usedregs >> (8 + REG_LANES - REG_ZERO) & 1) {
        for (l = 0; l < NV50_LANES; l++)
            v[l] = l & 0xf;
        put_values(t, "r57", v, 8);
    }
    if (t->usedregs >> (8 + REG_LANE0 - REG_ZERO) & 1) {
        uint64_t one = 1;
        gpuref_gx_reg(t->x, "r58[0]", 8, &one, 1);
    }
    if (t->usedregs >> (8 + REG_ONE - REG_ZERO) & 1) {
        uint64_t one = 1;
        gpuref_gx_reg(t->x, "r59", 8, &one, 1);
    }
    if (gpuref_rng_chance(t->r, 50)) {         /* $sr2 and $sampleid: plain state (D25) */
        for (l = 0; l < NV50_LANES; l++)       /* every class across the lanes */
            v[l] = gpuref_vc_example_int(t->r, l % GPUREF_VC_NINT, 32);
        put_values(t, "sr2", v, 8);
        lane_values(t, v, 32, 1);
        put_values(t, "sr8", v, 8);
    }
    for (unsigned c = 0; c < 4; c++) {
        lane_values(t, v, 4, 1);
        snprintf(key, sizeof key, "c%u", c);
        put_values(t, key, v, 1);
    }
    for (unsigned a = 1; a <= 4; a++) {
        int uni = gpuref_rng_chance(t->r, 40);
        uint32_t u = 4 * gpuref_rng_below(t->r, 16);
        for (l = 0; l < NV50_LANES; l++)
            v[l] = uni ? u : 4 * gpuref_rng_below(t->r, 16);
        snprintf(key, sizeof key, "a%u", a);
        put_values(t, key, v, 4);
    }
    uint32_t w[64];
    for (unsigned b = 0; b < NV50_NCBANK; b++) {   /* offsets < 64 bytes, $a < 64 */
        if (!(t->cbanks >> b & 1))
            continue;
        for (unsigned i = 0; i < 40; i++)
            w[i] = (uint32_t)gpuref_rng_value(t->r, 32, t->x->opts->special_pct);
        snprintf(key, sizeof key, "c%u", b);
        gpuref_gx_mem(t->x, key, 0, w, 40);
    }
    if (t->shared) {
        for (unsigned i = 0; i < 64; i++)
            w[i] = (uint32_t)gpuref_rng_value(t->r, 32, t->x->opts->special_pct);
        gpuref_gx_mem(t->x, "s", 0, w, 64);
    }
}

/* Resolve targets, encode, print. */
static int write_program(gt *t)
{
    size_t n = t->list[0].n + t->list[1].n;
    unsigned *start = malloc((n ? n : 1) * sizeof *start);   /* word index of each item */
    if (!start)
        return gpuref_errf(t->err, GPUREF_ERR_NOMEM, "out of memory");
    unsigned pos = 0;
    for (unsigned li = 0; li < 2; li++)
        for (size_t i = 0; i < t->list[li].n; i++) {
            start[(li ? t->list[0].n : 0) + i] = pos;
            pos += t->list[li].v[i].in.nwords;
        }
    int rc = GPUREF_OK;
    for (unsigned li = 0; li < 2 && rc == GPUREF_OK; li++)
        for (size_t i = 0; i < t->list[li].n; i++) {
            gitem *it = &t->list[li].v[i];
            unsigned at = start[(li ? t->list[0].n : 0) + i];
            if (it->label >= 0)
                it->in.target = label_addr(t, it->label, start, pos);
            uint32_t e[2];
            char err[GPUREF_ERRLEN] = "", text[256];
            if ((!it->drawn && nv50_encode(&it->in, e, err) < 0) ||
                (it->in.nwords == 2 && (at & 1))) {
                nv50_format(&it->in, text, sizeof text);
                rc = gpuref_errf(t->err, GPUREF_ERR_RANGE, "nv50 generator: cannot encode '%s' "
                                 "at 0x%x: %s", text, 4 * at, err);
                break;
            }
            int k = nv50_format(&it->in, text + 5, sizeof text - 5);
            const char *p = text + 5;
            if (needs_long(t->G, &it->in, p)) {
                memcpy(text, "long ", 5);
                p = text;
                k += 5;
            }
            gpuref_gx_line(t->x, p, (size_t)k);
        }
    free(start);
    return rc;
}

static int nv50g_test(gpuref_genctx *x, char *err)
{
    gt T, *t = &T;
    memset(t, 0, sizeof *t);
    t->x = x;
    t->G = x->priv;
    t->Gm = x->priv;
    t->r = &x->rng;
    t->cur = &t->list[0];
    t->mult = 1;
    t->err = err;
    t->record = x->opts->record;
    gpuref_gx_knob(x, IT_KZW, "zero_wins", "1");
    gpuref_gx_knob(x, IT_KCHIP, "chipset", "g200");
    /* weights: rows usable as random instructions; control constructs */
    for (unsigned op = 0; op < NV50_NOPS; op++) {
        unsigned w = t->G->alu[op] ? x->weights[op] : 0;
        t->w_alu[op] = w;
        t->w_short[op] = nv50_rows[op].form == NV50_FORM_SHORT ? w : 0;
        t->w_long[op] = nv50_rows[op].form == NV50_FORM_LONG ? w : 0;
    }
    for (unsigned i = NV50_NOPS; i < NITEMS; i++)
        t->w_ctl[i - NV50_NOPS] = x->weights[i];
    int anyshort = 0;
    for (unsigned op = 0; op < NV50_NOPS; op++)
        anyshort |= t->w_short[op] != 0;
    if (!anyshort)                        /* fillers need some short row */
        t->w_short[NV50_OP_mov_b32_s] = 1;
    gpuref_wtab_build(&t->c_alu.t, t->c_alu.cum, t->c_alu.idx, t->w_alu, NV50_NOPS);
    gpuref_wtab_build(&t->c_short.t, t->c_short.cum, t->c_short.idx, t->w_short, NV50_NOPS);
    gpuref_wtab_build(&t->c_long.t, t->c_long.cum, t->c_long.idx, t->w_long, NV50_NOPS);
    /* the register pool: 10 of r0-r23, 3 of r32-r55, 3 of r64-r127 */
    unsigned np = 0;
    while (np < NPOOL) {
        unsigned r = np < 10 ? gpuref_rng_below(t->r, 24)
                   : np < 13 ? 32 + gpuref_rng_below(t->r, 24) : 64 + gpuref_rng_below(t->r, 64);
        unsigned k;
        for (k = 0; k < np && t->pool[k] != r; k++)
            ;
        if (k == np)
            t->pool[np++] = (uint8_t)r;
    }
    t->endtrap = gpuref_rng_chance(t->r, x->weights[IT_ENDTRAP] > 100 ? 100
                                                                       : x->weights[IT_ENDTRAP]);
    block(t, x->opts->length);
    /* the end */
    nv50_insn in;
    if (t->endtrap) {
        if (t->trapmask == GPUREF_MP_ONE || t->trapmask == GPUREF_MP_PARTIAL) {
            unsigned c = gpuref_rng_below(t->r, 4);  /* all threads but lane 0 / lane 0 leave */
            emit_c_from(t, c, REG_LANE0);
            in = mk(NV50_OP_nop);
            set_pred(t, &in, t->trapmask == GPUREF_MP_ONE ? 0x5 : 0x2, c);
            in.modifier = NV50_MOD_EXIT;
            emit(t, &in, -1, 1);
        }
        in = mk(t->endtrap == 2 ? NV50_OP_trap_s : t->endtrap == 3 ? NV50_OP_trap
                : gpuref_rng_chance(t->r, 50) ? NV50_OP_trap : NV50_OP_trap_s);
        if (in.op == NV50_OP_trap && gpuref_rng_chance(t->r, 30))    /* ignored (D18) */
            set_pred(t, &in, rand_cond(t->r), gpuref_rng_below(t->r, 4));
    } else {
        in = mk(NV50_OP_nop);
        in.modifier = NV50_MOD_EXIT;
    }
    emit(t, &in, -1, 1);
    if (t->cur->pos & 1)                  /* the subroutines start 8-byte aligned */
        emit_filler(t);
    int rc = t->fail ? gpuref_errf(err, t->fail, "nv50 generator: %s",
                                   t->fail == GPUREF_ERR_NOMEM ? "out of memory"
                                                               : "too many labels")
                     : write_program(t);
    if (rc == GPUREF_OK)
        write_init(t);
    x->max_steps = t->bound + 64;
    free(t->list[0].v);
    free(t->list[1].v);
    return rc;
}

/* ------------------------------------------------------------ set-up */

static int nv50g_init(void **priv, char *err)
{
    nv50g *G = calloc(1, sizeof *G);
    if (!G)
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    for (unsigned op = 0; op < NV50_NOPS; op++) {
        const nv50_row *row = &nv50_rows[op];
        nv50_row_fields(op, &G->f0[op], &G->f1[op]);
        G->alu[op] = row->exec != nv50_x_unimpl &&
                     (!(row->flags & NV50_RF_CTL) || op == NV50_OP_bar || op == NV50_OP_brkpt ||
                      op == NV50_OP_brkpt_s);
        G->cond[op] = strstr(row->tmpl, "%COND") != NULL;
        G->mcd[op] = strstr(row->tmpl, "%MCD") != NULL;
        G->sd3[op] = -1;
        G->memrow[op] = (strstr(row->tmpl, "%S1") || strstr(row->tmpl, "%S2") ||
                         strstr(row->tmpl, "%S3")) && !strstr(row->tmpl, "%AS") &&
                        !strstr(row->tmpl, "%FC8");
        G->sreg[op] = strstr(row->tmpl, "%SREG") != NULL;
        G->adst[op] = strstr(row->tmpl, "%AD") != NULL;
        if (strstr(row->tmpl, "%IH"))     /* immediate bits 31:16 = w1[27:12] must be 0 */
            G->clr1[op] = 0x0ffff000u;
        {   /* the source slot of %SD3: count the source tokens before it */
            const char *tp = row->tmpl;
            nv50_tok tk;
            int slot = 0;
            for (nv50_tmpl_next(&tp, &tk); tk.type != NV50_T_END; nv50_tmpl_next(&tp, &tk)) {
                if (tk.type != NV50_T_OPND)
                    continue;
                if (tk.otok == NV50_OT_SD3)
                    G->sd3[op] = (int8_t)slot;
                if (slot < 4)
                    switch (tk.otok) {
                    case NV50_OT_S1: case NV50_OT_R1: case NV50_OT_S2: case NV50_OT_S3:
                    case NV50_OT_SD3: case NV50_OT_I:
                        G->sbits[op][slot] = 32; break;
                    case NV50_OT_S1H: case NV50_OT_S2H: case NV50_OT_S3H: case NV50_OT_IH:
                    case NV50_OT_OFFS:
                        G->sbits[op][slot] = 16; break;
                    case NV50_OT_SHC: G->sbits[op][slot] = 7; break;
                    case NV50_OT_HSHC: G->sbits[op][slot] = 4; break;
                    default: break;
                    }
                switch (tk.otok) {
                case NV50_OT_SD: case NV50_OT_SDH: case NV50_OT_RD: case NV50_OT_RDH:
                case NV50_OT_LD: case NV50_OT_LDH: case NV50_OT_AD: case NV50_OT_CD:
                case NV50_OT_MCD: case NV50_OT_T: case NV50_OT_LANE: case NV50_OT_BAR:
                case NV50_OT_PM:
                    break;
                default:
                    slot++;
                }
            }
        }
        unsigned k = 0;
        for (unsigned o2 = 0; o2 < NV50_NOPS; o2++) {
            unsigned f = nv50_rows[o2].form;
            if (k < NSHORTER && o2 != op && is_long_form(row->form) && !is_long_form(f) &&
                strcmp(nv50_rows[o2].name, row->name) == 0)
                G->shorter[op][k++] = (int16_t)o2;
        }
        while (k < NSHORTER)
            G->shorter[op][k++] = -1;
    }
    *priv = G;
    return GPUREF_OK;
}

static void nv50g_fini(void *priv)
{
    nv50g *G = priv;
    gpuref_model_destroy(G->scratch);
    free(G->rr);
    free(G);
}

const gpuref_isa_gen gpuref_nv50_gen = {
    .items = nv50g_items,
    .nitems = NALLITEMS,
    .init = nv50g_init,
    .fini = nv50g_fini,
    .test = nv50g_test,
};
