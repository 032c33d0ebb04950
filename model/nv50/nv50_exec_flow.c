/* nv50_exec_flow.c - the control instructions (bra, call, ret, breakaddr, joinat,
 * quadon, quadpop, trap).  They work on s->flow only, which nv50_step.c
 * commits when the whole unit has succeeded (README.md "Execution
 * semantics"). */
#include <string.h>

#include "nv50.h"

static int nv50_push(nv50_state *s, unsigned type, uint32_t pc, uint32_t mask)
{
    nv50_flow *f = &s->flow;
    if (f->depth >= s->cfg.stack_depth) {
        f->why = "control stack overflow";
        return GPUREF_ERR_FAULT;
    }
    f->ent = (nv50_stack_entry){ .type = (uint8_t)type, .pc = pc, .mask = mask };
    f->push = 1;
    f->depth++;
    return GPUREF_OK;
}

static uint32_t nv50_exec_of(const gpuref_retire *rr) { return (uint32_t)rr->exec_mask; }

int nv50_x_bra(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    nv50_flow *f = &s->flow;
    uint32_t taken = nv50_exec_of(rr);
    if (taken == 0)
        return GPUREF_OK;
    if (taken != f->mask) {
        int rc = nv50_push(s, NV50_ST_BRANCH, f->next, f->mask & ~taken);
        if (rc)
            return rc;
        f->mask = taken;
    }
    f->pc = p->in.target;
    return GPUREF_OK;
}

int nv50_x_call(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    nv50_flow *f = &s->flow;
    (void)rr;
    if (p->in.lim)
        return GPUREF_ERR_UNIMPL;   /* the call limit counter is unmodelled */
    int rc = nv50_push(s, NV50_ST_CALL, f->next, f->mask);
    if (rc == GPUREF_OK)
        f->pc = p->in.target;
    return rc;
}

/* ret and break: the threads leave; the unwind brings them back */
int nv50_x_ret(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    (void)p;
    s->flow.mask &= ~nv50_exec_of(rr);
    return GPUREF_OK;
}

int nv50_x_breakaddr(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    (void)rr;
    return nv50_push(s, NV50_ST_BREAK, p->in.target, s->flow.mask);
}

int nv50_x_joinat(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    (void)rr;
    return nv50_push(s, NV50_ST_JOINAT, p->in.target, s->flow.mask);
}

int nv50_x_quadon(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    nv50_flow *f = &s->flow;
    (void)p, (void)rr;
    int rc = nv50_push(s, NV50_ST_QUADON, f->next, f->mask);
    if (rc)
        return rc;
    uint32_t m = f->mask;
    for (unsigned q = 0; q < NV50_LANES; q += 4)
        if ((m >> q) & 0xf)
            f->mask |= 0xfu << q;
    return GPUREF_OK;
}

int nv50_x_quadpop(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    nv50_flow *f = &s->flow;
    (void)p, (void)rr;
    if (f->depth == 0 || nv50_peek(s, f->depth - 1)->type != NV50_ST_QUADON) {
        f->why = "quadpop without a quadon entry on top of the control stack";
        return GPUREF_ERR_FAULT;
    }
    f->mask = nv50_peek(s, --f->depth)->mask;
    return GPUREF_OK;
}

int nv50_x_trap(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    (void)p, (void)rr;
    s->flow.trap = 1;
    s->flow.end = 1;
    return GPUREF_OK;
}
