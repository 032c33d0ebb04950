/* rdna4_exec_table.c - which rows have an exec function.  A row without one decodes,
 * disassembles and assembles, and executing it reports "unimplemented: <mnemonic>". */
#include <stddef.h>

#include "rdna4.h"
#include "rdna4_exec.h"

static const rdna4_bind *const rdna4_binds[] = { rdna4_salu_bind, rdna4_smem_bind, rdna4_sfloat_bind };

rdna4_exec_fn rdna4_exec_of(unsigned row)
{
    for (size_t t = 0; t < sizeof rdna4_binds / sizeof rdna4_binds[0]; t++)
        for (const rdna4_bind *b = rdna4_binds[t]; b->fn; b++)
            if (b->row == row)
                return b->fn;
    return NULL;
}

int rdna4_exec_unimpl(rdna4_state *s, const struct rdna4_pre *p, gpuref_retire *rr)
{
    (void)rr;
    return gpuref_errf(s->err, GPUREF_ERR_UNIMPL, "unimplemented: %s", rdna4_rows[p->row].name);
}
