/* r700_exec_cf.c - the CF program (§3, §9.1): the per-pixel state with its
 * stack, branches, loops, calls, kill, exports, the ALU clause variants. */
#include <string.h>

#include "r700.h"

static uint64_t lanes_all(const r700_state *s)
{
    return s->cfg.lanes >= 64 ? ~0ull : (1ull << s->cfg.lanes) - 1;
}

static uint64_t mask_of(const r700_state *s, const uint8_t *pst, unsigned state)
{
    uint64_t m = 0;
    for (unsigned l = 0; l < s->cfg.lanes; l++)
        if (pst[l] == state)
            m |= 1ull << l;
    return m;
}

/* Table 3.4 (L1038-1043; NOT_BOOL per L1024, L7652): the lanes that pass the
 * condition test of c over per-pixel state pst */
static uint64_t cond_pass(const r700_state *s, const r700_cf *c, const uint8_t *pst)
{
    uint64_t act = mask_of(s, pst, R700_PS_ACTIVE);
    if (c->wqm) {                                 /* quads with an active pixel */
        uint64_t q = 0;
        for (unsigned l = 0; l < 64; l += 4)
            if (act >> l & 15)
                q |= 15ull << l;
        act = q & lanes_all(s);
    }
    if (c->vpm)
        act &= s->valid;
    unsigned b = s->bconst >> c->cf_const & 1;
    switch (c->cond) {
    case 0: return act;
    case 1: return 0;
    case 2: return b ? act : 0;
    default: return b ? 0 : act;
    }
}

/* the boolean part of the test alone (ELSE flips inactive pixels too) */
static int cond_bool(const r700_state *s, const r700_cf *c)
{
    unsigned b = s->bconst >> c->cf_const & 1;
    return c->cond == 0 ? 1 : c->cond == 1 ? 0 : c->cond == 2 ? (int)b : !b;
}

static int push(r700_state *s, unsigned kind, char *err)
{
    if (s->sp >= s->cfg.stack_size)
        return gpuref_errf(err, GPUREF_ERR_FAULT, "CF stack overflow (stack_size %u)", s->cfg.stack_size);
    r700_stack_entry *e = &s->stack[s->sp++];
    memset(e, 0, sizeof *e);
    e->kind = (uint8_t)kind;
    memcpy(e->pst, s->pst, sizeof e->pst);
    e->al = s->al;
    e->count = s->loop_count;
    e->inc = s->loop_inc;
    e->depth = s->call_depth;
    return GPUREF_OK;
}

/* restore a pixel entry: a lane broken out of or continuing in the current
 * loop stays so (D15) */
static void restore(r700_state *s, const r700_stack_entry *e, int sticky)
{
    for (unsigned l = 0; l < R700_LANES; l++)
        if (!sticky || (s->pst[l] != R700_PS_BREAK && s->pst[l] != R700_PS_CONT))
            s->pst[l] = e->pst[l];
}

static int pop_check(const r700_state *s, unsigned n, const char *what, char *err)
{
    if (n > s->sp)
        return gpuref_errf(err, GPUREF_ERR_FAULT, "%s: pops %u of %u stack entries (underflow)", what,
                           n, s->sp);
    for (unsigned i = 0; i < n; i++)
        if (s->stack[s->sp - 1 - i].kind != R700_SE_PIXEL)
            return gpuref_errf(err, GPUREF_ERR_FAULT, "%s: pop %u reaches a %s entry", what, i + 1,
                               s->stack[s->sp - 1 - i].kind == R700_SE_LOOP ? "loop" : "call");
    return GPUREF_OK;
}

static void pop(r700_state *s, unsigned n)
{
    while (n--)
        restore(s, &s->stack[--s->sp], 1);
}

static uint32_t target(const r700_state *s, const r700_cf *c)
{
    return s->base + c->addr * 8u;
}

int r700_cf_nop(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    (void)s; (void)c; (void)rr; (void)err;
    return GPUREF_OK;
}

