/* rdna4_exec_table.c - the exec function of every row, built from the EXEC column of
 * rdna4.def (index = row, no search).  A row not executed yet names `unimpl`: it
 * decodes, disassembles and assembles, and executing it reports
 * "unimplemented: <mnemonic>". */
#include <stddef.h>

#include "rdna4.h"
#include "rdna4_exec.h"

const rdna4_exec_fn rdna4_exec_fns[RDNA4_NROWS] = {
#define RDNA4_OP(F, OP, N, X, FL, ...) [RDNA4_ROW_##F##_##N] = rdna4_x_##X,
#include "rdna4.def"
#undef RDNA4_OP
};

rdna4_exec_fn rdna4_exec_of(unsigned row)
{
    if (row >= RDNA4_NROWS || rdna4_exec_fns[row] == rdna4_x_unimpl)
        return NULL;
    return rdna4_exec_fns[row];
}

/* Not a frame (RDNA4_EXEC): the instruction does not retire, the state is unchanged. */
int rdna4_x_unimpl(rdna4_state *s, const struct rdna4_pre *p, gpuref_retire *rr)
{
    (void)rr;
    return gpuref_errf(s->err, GPUREF_ERR_UNIMPL, "unimplemented: %s", rdna4_rows[p->row].name);
}
