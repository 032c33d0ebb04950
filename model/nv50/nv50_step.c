/* nv50_step.c - one step of the warp: fetch, predicate, control flow
 * (join/exit modifiers, the divergence stack), retire.  Implements "Execution
 * semantics" of README.md; control instructions (nv50_exec_flow.c) work on s->flow
 * only, which is committed here when the whole unit has succeeded. */
#include <string.h>

#include "nv50.h"

/* ------------------------------------------------------------- the step */

static int nv50_modifiers(nv50_state *s, const nv50_insn *in, uint32_t exec)
{
    nv50_flow *f = &s->flow;
    if (in->modifier == NV50_MOD_EXIT) {
        f->exited |= exec;
        f->mask &= ~exec;
    } else if (in->modifier == NV50_MOD_JOIN) {
        if (f->depth == 0) {
            f->why = "join with an empty control stack";
            return GPUREF_ERR_FAULT;
        }
        const nv50_stack_entry *e = nv50_peek(s, --f->depth);
        if (e->type != NV50_ST_BRANCH && e->type != NV50_ST_JOINAT) {
            f->why = "join: the top of the control stack is not a branch or joinat entry";
            return GPUREF_ERR_FAULT;
        }
        f->mask = e->mask & ~f->exited;
        f->pc = e->type == NV50_ST_BRANCH ? e->pc : f->next;
    }
    return GPUREF_OK;
}

/* Length of the instruction at a code address, or 0 if there is none. */
static unsigned nv50_len_at(const nv50_state *s, uint32_t pc)
{
    if (pc < s->base || (pc & 3) || (pc - s->base) / 4 >= s->nwords)
        return 0;
    const nv50_pinsn *p = &s->prog[(pc - s->base) / 4];
    return p->status == GPUREF_OK ? 4u * p->in.nwords : 0;
}

static int nv50_unwind(nv50_state *s)
{
    nv50_flow *f = &s->flow;
    while (f->mask == 0 && !f->end) {
        if (f->depth == 0) {
            f->end = 1;
            break;
        }
        const nv50_stack_entry *e = nv50_peek(s, --f->depth);
        uint32_t m = e->mask & ~f->exited;
        if (e->type == NV50_ST_QUADON) {
            f->why = "no thread left while a quadon entry is on the control stack";
            return GPUREF_ERR_FAULT;
        }
        if (!m)
            continue;
        f->mask = m;
        f->pc = e->pc;
        if (e->type == NV50_ST_JOINAT) {   /* those threads already executed the join */
            unsigned len = nv50_len_at(s, e->pc);
            if (!len) {
                f->why = "joinat target is not an instruction of the program";
                return GPUREF_ERR_FAULT;
            }
            f->pc = e->pc + len;
        }
    }
    return GPUREF_OK;
}

/* Why the word at pc cannot be executed (the step found NV50_PF_BAD or a pc
 * outside the program): the message is built only here. */
static int nv50_fetch_error(const nv50_state *s, char *err)
{
    uint32_t pc = s->pc;
    if (!s->prog)
        return gpuref_errf(err, GPUREF_ERR_FAULT, "no program loaded");
    if (pc < s->base || (pc & 3) || (pc - s->base) / 4 >= s->nwords)
        return gpuref_errf(err, GPUREF_ERR_FAULT, "pc 0x%x is outside the loaded program "
                           "[0x%x, 0x%x) (D5)", pc, s->base,
                           s->base + 4u * (uint32_t)s->nwords);
    size_t idx = (pc - s->base) / 4;
    const nv50_pinsn *p = &s->prog[idx];
    if (p->status != GPUREF_OK) {
        char why[GPUREF_ERRLEN];
        nv50_insn tmp;
        int rc = nv50_decode_cfg(&s->cfg, &s->words[idx], s->nwords - idx, &tmp, why);
        return gpuref_errf(err, rc ? rc : p->status, "pc 0x%x: %s", pc, why);
    }
    return gpuref_errf(err, GPUREF_ERR_DECODE, "pc 0x%x: misaligned long instruction "
                       "(UNALIGNED_LONG_INSTRUCTION)", pc);
}

/* The threads of mask whose $c satisfies the predicate. */
static uint32_t nv50_pred_lanes(const nv50_state *s, const nv50_insn *in)
{
    const uint32_t *c = s->c[in->csrc];
    uint32_t m = 0;
    for (unsigned l = 0; l < NV50_LANES; l++)
        m |= (uint32_t)((in->predset >> c[l]) & 1) << l;
    return m;
}