/* fetch clauses, memory exports, geometry-shader emits (README "Not
 * implemented"): decoded and disassembled, stopped here */
int r700_cf_unimpl(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    (void)s; (void)rr;
    return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: %s", r700_cf_rows[c->row].name);
}

/* JUMP, POP_JUMP: pop POP_COUNT, then jump if every pixel fails (L1150) */
int r700_cf_jump(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    int st = pop_check(s, c->pop_count, r700_cf_rows[c->row].name, err);
    if (st)
        return st;
    pop(s, c->pop_count);
    if (!cond_pass(s, c, s->pst)) {
        s->pc = target(s, c);
        rr->flags |= GPUREF_RETIRE_BRANCH;
    }
    return GPUREF_OK;
}

/* PUSH, POP_PUSH (POP_PUSH pops POP_COUNT first, then is a PUSH with no pops) */
int r700_cf_push(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    const char *nm = r700_cf_rows[c->row].name;
    int popfirst = c->row == R700_CF_POP_PUSH;
    int st = pop_check(s, c->pop_count, nm, err);
    if (st)
        return st;
    if (popfirst)
        pop(s, c->pop_count);
    uint64_t pass = cond_pass(s, c, s->pst);
    if (!pass) {
        if (!popfirst)
            pop(s, c->pop_count);
        s->pc = target(s, c);
        rr->flags |= GPUREF_RETIRE_BRANCH;
        return GPUREF_OK;
    }
    if ((st = push(s, R700_SE_PIXEL, err)))
        return st;
    for (unsigned l = 0; l < s->cfg.lanes; l++)
        if (s->pst[l] == R700_PS_ACTIVE && !(pass >> l & 1))
            s->pst[l] = R700_PS_BRANCH;
    return GPUREF_OK;
}

/* ELSE (L1134): pop POP_COUNT, then swap active and inactive-branch for the
 * pixels active at the last surviving push that pass the test; jump if no
 * pixel is active */
static void do_else(r700_state *s, const r700_cf *c)
{
    int b = cond_bool(s, c);
    for (unsigned l = 0; l < s->cfg.lanes; l++) {
        int was = s->sp ? s->stack[s->sp - 1].pst[l] == R700_PS_ACTIVE : 1;
        if (!was || !b || (c->vpm && !(s->valid >> l & 1)))
            continue;
        if (s->pst[l] == R700_PS_ACTIVE)
            s->pst[l] = R700_PS_BRANCH;
        else if (s->pst[l] == R700_PS_BRANCH)
            s->pst[l] = R700_PS_ACTIVE;
    }
}

int r700_cf_else(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    int st = pop_check(s, c->pop_count, "ELSE", err);
    if (st)
        return st;
    pop(s, c->pop_count);
    do_else(s, c);
    if (!mask_of(s, s->pst, R700_PS_ACTIVE)) {
        s->pc = target(s, c);
        rr->flags |= GPUREF_RETIRE_BRANCH;
    }
    return GPUREF_OK;
}

/* PUSH_ELSE, POP_PUSH_ELSE: always push, then ELSE (D16) */
int r700_cf_push_else(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    int popfirst = c->row == R700_CF_POP_PUSH_ELSE;
    int st = pop_check(s, popfirst ? c->pop_count : 0, r700_cf_rows[c->row].name, err);
    if (st)
        return st;
    /* the push after the pops must fit: checked before any state changes */
    if (s->sp - (popfirst ? c->pop_count : 0u) >= s->cfg.stack_size)
        return gpuref_errf(err, GPUREF_ERR_FAULT, "CF stack overflow (stack_size %u)", s->cfg.stack_size);
    if (popfirst)
        pop(s, c->pop_count);
    if ((st = push(s, R700_SE_PIXEL, err)))
        return st;
    do_else(s, c);
    if (!mask_of(s, s->pst, R700_PS_ACTIVE)) {
        s->pc = target(s, c);
        rr->flags |= GPUREF_RETIRE_BRANCH;
    }
    return GPUREF_OK;
}

