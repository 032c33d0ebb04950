/* usc_exec_port.c - ATST and DEPTHF (L990-L997, D45, D46): transactions to
 * the pixel backend, recorded as what is sent.  Each executing instance l
 * writes its data at 16 l (ATST: 12 bytes, S0 the reference, S1 the data,
 * S2 the state word) or 4 l (DEPTHF: W0) of the space "atst" or "depthf";
 * the space keeps the last data sent (gpuref_mem_read, a vector's
 * expect.mem).  ATST's P0 (when named) is the test's outcome, which the
 * state word decides and the source does not describe: the DUT's value,
 * written UNMODELLED (the model keeps P0; the checker takes the DUT's). */
#include <string.h>

#include "usc.h"

int usc_x_port(usc_ctx *c, const usc_ins *in, char *err)
{
    if (in->op == USC_OP_DEPTHF && !c->wset[0])
        return gpuref_errf(err, GPUREF_ERR_DECODE, "usc: illegal group: depthf reads w0, which "
                           "nothing drives");
    c->port = in;
    if (in->op == USC_OP_ATST && in->k[0] == USC_K_P0) {
        /* c->v[USC_K_P0] holds P0 as the group found it */
        c->p0set = 1;
        c->p0slot = USC_SL_BE;
        c->p0dut = 1;
    }
    return GPUREF_OK;
}

void usc_port_apply(usc_state *s, usc_ctx *c, gpuref_retire *rr)
{
    const usc_ins *in = c->port;
    int atst = in->op == USC_OP_ATST;
    usc_mem *m = &s->port[atst ? 0 : 1];
    USC_FOR(c, l) {
        uint8_t b[12];
        unsigned n = atst ? 12 : 4;
        uint32_t v[3] = { atst ? c->v[USC_K_S0][l] : c->v[USC_K_W0][l], c->v[USC_K_S1][l],
                          c->v[USC_K_S2][l] };
        for (unsigned i = 0; i < n; i++) b[i] = (uint8_t)(v[i / 4] >> (8 * (i % 4)));
        uint32_t addr = atst ? 16u * l : 4u * l;
        /* a write that cannot get memory is still recorded (the page is
         * small and the spaces hold at most 32 instances' data) */
        (void)usc_mem_write(m, addr, b, n);
        gpuref_retire_memw(rr, atst ? USC_SPACE_ATST : USC_SPACE_DEPTHF, addr, n, l, b, 0, USC_SL_BE);
    }
}
