/* nvfp_disasm.c - a decoded instruction as Appendix A assembly text
 * (README "Syntax"): MNEMONIC[c] DEST[.mask][(TEST[.swz])], SRC, ...; */
#include "nvfp.h"

const char nvfp_test_names[8][3] = { "EQ", "NE", "LT", "GE", "LE", "GT", "FL", "TR" };

#define SWZ_ID 0xe4u   /* x y z w */

static void put_swz(gpuref_strbuf *b, unsigned swz)
{
    static const char ch[] = "xyzw";
    if (swz == SWZ_ID)
        return;
    unsigned c0 = swz & 3;
    if (swz == c0 * 0x55u) {
        gpuref_sb_printf(b, ".%c", ch[c0]);
        return;
    }
    gpuref_sb_printf(b, ".%c%c%c%c", ch[swz & 3], ch[swz >> 2 & 3], ch[swz >> 4 & 3], ch[swz >> 6 & 3]);
}

void nvfp_print_insn(const nvfp_insn *in, gpuref_strbuf *b)
{
    const nvfp_row *r = &nvfp_rows[in->op];
    gpuref_sb_printf(b, "%s%s", r->name, in->cc ? "c" : "");
    const char *sep = " ";
    if (r->flags & NVFP_CCSRC) {
        gpuref_sb_printf(b, " %s", nvfp_test_names[in->cctest]);
        put_swz(b, in->ccswz);
        sep = ", ";
    } else if (!(r->flags & NVFP_NODST)) {
        if (in->ccdst)
            gpuref_sb_printf(b, " %cC", "RHI"[in->dprec]);
        else
            gpuref_sb_printf(b, " %c%u", "RHI"[in->dprec], in->dreg);
        if (in->wmask != 0xf) {
            gpuref_sb_str(b, ".");
            for (unsigned j = 0; j < 4; j++)
                if (in->wmask >> j & 1)
                    gpuref_sb_printf(b, "%c", "xyzw"[j]);
        }
        if (in->cctest != NVFP_T_TR || in->ccswz != SWZ_ID) {
            gpuref_sb_printf(b, "(%s", nvfp_test_names[in->cctest]);
            put_swz(b, in->ccswz);
            gpuref_sb_str(b, ")");
        }
        sep = ", ";
    }
    for (unsigned k = 0; k < r->nsrc; k++) {
        const nvfp_src *s = &in->src[k];
        gpuref_sb_printf(b, "%s%s", sep, s->neg ? "-" : "");
        if (s->type == NVFP_ST_REG)
            gpuref_sb_printf(b, "%c%u", "RHI"[s->prec], s->index);
        else
            gpuref_sb_printf(b, "%c[%u]", s->type == NVFP_ST_P ? 'p' : 'c', s->index);
        put_swz(b, s->swz);
        sep = ", ";
    }
    if (r->flags & NVFP_TEXID)
        gpuref_sb_printf(b, ", TEX%u", in->tid);
    gpuref_sb_str(b, ";");
}

int nvfp_isa_disasm(const uint32_t *w, size_t avail, uint64_t pc, char *buf, size_t len,
                    unsigned *nwords, char *err)
{
    (void)pc;
    nvfp_insn in;
    int st = nvfp_decode_insn(w, avail, &in, err);
    if (st)
        return st;
    gpuref_strbuf b;
    gpuref_sb_fixed(&b, buf, len);
    nvfp_print_insn(&in, &b);
    if (nwords)
        *nwords = NVFP_WORDS;
    return GPUREF_OK;
}