/* POP: pop POP_COUNT, then pixels failing the test (VPM: invalid ones)
 * become inactive; never jumps (L1133, D18) */
int r700_cf_pop(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    (void)rr;
    int st = pop_check(s, c->pop_count, "POP", err);
    if (st)
        return st;
    pop(s, c->pop_count);
    uint64_t pass = cond_pass(s, c, s->pst);
    for (unsigned l = 0; l < s->cfg.lanes; l++)
        if (s->pst[l] == R700_PS_ACTIVE && !(pass >> l & 1))
            s->pst[l] = R700_PS_BRANCH;
    return GPUREF_OK;
}

/* LOOP_START (DX9: I = trip count, initial aL, increment), LOOP_START_DX10
 * (no count), LOOP_START_NO_AL (count, aL kept) (§3.7.3-3.7.5) */
int r700_cf_loop_start(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    const uint32_t *I = s->iconst[c->cf_const];
    int dx10 = c->row == R700_CF_LOOP_START_DX10;
    uint32_t trip = dx10 ? 0xffffffffu : I[0];
    if (!trip || !cond_pass(s, c, s->pst)) {
        int st = pop_check(s, c->pop_count, r700_cf_rows[c->row].name, err);
        if (st)
            return st;
        pop(s, c->pop_count);
        s->pc = target(s, c);
        rr->flags |= GPUREF_RETIRE_BRANCH;
        return GPUREF_OK;
    }
    int st = push(s, R700_SE_LOOP, err);
    if (st)
        return st;
    s->stack[s->sp - 1].loop_addr = s->pc;
    s->loop_count = trip;
    s->loop_inc = dx10 ? 0 : I[2];
    if (c->row == R700_CF_LOOP_START)
        s->al = I[1];
    return GPUREF_OK;
}

/* LOOP_END: continuing pixels come back; count down; jump back (to ADDR)
 * while the count is not 0 and some pixel has not broken out, else pop the
 * loop (§3.7.3, L1153) */
int r700_cf_loop_end(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    if (!s->sp || s->stack[s->sp - 1].kind != R700_SE_LOOP)
        return gpuref_errf(err, GPUREF_ERR_FAULT, "LOOP_END without a loop entry on top of the stack");
    for (unsigned l = 0; l < s->cfg.lanes; l++)
        if (s->pst[l] == R700_PS_CONT)
            s->pst[l] = R700_PS_ACTIVE;
    if (s->loop_count != 0xffffffffu)
        s->loop_count--;
    if (s->loop_count && cond_pass(s, c, s->pst)) {
        s->al += s->loop_inc;
        s->pc = target(s, c);
        rr->flags |= GPUREF_RETIRE_BRANCH;
        return GPUREF_OK;
    }
    const r700_stack_entry *e = &s->stack[--s->sp];
    restore(s, e, 0);
    s->al = e->al;
    s->loop_count = e->count;
    s->loop_inc = e->inc;
    return GPUREF_OK;
}

/* LOOP_BREAK, LOOP_CONTINUE: passing pixels leave the loop / the iteration;
 * when no pixel is active, jump to ADDR (the LOOP_END) with the stack popped
 * back to the loop level (D17) */
int r700_cf_loop_brk(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    unsigned to = c->row == R700_CF_LOOP_BREAK ? R700_PS_BREAK : R700_PS_CONT;
    unsigned lv = s->sp;
    while (lv && s->stack[lv - 1].kind == R700_SE_PIXEL)
        lv--;
    if (!lv || s->stack[lv - 1].kind != R700_SE_LOOP)
        return gpuref_errf(err, GPUREF_ERR_FAULT, "%s outside a loop", r700_cf_rows[c->row].name);
    uint64_t pass = cond_pass(s, c, s->pst);
    for (unsigned l = 0; l < s->cfg.lanes; l++)
        if (pass >> l & 1)
            s->pst[l] = (uint8_t)to;
    if (!mask_of(s, s->pst, R700_PS_ACTIVE)) {
        pop(s, s->sp - lv);
        /* pixels inactive inside the loop body's branches stay inactive for
         * this iteration: they were active at the loop level or not */
        s->pc = target(s, c);
        rr->flags |= GPUREF_RETIRE_BRANCH;
    }
    return GPUREF_OK;
}

