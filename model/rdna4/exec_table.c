/* exec_table.c - which rows have an exec function.  A row without one decodes,
 * disassembles and assembles, and executing it reports "unimplemented: <mnemonic>". */
#include <stddef.h>

#include "rdna4.h"
#include "rdna4_exec.h"

static const r4_bind *const r4_binds[] = { r4_salu_bind, r4_smem_bind, r4_sfloat_bind };

r4_exec_fn r4_exec_of(unsigned row)
{
    for (size_t t = 0; t < sizeof r4_binds / sizeof r4_binds[0]; t++)
        for (const r4_bind *b = r4_binds[t]; b->fn; b++)
            if (b->row == row)
                return b->fn;
    return NULL;
}

int r4_exec_unimpl(r4_state *s, const struct r4_pre *p, gpuref_retire *rr)
{
    (void)rr;
    return gpuref_errf(s->err, GPUREF_ERR_UNIMPL, "unimplemented: %s", r4_rows[p->row].name);
}