static void nv50_rec_warp(gpuref_retire *rr, int file, uint64_t bits, uint32_t v)
{
    gpuref_regw *w = gpuref_retire_regw(rr, file, 0, bits);
    if (w) {
        w->lanes = 1;
        w->value[0] = v;
    }
}

static void nv50_commit(nv50_state *s, const nv50_pinsn *p, uint32_t exec, gpuref_retire *rr)
{
    nv50_flow *f = &s->flow;
    if (f->push)
        s->stack[s->depth] = f->ent;
    if (f->mask != s->mask)
        nv50_rec_warp(rr, NV50_F_MASK, 0xffffffffu, f->mask);
    if (f->exited != s->exited)
        nv50_rec_warp(rr, NV50_F_EXITED, 0xffffffffu, f->exited);
    if (f->depth != s->depth)
        nv50_rec_warp(rr, NV50_F_DEPTH, 0xff, f->depth);
    s->pc = f->pc;
    s->mask = f->mask;
    s->exited = f->exited;
    s->depth = f->depth;
    s->finished = f->end;
    s->clock++;
    rr->next_pc = f->pc;
    if (p->in.modifier == NV50_MOD_EXIT && exec)
        rr->flags |= GPUREF_RETIRE_EXIT;
    if (f->end)
        rr->flags |= GPUREF_RETIRE_END;
    if (f->trap)
        rr->flags |= GPUREF_RETIRE_TRAP;
    if (f->pc != f->next)
        rr->flags |= GPUREF_RETIRE_BRANCH;
    if (!exec && !(nv50_rows[p->in.op].flags & NV50_RF_CTL))
        rr->flags |= GPUREF_RETIRE_SKIP;
}

static int nv50_fail(const nv50_state *s, const nv50_pinsn *p, int rc, char *err)
{
    if (rc == GPUREF_ERR_UNIMPL)
        return gpuref_errf(err, rc, "unimplemented: %s", nv50_rows[p->in.op].name);
    return gpuref_errf(err, rc, "pc 0x%x: %s", s->pc, s->flow.why ? s->flow.why : "fault");
}

/* The full step: control instructions, join/exit, an empty mask.  Control
 * instructions and the modifiers work on s->flow, committed at the end. */
static int nv50_step_flow(nv50_state *s, const nv50_pinsn *p, uint32_t exec,
                          gpuref_retire *rr, char *err)
{
    int ctl = (nv50_rows[p->in.op].flags & NV50_RF_CTL) != 0, rc;
    nv50_flow *f = &s->flow;
    *f = (nv50_flow){ .next = s->pc + 4u * p->nwords, .mask = s->mask, .exited = s->exited,
                      .depth = s->depth };
    f->pc = f->next;
    rc = ctl ? p->exec(s, p, rr) : nv50_modifiers(s, &p->in, exec);
    if (rc == GPUREF_OK)
        rc = nv50_unwind(s);
    if (rc == GPUREF_OK && !ctl)
        rc = p->exec(s, p, rr);
    if (rc)
        return nv50_fail(s, p, rc, err);
    nv50_commit(s, p, exec, rr);
    return GPUREF_OK;
}

int nv50_step(void *vs, gpuref_retire *rr, char *err)
{
    nv50_state *s = vs;
    if (s->finished)
        return gpuref_errf(err, GPUREF_ERR_DONE, "program finished");
    uint32_t pc = s->pc, idx = (pc - s->base) >> 2;   /* pc < base wraps: out of range */
    if ((pc & 3) || idx >= s->nwords)
        return nv50_fetch_error(s, err);
    const nv50_pinsn *p = &s->prog[idx];
    if (p->flags & NV50_PF_BAD)
        return nv50_fetch_error(s, err);
    uint32_t exec = s->mask;
    if (p->flags & NV50_PF_PRED)
        exec &= nv50_pred_lanes(s, &p->in);
    rr->pc = pc;
    rr->nwords = p->nwords;
    memcpy(rr->words, p->words, sizeof p->words);
    rr->exec_mask = exec;
    if ((p->flags & NV50_PF_FLOW) || s->mask == 0)
        return nv50_step_flow(s, p, exec, rr, err);
    /* An ordinary instruction with threads active: no control transfer, no
     * change of mask, exited or stack; the exec function writes the state
     * only once it cannot fail. */
    int rc = p->exec(s, p, rr);
    if (rc) {
        s->flow.why = NULL;
        return nv50_fail(s, p, rc, err);
    }
    s->pc = pc + 4u * p->nwords;
    s->clock++;
    rr->next_pc = s->pc;
    if (!exec)
        rr->flags |= GPUREF_RETIRE_SKIP;
    return GPUREF_OK;
}