/* CALL: if some pixel passes and depth + CALL_COUNT <= 32, push the return
 * address and jump; RETURN: pop it and jump back (§3.7.6, D19) */
int r700_cf_call(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    if (!cond_pass(s, c, s->pst) || s->call_depth + c->call_count > 32)
        return GPUREF_OK;
    int st = push(s, R700_SE_CALL, err);
    if (st)
        return st;
    s->stack[s->sp - 1].ret = s->pc;
    s->call_depth += c->call_count;
    s->pc = target(s, c);
    rr->flags |= GPUREF_RETIRE_BRANCH;
    return GPUREF_OK;
}

int r700_cf_ret(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    (void)c;
    if (!s->sp || s->stack[s->sp - 1].kind != R700_SE_CALL)
        return gpuref_errf(err, GPUREF_ERR_FAULT, "RETURN outside a subroutine (no call entry on top of "
                           "the stack)");
    const r700_stack_entry *e = &s->stack[--s->sp];
    s->pc = e->ret;
    s->call_depth = e->depth;
    rr->flags |= GPUREF_RETIRE_BRANCH;
    return GPUREF_OK;
}

/* KILL: passing pixels lose their valid bit and become inactive; jump if no
 * valid pixel is left (§9.1, D14) */
int r700_cf_kill(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    (void)err;
    uint64_t pass = cond_pass(s, c, s->pst);
    s->valid &= ~pass;
    for (unsigned l = 0; l < s->cfg.lanes; l++)
        if (pass >> l & 1)
            s->pst[l] = R700_PS_BRANCH;
    gpuref_regw *w = gpuref_retire_regw(rr, R700_F_VALID, 0, ~0ull);
    if (w) {
        w->lanes = 1;
        w->value[0] = s->valid;
    }
    if (!(s->valid & lanes_all(s))) {
        s->pc = target(s, c);
        rr->flags |= GPUREF_RETIRE_BRANCH;
    }
    return GPUREF_OK;
}

/* EXPORT, EXPORT_DONE: BURST_COUNT+1 registers from RW_GPR (+aL), each
 * component by SEL_X..W (0-3 element, 4 0.0, 5 1.0, 7 masked), as memory
 * writes of space "export" at ((TYPE*256 + ARRAY_BASE+n) * 64 + lane) * 16 */
int r700_cf_export(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    uint64_t pass = cond_pass(s, c, s->pst);
    unsigned n = c->burst + 1u;
    if (c->type == 3)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: TYPE 3 is reserved", r700_cf_rows[c->row].name);
    if ((unsigned)__builtin_popcountll(pass) * n > GPUREF_MAX_MEMW)
        return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: %s of %u registers x %d lanes (more "
                           "than %u memory writes in one record)", r700_cf_rows[c->row].name, n,
                           __builtin_popcountll(pass), GPUREF_MAX_MEMW);
    for (unsigned k = 0; k < 4; k++)
        if (c->sel[k] == 6)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: SEL_%c 6 is reserved",
                               r700_cf_rows[c->row].name, r700_chan_name[k]);
    for (unsigned i = 0; i < n; i++) {
        unsigned g = c->rw_gpr + i + (c->rw_rel ? r700_al_index(s) : 0);
        unsigned idx = (c->array_base + i) & 255;
        for (unsigned l = 0; l < s->cfg.lanes; l++) {
            if (!(pass >> l & 1))
                continue;
            uint8_t d[16] = { 0 };    /* the bytes of masked components: 0, not stack */
            unsigned mask = 0;
            for (unsigned k = 0; k < 4; k++) {
                uint32_t v;
                unsigned sel = c->sel[k];
                if (sel == 7)
                    continue;
                v = sel < 4 ? r700_gpr_read(s, g, sel, l) : sel == 4 ? 0 : 0x3f800000u;
                for (unsigned b = 0; b < 4; b++)
                    d[4 * k + b] = (uint8_t)(v >> (8 * b));
                mask |= 15u << (4 * k);
            }
            if (!mask)
                continue;
            uint64_t addr = (((uint64_t)c->type * 256 + idx) * R700_LANES + l) * 16;
            for (unsigned b = 0; b < 16; b++)
                if (mask >> b & 1)
                    s->mem->exp[addr + b] = d[b];
            gpuref_retire_memw(rr, R700_SPACE_EXP, addr, 16, l, d, mask == 0xffff ? 0 : mask,
                               GPUREF_SLOT_NONE);
        }
    }
    rr->exec_mask = pass;
    return GPUREF_OK;
}

/* MEM_STREAM0-3, MEM_SCRATCH, MEM_REDUCTION, MEM_RING, MEM_EXPORT (§3.4.2):
 * BURST_COUNT+1 elements of ELEM_SIZE+1 dwords from RW_GPR (+aL) + n, the
 * components COMP_MASK selects, as memory writes.  Element e = ARRAY_BASE +
 * index + n (index = INDEX_GPR.X with TYPE WRITE_IND) of lane l at dword
 * (e*64 + l) * (ELEM_SIZE+1) of the buffer's space, none at or past
 * ARRAY_BASE + ARRAY_SIZE+1 (D54); MEM_EXPORT scatters to space mem at dword
 * ARRAY_BASE + index + n*(ELEM_SIZE+1) (§7.1, D55) */
int r700_cf_mem(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    const char *nm = r700_cf_rows[c->row].name;
    int scatter = c->row == R700_CF_MEM_EXPORT;
    int space = scatter ? R700_SPACE_MEM : R700_SPACE_BUF0 + (int)(c->row - R700_CF_MEM_STREAM0);
    int sr = c->row == R700_CF_MEM_SCRATCH || c->row == R700_CF_MEM_REDUCTION;
    if (c->type >= 2)
        return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: %s TYPE %s (imports are memory-read "
                           "clauses, D49)", nm, c->type == 2 ? "READ" : "READ_IND");
    if (c->w1 >> 16 & 1)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: bit 16 of CF_ALLOC_EXPORT_WORD1_BUF must be 0 "
                           "(L7876)", nm);
    if (c->elem_size == 2)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: ELEM_SIZE 2 (three dwords) is not supported "
                           "(L7829)", nm);
    if (sr && c->elem_size != 3)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: ELEM_SIZE must be 3 for scratch and reduction "
                           "buffers (L897)", nm);
    uint64_t pass = cond_pass(s, c, s->pst);
    unsigned k = c->elem_size + 1u, n = c->burst + 1u, asize = c->array_size + 1u;
    uint64_t size;
    uint8_t *base = r700_space(s, space, &size);
    unsigned mask = 0;
    for (unsigned j = 0; j < k; j++)
        if (c->comp_mask >> j & 1)
            mask |= 15u << (4 * j);
    /* check every address and the record's room before any write */
    unsigned nw = 0;
    for (int phase = 0; phase < 2; phase++) {
        for (unsigned i = 0; i < n && mask; i++) {
            unsigned g = c->rw_gpr + i + (c->rw_rel ? r700_al_index(s) : 0);
            for (unsigned l = 0; l < s->cfg.lanes; l++) {
                if (!(pass >> l & 1))
                    continue;
                uint64_t idx = 0;
                if (c->type == 1)
                    idx = r700_gpr_read(s, c->index_gpr, 0, l);
                uint64_t dw;
                if (scatter) {
                    dw = c->array_base + idx + (uint64_t)i * k;
                } else {
                    if (idx + i >= asize)          /* clamped: not written */
                        continue;
                    dw = ((c->array_base + idx + i) * R700_LANES + l) * k;
                }
                uint64_t addr = dw * 4;
                if (phase == 0) {
                    if (addr > size || 4u * k > size - addr)
                        return gpuref_errf(err, GPUREF_ERR_FAULT, "%s: lane %u element %u at 0x%llx is "
                                           "outside the space %s (0x%llx bytes, D54)", nm, l, i,
                                           (unsigned long long)addr, gpuref_isa_r700.spaces[space],
                                           (unsigned long long)size);
                    if (++nw > GPUREF_MAX_MEMW)
                        return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: %s of more than %u "
                                           "memory writes in one record", nm, GPUREF_MAX_MEMW);
                    continue;
                }
                uint8_t d[16];
                for (unsigned j = 0; j < k; j++) {
                    uint32_t v = r700_gpr_read(s, g, j, l);
                    for (unsigned b = 0; b < 4; b++)
                        d[4 * j + b] = (uint8_t)(v >> (8 * b));
                }
                for (unsigned b = 0; b < 4 * k; b++)
                    if (mask >> b & 1)
                        base[addr + b] = d[b];
                gpuref_retire_memw(rr, space, addr, 4 * k, l, d,
                                   mask == (1u << (4 * k)) - 1 ? 0 : mask,
                                   GPUREF_SLOT_NONE);
            }
        }
    }
    rr->exec_mask = pass;
    return GPUREF_OK;
}

/* TEX, VTX, VTX_TC (§3.3, L2902-2950): run COUNT+1 fetch instructions at
 * ADDR (a 128-bit aligned quadword address) for the lanes passing the
 * condition; at most eight (L2092, L2118) */
int r700_cf_fetch(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    const char *nm = r700_cf_rows[c->row].name;
    uint32_t start = target(s, c);
    if (c->addr & 1)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: ADDR %u is not 128-bit aligned (L2902)", nm,
                           c->addr);
    if (c->count + 1 > 8)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: a fetch clause of %u instructions (at most "
                           "eight, L2092, L2118)", nm, c->count + 1);
    if (start < s->base || (start - s->base) / 4 >= s->nwords)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: clause at 0x%x (ADDR %u) is outside the program",
                           nm, start, c->addr);
    s->in_clause = 2;
    s->clause_cf = s->pc - 8;
    s->ccf = *c;
    s->cpc = start;
    s->cend = start + (c->count + 1u) * 16u;
    r700_clause_lanes_set(s, cond_pass(s, c, s->pst));
    rr->next_pc = start;
    return GPUREF_OK;
}

/* CF_ALU: lock the kcache lines, PUSH_BEFORE pushes, start the clause; the
 * clause's last group retires the end actions (r700_clause_end) */
int r700_cf_alu(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err)
{
    if (c->alt_const)      /* the alternate constant set (L1402): not modelled */
        return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: %s with ALT_CONST",
                           r700_cf_rows[c->row].name);
    unsigned need = c->row == R700_CF_ALU_POP_AFTER ? 1 : c->row == R700_CF_ALU_POP2_AFTER ? 2 : 0;
    int pushb = c->row == R700_CF_ALU_PUSH_BEFORE;
    if (pushb && s->sp >= s->cfg.stack_size)
        return gpuref_errf(err, GPUREF_ERR_FAULT, "CF stack overflow (stack_size %u)", s->cfg.stack_size);
    if (need > s->sp + (unsigned)pushb)
        return gpuref_errf(err, GPUREF_ERR_FAULT, "%s: pops %u of %u stack entries (underflow)",
                           r700_cf_rows[c->row].name, need, s->sp + (unsigned)pushb);
    uint32_t start = target(s, c);
    if (start < s->base || (start - s->base) / 4 >= s->nwords)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: clause at 0x%x (ADDR %u) is outside the program",
                           r700_cf_rows[c->row].name, start, c->addr);
    if (pushb)
        push(s, R700_SE_PIXEL, err);
    s->in_clause = 1;
    s->clause_cf = s->pc - 8;
    s->ccf = *c;
    s->cpc = start;
    s->cend = start + (c->count + 1u) * 8u;
    r700_clause_lanes_set(s, cond_pass(s, c, s->pst));  /* ACTIVE, with WQM */
    for (unsigned l = 0; l < R700_LANES; l++) {
        s->pred[l] = s->pst[l] == R700_PS_ACTIVE;       /* L553 */
        s->uem_set[l] = s->uem_val[l] = 0;
    }
    rr->next_pc = start;
    return GPUREF_OK;
}

int r700_clause_end(r700_state *s, gpuref_retire *rr, char *err)
{
    (void)err;
    const r700_cf *c = &s->ccf;
    unsigned to = c->row == R700_CF_ALU_BREAK ? R700_PS_BREAK
                : c->row == R700_CF_ALU_CONTINUE ? R700_PS_CONT : R700_PS_BRANCH;
    for (unsigned l = 0; l < s->cfg.lanes; l++)   /* UPDATE_EXECUTE_MASK (L1028-1032) */
        if (s->uem_set[l] && !s->uem_val[l] && s->pst[l] == R700_PS_ACTIVE)
            s->pst[l] = (uint8_t)to;
    if (c->row == R700_CF_ALU_POP_AFTER)
        pop(s, 1);
    else if (c->row == R700_CF_ALU_POP2_AFTER)
        pop(s, 2);
    else if (c->row == R700_CF_ALU_ELSE_AFTER) {
        r700_cf e = *c;
        e.cond = 0;
        e.vpm = 0;
        do_else(s, &e);
    }
    r700_retire_pst(s, rr);
    return GPUREF_OK;
}

/* the control state a CF unit (or a clause's last group) leaves: the active
 * mask, the stack depth, aL */
void r700_retire_pst(const r700_state *s, gpuref_retire *rr)
{
    gpuref_regw *w = gpuref_retire_regw(rr, R700_F_ACTIVE, 0, ~0ull);
    if (w) {
        w->lanes = 1;
        w->value[0] = r700_active_mask(s);
    }
    w = gpuref_retire_regw(rr, R700_F_DEPTH, 0, 0xff);
    if (w) {
        w->lanes = 1;
        w->value[0] = s->sp;
    }
}

int r700_cf_step(r700_state *s, gpuref_retire *rr, char *err)
{
    uint32_t pc = s->pc;
    size_t wi = (pc - s->base) / 4;
    char why[GPUREF_ERRLEN];
    if (pc < s->base || wi >= s->nwords || (pc & 7))
        return gpuref_errf(err, GPUREF_ERR_DECODE, "CF pc 0x%x is outside the program (no "
                           "END_OF_PROGRAM before it)", pc);
    if (s->cfst[wi / 2] != GPUREF_OK)
        return r700_view_error(s, R700_VIEW_CF, pc, err);
    const r700_cf *c = &s->cfd[wi / 2];
    uint32_t al0 = s->al;
    rr->pc = pc;
    rr->kind = 0;
    rr->stream = 0;
    rr->nwords = 2;
    rr->words[0] = s->words[wi];
    rr->words[1] = s->words[wi + 1];
    rr->exec_mask = cond_pass(s, c, s->pst);
    s->pc = pc + 8;
    int st = r700_cf_rows[c->row].exec(s, c, rr, why);
    if (st) {
        s->pc = pc;
        return gpuref_errf(err, st, "CF at 0x%x %s: %s", pc, r700_cf_rows[c->row].name, why);
    }
    if (s->al != al0) {
        gpuref_regw *w = gpuref_retire_regw(rr, R700_F_AL, 0, 0xffffffffu);
        if (w) {
            w->lanes = 1;
            w->value[0] = s->al;
        }
    }
    r700_retire_pst(s, rr);
    if (c->eop && c->fmt != R700_FMT_ALU) {        /* L711, L795-797 */
        s->finished = 1;
        rr->flags |= GPUREF_RETIRE_END;
    }
    if (!rr->next_pc)
        rr->next_pc = s->pc;
    return GPUREF_OK;
}
