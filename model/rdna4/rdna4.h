/* rdna4.h - internal interface of the RDNA4 model (model/rdna4/).
 *
 * The instruction set is described once, in rdna4.def (generated from the
 * ISA guide by scripts/rdna4_gen_desc.py): formats and their fields, and one
 * row per opcode with its operand list.  Everything here is derived from it:
 * decode/encode (rdna4_desc.c), disassembly (rdna4_disasm.c), assembly (rdna4_asm.c) and the
 * binding of every row to its exec function rdna4_x_<EXEC> (the EXEC column; functions in
 * rdna4_exec_*.c, the row -> function table in rdna4_exec_table.c).
 *
 * Source references "Lnnnn" are line numbers of shared/specs/rdna4-isa.md. */
#ifndef GPUREF_RDNA4_H
#define GPUREF_RDNA4_H

#include <stddef.h>
#include <stdint.h>

#include "fp.h"
#include "isa.h"

/* ------------------------------------------------------------ formats */

enum rdna4_fmt {
    RDNA4_FMT_SOP2, RDNA4_FMT_SOPK, RDNA4_FMT_SOP1, RDNA4_FMT_SOPC, RDNA4_FMT_SOPP, RDNA4_FMT_SMEM,
    RDNA4_FMT_VOP2, RDNA4_FMT_VOP1, RDNA4_FMT_VOPC, RDNA4_FMT_VOP3, RDNA4_FMT_VOP3SD, RDNA4_FMT_VOP3P,
    RDNA4_FMT_VOPD, RDNA4_FMT_VOPDX, RDNA4_FMT_VOPDY, RDNA4_FMT_DPP16, RDNA4_FMT_DPP8, RDNA4_FMT_VINTERP,
    RDNA4_FMT_VDSDIR, RDNA4_FMT_VDS, RDNA4_FMT_VBUFFER, RDNA4_FMT_VIMAGE, RDNA4_FMT_VSAMPLE,
    RDNA4_FMT_VFLAT, RDNA4_FMT_VGLOBAL, RDNA4_FMT_VSCRATCH, RDNA4_FMT_VEXPORT,
    RDNA4_NFMT
};

/* Field ids: every field name of every format, once (generated list). */
enum rdna4_fld {
    RDNA4_FLD_NONE,
#define RDNA4_FIELDNAME(N) RDNA4_FLD_##N,
#include "rdna4.def"
#undef RDNA4_FIELDNAME
    RDNA4_FLD_COUNT
};

/* Operand kinds: how an operand is printed, parsed and where it lives. */
enum rdna4_kind {
    RDNA4_K_NONE,
    /* scalar formats */
    RDNA4_K_SDST,        /* SDST field, scalar destination (1 or 2 registers by type)   */
    RDNA4_K_SSRC,        /* 8-bit scalar source field                                   */
    RDNA4_K_SDSTSRC,     /* SOPK SDST used as a source (s_setreg_b32)                   */
    RDNA4_K_LIT,         /* mandatory 32-bit literal constant (K)                       */
    RDNA4_K_MSGRTN,      /* SSRC0 holds a message id (s_sendmsg_rtn_*)                  */
    RDNA4_K_SIMM_HEX, RDNA4_K_SIMM_INL, RDNA4_K_SIMM_OPT, RDNA4_K_SIMM_BR, RDNA4_K_SIMM_HWREG,
    RDNA4_K_SIMM_VER, RDNA4_K_SIMM_DELAY, RDNA4_K_SIMM_DEPCTR, RDNA4_K_SIMM_WAITCNT, RDNA4_K_SIMM_MSG,
    /* SMEM */
    RDNA4_K_SM_SDATA, RDNA4_K_SM_SBASE, RDNA4_K_SM_OFF, RDNA4_K_SM_IOFF, RDNA4_K_SM_SOFF, RDNA4_K_SM_LEN,
    /* vector ALU */
    RDNA4_K_VDST,        /* VGPR destination (tuple by type)                            */
    RDNA4_K_VSRC,        /* 9-bit source: SGPR, constant, literal or VGPR               */
    RDNA4_K_VGPR,        /* 8-bit VGPR-only field                                       */
    RDNA4_K_SDSTV,       /* VDST field holding a scalar destination                     */
    RDNA4_K_SDST7,       /* VOP3SD SDST                                                 */
    RDNA4_K_VCC,         /* implicit VCC operand (not encoded)                          */
    RDNA4_K_ATTR,        /* VDSDIR attribute                                            */
    /* memory */
    RDNA4_K_MLOAD, RDNA4_K_MSTORE, RDNA4_K_MATOMIC, RDNA4_K_MIMG, RDNA4_K_EXP,
    RDNA4_K_COUNT
};

/* Operand data types: register count and the flavour of inline constants. */
enum rdna4_type {
    RDNA4_T_NONE,
    RDNA4_T_B32,         /* 32-bit, integer constants                                   */
    RDNA4_T_F16,         /* 32-bit register, F16 constants (zero-extended)              */
    RDNA4_T_BF16,        /* 32-bit register, BF16 constants (upper half of F32)         */
    RDNA4_T_F32,
    RDNA4_T_B64,         /* 64-bit, literal zero-extended (guide L1648-1661)            */
    RDNA4_T_I64,         /* 64-bit signed: literal sign-extended                        */
    RDNA4_T_F64,         /* 64-bit float: literal supplies the high half                */
    RDNA4_T_MASK,        /* lane mask: 32 bits in wave32, 64 in wave64                  */
    RDNA4_T_B16,         /* 16-bit integer operand (VALU: a VGPR half); float inline
                      * constants are F16 patterns (LLVM's i16 operands)            */
    RDNA4_T_F16P,        /* F16 data read by halves of a 32-bit operand (packed): F16
                      * constants, whole VGPRs in text                              */
    RDNA4_T_X3, RDNA4_T_X4, RDNA4_T_X8, RDNA4_T_X16, RDNA4_T_X32,
    RDNA4_T_BF16P,       /* BF16 data read by halves of a 32-bit operand (packed): BF16
                      * constants, whole VGPRs in text (as F16P)                     */
    RDNA4_T_COUNT
};

/* Row flags */
#define RDNA4_LIT    0x01u   /* always followed by a literal DWORD                    */
#define RDNA4_CMPX   0x02u   /* V_CMPX: writes EXEC only                              */
#define RDNA4_NOADDR 0x04u   /* GLOBAL_INV/WB/WBINV                                   */
#define RDNA4_ADDTID 0x08u
#define RDNA4_BVH    0x10u
#define RDNA4_STORE  0x20u
#define RDNA4_ATOMIC 0x40u
#define RDNA4_BARID  0x100u  /* barrier id: integer inline constant (S_GET_BARRIER_STATE: or M0) */
#define RDNA4_REGSRC 0x80u   /* S_MOVRELS*: the source must be an SGPR/TTMP address      */
#define RDNA4_OPSEL  0x200u  /* VOP3/VINTERP: OPSEL usable (Table 35 L2805-2829 + overloads) */
#define RDNA4_OPSEL3Z 0x400u /* V_S_*_F16: OPSEL[3] must be 0                              */
#define RDNA4_OPSELX 0x800u  /* OPSEL bits are not per source (FI/BOUND_CTRL, byte selects) */
#define RDNA4_NOMODS 0x1000u /* FP8/BF8 conversions: no ABS/NEG/OMOD/CLAMP (L3165)         */
#define RDNA4_MODANY 0x2000u /* V_MOV*, V_MOVREL*, V_CNDMASK: NEG/ABS on any source type    */
#define RDNA4_NOABS  0x4000u /* V_DOT2_F16_F16 / V_DOT2_BF16_BF16: NEG but no ABS          */
#define RDNA4_OPSELD 0x8000u /* OPSEL[3] usable: 16-bit VGPR destination (or dst half/byte) */
#define RDNA4_NODPP  0x10000u /* no DPP (Table 38 L3386-3418)                              */
#define RDNA4_NOOMOD 0x20000u /* no OMOD: not a float result (§7.2.3.1 L2843-2860)         */
#define RDNA4_NOCLAMP 0x40000u /* no CLAMP (§7.2.3.1 L2872-2882 "not supported")            */
#define RDNA4_VGPR0  0x80000u   /* SRCn must be a VGPR: RDNA4_VGPR0 << n (README: decisions E16) */
#define RDNA4_VGPR1  0x100000u
#define RDNA4_VGPR2  0x200000u
#define RDNA4_SCAL0  0x400000u  /* SRCn must not be a VGPR: RDNA4_SCAL0 << n (E16)             */
#define RDNA4_SCAL1  0x800000u
#define RDNA4_SCAL2  0x1000000u
#define RDNA4_LANESEL 0x2000000u /* SRC1 is a lane select: SGPR, M0 or inline constant (E16) */
#define RDNA4_NOOPSEL 0x4000000u /* VOP3P: OPSEL 0 and OPSEL_HI all ones (E15)              */
#define RDNA4_OPSELHI1 0x8000000u /* VOP3P: OPSEL_HI all ones (SWMMAC: OPSEL = index key, E15) */

#define RDNA4_MAXOPD 5

typedef struct rdna4_opd {
    uint8_t kind, fld, type;
} rdna4_opd;

typedef struct rdna4_row {
    uint8_t     fmt;
    uint16_t    op;
    uint32_t    flags;
    const char *name;
    rdna4_opd      o[RDNA4_MAXOPD];
} rdna4_row;

enum rdna4_rowid {
#define RDNA4_OP(F, OP, N, X, FL, ...) RDNA4_ROW_##F##_##N,
#include "rdna4.def"
#undef RDNA4_OP
    RDNA4_NROWS
};

extern const rdna4_row rdna4_rows[RDNA4_NROWS];

typedef struct rdna4_fmtinfo {
    const char *name;
    uint8_t     dwords;        /* base size without literal/DPP */
    uint8_t     enc_hi, enc_lo;
    uint32_t    enc_val;
    uint8_t     op_fld;        /* RDNA4_FLD_OP, or 0 when the format has no opcode field */
} rdna4_fmtinfo;

extern const rdna4_fmtinfo rdna4_fmts[RDNA4_NFMT];

/* Field position of `fld` in format `fmt`: 1 and hi/lo, or 0 if absent. */
int rdna4_field_pos(int fmt, int fld, unsigned *hi, unsigned *lo);

/* ------------------------------------------------------ decoded form */

typedef struct rdna4_insn {
    uint16_t row;              /* rdna4_rows index (VOPD: the X row) */
    uint16_t rowy;             /* VOPD: the Y row */
    uint8_t  fmt;              /* encoding format (VOP3 for VOP3SD rows too: see row) */
    uint8_t  nwords;           /* including literal / DPP DWORD */
    uint8_t  has_lit;
    uint8_t  dpp;              /* 0 none, 1 DPP16, 2 DPP8, 3 DPP8FI */
    uint32_t w[3];
    uint32_t lit;
    uint32_t dpp_src0;         /* the DPP DWORD's SRC0 (VGPR) */
    uint32_t f[RDNA4_FLD_COUNT];   /* field values of the main format and of the DPP DWORD */
} rdna4_insn;

/* VEXPORT VSRC0..3 field ids (not contiguous in the field enum). */
static const uint8_t rdna4_exp_vsrc[4] = { RDNA4_FLD_VSRC0, RDNA4_FLD_VSRC1, RDNA4_FLD_VSRC2, RDNA4_FLD_VSRC3 };

/* Decode: 0 or GPUREF_ERR_DECODE with a message. */
int rdna4_decode(const uint32_t *w, size_t avail, rdna4_insn *in, char *err);
/* Encode the fields of `in` (row, fields, literal, dpp) into in->w / in->nwords. */
int rdna4_encode(rdna4_insn *in, char *err);
/* Field read/write by id in a given format's layout. */
uint32_t rdna4_get_field(const uint32_t *w, int fmt, int fld);

/* Scalar operand helpers shared by exec, disasm and asm. */
int      rdna4_inline_value(unsigned code, int type, uint64_t *v);   /* 1 if code is an inline constant */
uint64_t rdna4_literal_value(uint32_t lit, int type);
static inline int rdna4_type_is16(int t) { return t == RDNA4_T_F16 || t == RDNA4_T_BF16 || t == RDNA4_T_B16; }
/* Operand types whose float constants are F16 patterns */
static inline int rdna4_type_f16k(int t) { return t == RDNA4_T_F16 || t == RDNA4_T_F16P || t == RDNA4_T_B16; }
unsigned rdna4_type_dwords(int type);           /* wave32 view for MASK */
int      rdna4_type_is64(int type);
/* Memory rows: 0 load, 1 store, 2 atomic (which TH names apply). */
int      rdna4_row_class(const rdna4_row *r);
/* TH and SCOPE names as LLVM gfx12 spells them, by field value; NULL where a
 * value has no name (0: the default; load TH 7 is reserved).  The disassembler
 * and the assembler read the same tables. */
extern const char *const rdna4_th_load_names[8], *const rdna4_th_store_names[8],
    *const rdna4_th_atomic_names[8], *const rdna4_scope_names[4];
const char *rdna4_row_display_name(const rdna4_insn *in, char *buf, size_t len);
/* How a VOP3 row's OPSEL reads in text: 0 op_sel:[src..., dst]; 1 byte_sel = OPSEL[3:2]
 * (V_CVT_SR_*); 2 byte_sel = OPSEL[0]:OPSEL[1] (V_CVT_F32_FP8/BF8, reversed bits,
 * §7.6.2); 3 op_sel:[FI, BOUND_CTRL] (V_PERMLANE16/X16*). */
int rdna4_opsel_style(const rdna4_row *r);
/* Source slots (bit i = SRCi) whose NEG (abs=0) or ABS (abs=1) modifier is defined:
 * float sources, any non-mask source of V_MOV_*, V_MOVREL_* and V_CNDMASK_*, none for the
 * RDNA4_NOMODS rows (§7.2.2.1 L2764-2781). */
unsigned rdna4_mods_allowed(const rdna4_row *r, int abs);
/* Why source `slot` (0-2) may not hold the 9-bit operand `code` (>= 256: a VGPR; DPP
 * codes count as the VGPR they select), or NULL when it may (README: decisions E16). */
const char *rdna4_src_class_error(const rdna4_row *r, int slot, unsigned code);
/* Why a VOPD pair is illegal (VGPR bank/port conflicts, scalar values), or NULL; *port:
 * 0-2 the conflicting read port, 3 the scalar values (README: decisions Q2). */
const char *rdna4_vopd_error(const rdna4_insn *in, int *port);
/* VDATA registers of an image instruction (DMASK, D16, TFE; gather4: four texels) */
unsigned rdna4_image_vdata_regs(const rdna4_insn *in);

/* rdna4_disasm.c / rdna4_asm.c entry points (the gpuref_isa hooks) */
int rdna4_isa_decode(const uint32_t *w, size_t avail, gpuref_insn_info *info, char *err);
int rdna4_isa_disasm(const uint32_t *w, size_t avail, uint64_t pc, char *buf, size_t len,
                  unsigned *nwords, char *err);
int rdna4_isa_assemble(const char *text, uint64_t base, uint32_t **words, size_t *n,
                    gpuref_diag *d);
/* The same with a mnemonic table made once (rdna4_names_new: every row sorted by
 * name, which rdna4_isa_assemble makes anew per call) for a caller that assembles
 * many texts, as the generator does. */
typedef struct rdna4_names rdna4_names;
rdna4_names *rdna4_names_new(void);
void rdna4_names_free(rdna4_names *tab);
int rdna4_assemble_with(const rdna4_names *tab, const char *text, uint64_t base,
                        uint32_t **words, size_t *n, gpuref_diag *d);
/* Disassemble a decoded instruction. */
int rdna4_format(const rdna4_insn *in, uint64_t pc, char *buf, size_t len, char *err);

/* ---------------------------------------------------------- the model */

/* Register files exposed through the C API (README "Architectural state"). */
enum rdna4_file {
    RDNA4_FILE_S, RDNA4_FILE_VCC, RDNA4_FILE_TTMP, RDNA4_FILE_M0, RDNA4_FILE_EXEC, RDNA4_FILE_SCC,
    RDNA4_FILE_PC, RDNA4_FILE_HWREG, RDNA4_FILE_V, RDNA4_FILE_CFG, RDNA4_NFILES
};

/* Hardware register ids (S_GETREG/S_SETREG, guide §3.4 L983-1009). */
enum rdna4_hwreg {
    RDNA4_HW_MODE = 1, RDNA4_HW_STATUS = 2, RDNA4_HW_STATE_PRIV = 4,
    RDNA4_HW_PERF_SNAPSHOT_DATA = 10, RDNA4_HW_PERF_SNAPSHOT_PC_LO = 11,
    RDNA4_HW_PERF_SNAPSHOT_PC_HI = 12, RDNA4_HW_PERF_SNAPSHOT_DATA1 = 15,
    RDNA4_HW_PERF_SNAPSHOT_DATA2 = 16, RDNA4_HW_EXCP_FLAG_PRIV = 17, RDNA4_HW_EXCP_FLAG_USER = 18,
    RDNA4_HW_TRAP_CTRL = 19, RDNA4_HW_SCRATCH_BASE_LO = 20, RDNA4_HW_SCRATCH_BASE_HI = 21,
    RDNA4_HW_HW_ID1 = 23, RDNA4_HW_HW_ID2 = 24, RDNA4_HW_IB_STS2 = 28,
    RDNA4_HW_SHADER_CYCLES_LO = 29, RDNA4_HW_SHADER_CYCLES_HI = 30
};
#define RDNA4_NHWREG 64

/* STATUS / STATE_PRIV bits used by the scalar unit (guide Tables 5/6 L1014-1063). */
#define RDNA4_STATUS_PRIV       (1u << 5)
#define RDNA4_STATUS_TRAP_EN    (1u << 6)
#define RDNA4_STATUS_EXECZ      (1u << 9)
#define RDNA4_STATUS_VCCZ       (1u << 10)
#define RDNA4_STATUS_IN_WG      (1u << 11)
#define RDNA4_STATUS_TRAP_BARRIER_COMPLETE (1u << 15)
#define RDNA4_STATUS_VALID      (1u << 16)
#define RDNA4_STATUS_FATAL_HALT (1u << 23)
#define RDNA4_STATUS_WAVE64     (1u << 29)
#define RDNA4_SPRIV_BARRIER_COMPLETE (1u << 2)
#define RDNA4_SPRIV_SCC         (1u << 9)
#define RDNA4_SPRIV_HALT        (1u << 14)
#define RDNA4_SPRIV_SCRATCH_EN  (1u << 18)

/* Scalar register codes (operand encoding, guide §4.1 L1662-1703). */
#define RDNA4_VCC_LO  106
#define RDNA4_VCC_HI  107
#define RDNA4_TTMP0   108
#define RDNA4_NULL    124
#define RDNA4_M0      125
#define RDNA4_EXEC_LO 126
#define RDNA4_EXEC_HI 127
#define RDNA4_SCC_SRC 253
#define RDNA4_LIT_SRC 255

/* Architectural state: a plain struct (no pointers): can be copied, compared. */
typedef struct rdna4_arch {
    uint32_t sreg[128];        /* indexed by scalar operand code 0..127:
                                  s0-s105, vcc_lo/hi, ttmp0-15, null, m0, exec; null is
                                  never written and reads 0 (rdna4_src relies on it) */
    uint32_t scc;
    uint64_t pc;
    uint32_t hwreg[RDNA4_NHWREG];
    uint32_t ended;            /* s_endpgm / kill / trap ended the program */
} rdna4_arch;

/* Sparse byte-addressed memory (48-bit addresses), pages of 4 KiB. */
typedef struct rdna4_mem {
    uint64_t *keys;            /* page number + 1, 0 = empty slot */
    uint8_t **pages;
    size_t    cap, used;
    uint64_t  last_key;        /* the page found last (0: none), a cache for the */
    uint8_t  *last_page;       /* accesses of a wave, which mostly stay in a page */
} rdna4_mem;

/* One outstanding SMEM load (smem_defer=1): its destination, the data read at
 * issue, the sequence number of the issuing unit and its KMcnt increment. */
#define RDNA4_KM_MAX   31          /* KMcnt is 5 bits (guide L692) */
#define RDNA4_KM_MAXDW 32          /* DWORDs outstanding: a drain fits one record */
typedef struct rdna4_kmload {
    uint64_t tag;
    uint32_t data[16];
    uint8_t  dst, ndw, cnt;
} rdna4_kmload;

/* One outstanding vector-memory or LDS load (README "Vector memory"): the counter
 * it counts on (LOADcnt or DScnt), its destination VGPRs, the bits and lanes it
 * writes, the issuing unit's sequence number; its data are nreg rows of
 * rdna4_state.vmdata from row0 (rows stay where they were put until the entry
 * completes: RDNA4_VM_ROWS rows hold the at most RDNA4_VM_MAXREG outstanding ones,
 * taken in turn like a ring, so completing an entry moves no data).  nreg 0:
 * GLOBAL_INV, a load with EXEC == 0, a store counted on DScnt (no data). */
#define RDNA4_VM_MAX    64         /* entries (LOADcnt and DScnt are 6 bits each,
                                      guide §5.7.1 L2176, L2191) */
#define RDNA4_CNT_MAX   63
#define RDNA4_VM_MAXREG 14         /* VGPRs outstanding: a drain, with the SMEM
                                      loads' 32 DWORDs, fits one record (48 writes) */
#define RDNA4_VM_ROWS   32         /* rows of vmdata (a bit each in vmrows) */
#define RDNA4_EXP_MAX   7          /* EXPcnt is 3 bits (guide L2202) */
enum { RDNA4_CNT_LOAD, RDNA4_CNT_DS, RDNA4_CNT_EXP, RDNA4_CNT_ALL };
typedef struct rdna4_vmload {
    uint64_t tag;
    uint64_t lanes;
    uint32_t bits;
    uint8_t  dst, nreg, row0, cnt;
    uint8_t  tfe;               /* the last register is a TFE status DWORD: all 32 bits */
    uint32_t skip;              /* block loads: registers i of the nreg not written (bit i,
                                   M0[i] clear or past v255; README D40) */
} rdna4_vmload;

struct rdna4_pre;
typedef struct rdna4_state rdna4_state;
/* An exec function executes one predecoded instruction and retires it: it writes
 * the state, records the writes in rr, and sets rr->next_pc and s->a.pc (RDNA4_EXEC
 * below writes both ends).  rdna4_step fetches and jumps to it.  On an error it
 * returns the status with the state as it was. */
typedef int (*rdna4_exec_fn)(rdna4_state *s, const struct rdna4_pre *p, gpuref_retire *rr);

/* A resolved scalar source (predecoded).  Constants (inline, literal and the
 * aperture constants, which are fixed by the configuration) hold their value
 * extended to the operand type in k[1]:k[0]; registers their code, with k zero.
 * lo/hi say which registers the low and high halves read (RDNA4_NULL, which reads
 * zero, for constants and the high half of a 32-bit register), so that a read is
 * sreg[lo] | k[0] whatever the kind (SCC aside: rdna4_src32/rdna4_src64). */
typedef struct rdna4_src {
    uint8_t  kind;             /* RDNA4_S_* */
    uint8_t  code;
    uint8_t  lo, hi;
    uint32_t k[2];
} rdna4_src;
enum { RDNA4_S_REG, RDNA4_S_REG64, RDNA4_S_CONST, RDNA4_S_SCC };

/* Predecoded instruction: what the exec functions read (40 bytes: one slot per
 * DWORD of code, so it should stay small). */
typedef struct rdna4_pre {
    rdna4_exec_fn exec;           /* never NULL once loaded (rdna4_predecode) */
    uint16_t   row;
    uint8_t    nwords;
    uint8_t    dst;            /* SDST / SDATA code */
    uint32_t   imm;            /* SIMM16 (raw); s_fmaak/s_fmamk: the literal K */
    union {
        rdna4_src   s[2];         /* SSRC0/SSRC1 (SOPK: SDST as source in s[0]) */
        uint32_t aux[4];       /* SMEM: sbase code, soffset code, ioffset (raw 24 bits),
                                * sdata; s_setreg_imm32_b32: aux[3] = literal */
    };
} rdna4_pre;

/* The fields of a GLOBAL, FLAT or SCRATCH instruction (rdna4_exec_vmem.c), predecoded
 * into the slot's aux words (unused by these formats) so that an execution does not
 * decode the instruction again: aux[0] IOFFSET (raw 24 bits), aux[1] SADDR | VADDR << 8
 * | VDST << 16 | VSRC << 24, aux[2] SVE | TH << 8. */
typedef struct rdna4_vmf {
    uint32_t ioffset;
    uint8_t  saddr, vaddr, vdst, vsrc, sve, th;
} rdna4_vmf;

static inline rdna4_vmf rdna4_vmf_of(const rdna4_pre *p)
{
    rdna4_vmf f = { p->aux[0], (uint8_t)p->aux[1], (uint8_t)(p->aux[1] >> 8),
                    (uint8_t)(p->aux[1] >> 16), (uint8_t)(p->aux[1] >> 24), (uint8_t)p->aux[2],
                    (uint8_t)(p->aux[2] >> 8) };
    return f;
}

/* Predecoded VALU operands (VOP1, VOP2, VOPC, VOP3, VOP3SD; rdna4_exec_valu.c), one
 * per code DWORD beside the scalar slot (rdna4_state.vpre), so that the scalar slot
 * keeps its 40 bytes.  A source is a VGPR (v[i] >= 0) or a scalar operand (s[i],
 * read once per instruction: an SGPR, a constant or a literal); a lane-mask source
 * (carry-in, select) is read 32 bits wide in wave32, 64 in wave64. */
typedef struct rdna4_vpre {
    rdna4_src s[3];
    int16_t   v[3];            /* VGPR index of source i, -1: scalar s[i] */
    uint8_t   nsrc;            /* data sources (the lane mask not counted) */
    uint8_t   vdst;            /* VGPR destination (VDST field) */
    uint8_t   sdst;            /* scalar destination code: compare/carry mask, readlane;
                                  RDNA4_NULL when none */
    uint8_t   has_mask;        /* mask source in m */
    rdna4_src m;               /* lane-mask source (VCC or VOP3 SRC2) */
    uint8_t   abs, neg, clamp, omod, dpp;
    uint8_t   opsel;           /* 16-bit halves: bit i = source i reads [31:16], bit 3 = the
                                  destination is [31:16] (VOP3 OPSEL; VOP1/VOP2/VOPC: bit 7
                                  of a 16-bit operand's VGPR number, E5) */
    uint8_t   opsel_hi, neg_hi;  /* VOP3P: OPSEL_HI {bit 14, 60:59} (7 elsewhere: the high
                                  half of a packed result reads high halves), NEG_HI */
    uint32_t  dppw;            /* dpp != 0: the DPP16/DPP8 DWORD (SRC0 of the instruction is
                                  its VGPR, v[0]; rdna4_exec_valu_xlane.c, README A13/A14) */
} rdna4_vpre;

/* The work-group's barrier unit (guide §5.6, README D38), wave 0's when waves=N share
 * it.  The work-group is the model's waves (waves=1: no work-group, every barrier
 * instruction is S_NOP).  Barriers -1 (work-group) and -2 (trap) have memberCnt =
 * nwaves and are valid from the start (every wave exists at creation); a barrier
 * completes when its signalCnt reaches the waves that have not ended. */
typedef struct rdna4_wg {
    unsigned nwaves;            /* waves of the work-group */
    uint8_t  signal[64];        /* BARRIER_STATE[n & 63].signalCnt (7 bits) */
    uint64_t ended;             /* waves that have ended (a bit per wave) */
    uint64_t complete[3];       /* WAVE_BARRIER_COMPLETE[0 reserved, 1 work-group,
                                   2 trap], a bit per wave */
} rdna4_wg;

struct rdna4_state {
    rdna4_arch   a;
    /* configuration (README "Config keys") */
    unsigned  wave64;
    unsigned  nsgprs;
    uint32_t  mode0, status0;
    uint64_t  tba, tma, scratch_base;
    uint32_t  shared_base, private_base;   /* SH_MEM_BASES fields, 16 bits each */
    unsigned  dvgpr;
    unsigned  smem_defer;                   /* SMEM data visible at the KMcnt wait (README) */
    /* outstanding SMEM loads, oldest first (README "Deferred SMEM loads"); cleared
     * by reset, drained by s_wait_kmcnt / s_wait_idle / s_waitcnt and program end */
    rdna4_kmload km[RDNA4_KM_MAX];
    unsigned  nkm;                          /* entries in km */
    unsigned  kmcnt;                        /* KMcnt: +1 per single-DWORD load, +2 larger */
    unsigned  kmdw;                         /* DWORDs outstanding (record bound) */
    /* VGPRs (vector instructions are not executed yet) */
    uint32_t *vgpr;                         /* [256][64] */
    /* program */
    uint64_t  base;
    uint32_t *code;
    size_t    ncode;
    rdna4_pre   *pre;                          /* one slot per DWORD of code */
    /* memory */
    rdna4_mem   *mem;      /* &mem_own, or wave 0's (waves=N share memory) */
    rdna4_mem    mem_own;
    /* float policy for SALU float instructions, following MODE */
    fp_policy fp;
    uint32_t  fp_mode;
    int       fp_valid;
    /* per-step context */
    uint64_t  npc;                          /* next pc: the fall-through, changed by branches */
    int       fin;                          /* finished: kept current by every writer of
                                               a.ended, STATUS and STATE_PRIV (rdna4_update_fin) */
    char     *err;
    /* VALU operands, one per DWORD of code (rdna4_vpre; last, so that the fields the
     * scalar step uses keep their places) */
    rdna4_vpre  *vpre;
    /* vector memory (rdna4_exec_vmem.c, README "Vector memory"): SH_MEM_CONFIG
     * alignment_mode (config `align_mode`), the outstanding loads oldest first and
     * their data (vmdata rows, vmrows the rows in use, vmtail where the next entry's
     * rows go), cleared by reset, drained by
     * s_wait_loadcnt / s_wait_idle / program end */
    unsigned     align_mode;
    /* buffer format conversions (rdna4_exec_buffer.c, README D30/D34/D35): config
     * `fmt_int_wrap` (integer narrowing keeps the low bits instead of saturating)
     * and `tfe_status` (TFE loads write their status DWORD, 0, to every lane) */
    unsigned     fmt_int_wrap, tfe_status;
    uint32_t     gs_max_wave_id;            /* VGT_GS_MAX_WAVE_ID (ORDERED_ADD, D37) */
    unsigned     nvm, vmreg;                   /* entries in vm, rows in use in vmdata */
    unsigned     vmtail;
    uint32_t     vmrows;
    unsigned     vmcnt[3];                     /* LOADcnt, DScnt, EXPcnt: entries of each */
    rdna4_vmload vm[RDNA4_VM_MAX];
    uint32_t     vmdata[RDNA4_VM_ROWS][64];
    /* LDS (rdna4_exec_ds.c): lds_size bytes (config), of wave 0 when waves=N share it */
    unsigned     lds_size;
    uint8_t     *lds;                          /* lds_own, or wave 0's */
    uint8_t     *lds_own;
    /* DPP (rdna4_exec_valu_xlane.c, README A13/A14): config `dpp_fi_oor`; and, set by
     * rdna4_valu_plain for the VALU instruction being executed, the lanes whose write the
     * DPP controls let through (all ones without DPP), the lanes whose SRC0 reads 0, and
     * the lane each lane's SRC0 is fetched from */
    unsigned     dpp_fi_oor;
    /* WMMA/SWMMAC float sums (rdna4_exec_valu_wmma.c, README V51): config `wmma_acc`,
     * 0 = one F32 RNE rounding per K step, 1 = the exact sum rounded once */
    unsigned     wmma_acc;
    /* V_QSAD/MQSAD_PK_U16_U8 with CLAMP (rdna4_exec_valu_int.c, README V55): config
     * `qsad_clamp`, 0 = each 16-bit field saturated, 1 = the bit ignored (truncated) */
    unsigned     qsad_clamp;
    uint64_t     vwen, dpp_zero;
    uint8_t      dpp_lane[64];
    /* barriers (rdna4_exec_salu.c, README D38): the work-group's barrier unit (wg_own,
     * or wave 0's) and this wave's number in it */
    rdna4_wg    *wg;
    rdna4_wg     wg_own;
    unsigned     wave_idx;
};

/* rdna4_step.c: the predecode of code index idx (at load, every DWORD), the step and
 * the source operands (gpuref_isa hooks); the resolution of one scalar source operand
 * (also used by the VOPD exec function, which decodes its two halves) */
void rdna4_predecode(rdna4_state *s, size_t idx);
void rdna4_resolve_src(const rdna4_state *s, rdna4_src *o, unsigned code, int type, uint32_t lit);
int rdna4_step(void *vst, gpuref_retire *rr, char *err);
int rdna4_sources(void *vst, gpuref_retire *out);

/* rdna4_exec_buffer.c: a data format's coverage class (0-6 numeric format, 7 packed,
 * 8 not converted) */
unsigned rdna4_buf_fmt_class(unsigned f);
/* SGPR `code` as the buffer instructions read their V# and SOFFSET: NULL reads 0, an
 * SGPR beyond the wave's count reads s0, ttmps and the rest their register */
uint32_t rdna4_buf_sreg(const rdna4_state *s, unsigned code);
/* rdna4_exec_vopd.c: the operands of VOPD half y (0 X, 1 Y) of the decoded `in` as the
 * exec reads them from s: the destination VGPR, and per source (the count returned)
 * its VGPR (-1: a scalar) and its value in the 32 lanes */
unsigned rdna4_vopd_operands(const rdna4_state *s, const rdna4_insn *in, int y, unsigned *vdst,
                             int16_t vreg[3], uint32_t val[3][32]);

/* rdna4_mem.c */
int  rdna4_mem_init(rdna4_mem *m);
void rdna4_mem_fini(rdna4_mem *m);
void rdna4_mem_clear(rdna4_mem *m);
int  rdna4_mem_read(rdna4_mem *m, uint64_t addr, void *buf, size_t len);
int  rdna4_mem_write(rdna4_mem *m, uint64_t addr, const void *buf, size_t len);
int  rdna4_mem_next(const rdna4_mem *m, uint64_t from, uint64_t *addr, uint64_t *len);
/* The 4 KiB page holding addr (48 bits), created zeroed when create is set (NULL: out
 * of memory), or NULL when it was never written; it becomes the page found last. */
uint8_t *rdna4_mem_page(rdna4_mem *m, uint64_t addr, int create);
/* The bytes [addr, addr + n) in the page found last (rdna4_mem.last_key), or NULL when
 * they are not all in it (then rdna4_mem_read/write, which find the page). */
static inline uint8_t *rdna4_mem_at(const rdna4_mem *m, uint64_t addr, unsigned n)
{
    if ((addr >> 12) + 1 != m->last_key || (addr & 4095u) + n > 4096u)
        return NULL;
    return m->last_page + (addr & 4095u);
}

/* rdna4_exec_table.c: the exec function of every row (index = row), from the EXEC
 * column of rdna4.def; rdna4_x_unimpl for rows not executed yet.  rdna4_exec_of:
 * the row's function, or NULL when the row is not executed (rdna4_x_unimpl). */
extern const rdna4_exec_fn rdna4_exec_fns[RDNA4_NROWS];
rdna4_exec_fn rdna4_exec_of(unsigned row);
int rdna4_x_unimpl(rdna4_state *s, const struct rdna4_pre *p, gpuref_retire *rr);

/* Append a one-lane register write to the retire record, for a register the
 * instruction has not recorded yet. */
static inline void rdna4_record_new(gpuref_retire *rr, int file, unsigned idx, uint64_t bits,
                                 uint64_t v, uint32_t flags)
{
    unsigned n = rr->nregw;
    if (n >= GPUREF_MAX_REGW)
        return;
    gpuref_regw *w = &rr->regw[n];
    rr->nregw = (uint16_t)(n + 1);
    w->file = (int16_t)file;
    w->index = (uint16_t)idx;
    w->flags = flags;
    w->ulp_bound = 0;
    w->slot = GPUREF_SLOT_NONE;
    w->tag = 0;
    w->bits = bits;
    w->lanes = 1;
    w->value[0] = v;
}

/* Record a one-lane register write in the retire record: what gpuref_retire_regw
 * does (a second write to the same register merges into the first), inline because
 * it runs once or twice per instruction. */
static inline void rdna4_record(gpuref_retire *rr, int file, unsigned idx, uint64_t bits,
                             uint64_t v, uint32_t flags)
{
    unsigned n = rr->nregw;
    for (unsigned i = 0; i < n; i++) {
        gpuref_regw *w = &rr->regw[i];
        if (w->file == file && w->index == idx) {
            w->bits |= bits;
            w->lanes = 1;
            w->value[0] = v;
            w->flags |= flags;
            return;
        }
    }
    rdna4_record_new(rr, file, idx, bits, v, flags);
}

/* rdna4_state.c helpers used by the exec functions */
int  rdna4_write_sreg(rdna4_state *s, gpuref_retire *rr, unsigned code, uint32_t v, uint32_t flags);
int  rdna4_sreg_file(unsigned code, unsigned *index);
int  rdna4_sdst_ok(const rdna4_state *s, unsigned code, unsigned n);
void rdna4_write_hwreg(rdna4_state *s, gpuref_retire *rr, unsigned id, uint32_t v);
uint32_t rdna4_read_hwreg(const rdna4_state *s, unsigned id);
uint64_t rdna4_aperture(const rdna4_state *s, unsigned code);

/* Source reads: one load and an OR for registers and constants alike (rdna4_src);
 * SCC as an operand (code 253) is rare. */
static inline uint32_t rdna4_src32(const rdna4_state *s, const rdna4_src *o)
{
    if (__builtin_expect(o->kind == RDNA4_S_SCC, 0))
        return s->a.scc;
    return s->a.sreg[o->lo] | o->k[0];
}

static inline uint64_t rdna4_src64(const rdna4_state *s, const rdna4_src *o)
{
    if (__builtin_expect(o->kind == RDNA4_S_SCC, 0))
        return s->a.scc;
    return (uint64_t)(s->a.sreg[o->hi] | o->k[1]) << 32 | (s->a.sreg[o->lo] | o->k[0]);
}

static inline void rdna4_write_scc(rdna4_state *s, gpuref_retire *rr, uint32_t v, uint32_t flags)
{
    s->a.scc = v & 1u;
    rdna4_record(rr, RDNA4_FILE_SCC, 0, 1, s->a.scc, flags);
}

/* Finished: ended, FATAL_HALT, or HALT outside the trap handler.  Cached in s->fin
 * (the core asks before every step): whatever changes a.ended, STATUS or
 * STATE_PRIV calls this (rdna4_write_hwreg, rdna4_end, reset, load, register writes). */
void rdna4_wg_fin(rdna4_state *s);
static inline void rdna4_update_fin(rdna4_state *s)
{
    int fin = s->a.ended || (s->a.hwreg[RDNA4_HW_STATUS] & RDNA4_STATUS_FATAL_HALT) ||
              ((s->a.hwreg[RDNA4_HW_STATE_PRIV] & RDNA4_SPRIV_HALT) &&
               !(s->a.hwreg[RDNA4_HW_STATUS] & RDNA4_STATUS_PRIV));
    if (fin != s->fin) {
        s->fin = fin;
        if (s->wg && s->wg->nwaves > 1)
            rdna4_wg_fin(s);       /* an ended wave no longer holds up a barrier */
    }
}

/* rdna4_exec_smem.c: make outstanding SMEM loads visible, oldest first, until KMcnt
 * <= n; each write is listed in rr flagged DEFERRED with the issuing unit's tag. */
void rdna4_km_drain(rdna4_state *s, gpuref_retire *rr, unsigned n);
/* rdna4_exec_vmem.c: the same for vector-memory and LDS loads: the oldest entries of
 * counter cnt (RDNA4_CNT_LOAD, _DS; _ALL: every entry) until that counter <= n (each
 * counter completes in order: guide §5.7.1 L2168-2170, L2191-2196). */
void rdna4_vm_drain(rdna4_state *s, gpuref_retire *rr, int cnt, unsigned n);

/* The program ends with this instruction (s_endpgm, kill, illegal instruction,
 * memory violation); flags: GPUREF_RETIRE_END, with GPUREF_RETIRE_TRAP.  Loads
 * still outstanding are made visible with it. */
static inline void rdna4_end(rdna4_state *s, gpuref_retire *rr, uint32_t flags)
{
    if (s->nkm)
        rdna4_km_drain(s, rr, 0);
    if (s->nvm)
        rdna4_vm_drain(s, rr, RDNA4_CNT_ALL, 0);
    s->a.ended = 1;
    rdna4_update_fin(s);       /* finished, and no longer holding up a barrier */
    rr->flags |= flags;
}

/* ------------------------------------------------- exec function frame
 * RDNA4_EXEC(name) { body } defines exec function rdna4_x_name (the name an EXEC
 * column of rdna4.def gives; its prototype comes from there, rdna4_exec.h) around a body that
 * executes the instruction: s->npc holds the fall-through pc (a branch changes
 * it), rr has the fetch fields set (rdna4_step), and the body returns a status.
 * The frame then retires the instruction.  Each exec function carries its own
 * copy of the two ends, rather than rdna4_step doing them around an indirect call,
 * so that rdna4_step reaches it with a tail jump and the compiler sees, per
 * instruction, that the record starts empty (no merge search for the first
 * writes) and whether the pc can change. */
static inline uint64_t rdna4_exec_begin(rdna4_state *s, const struct rdna4_pre *p, gpuref_retire *rr)
{
    uint64_t fall = s->a.pc + 4u * p->nwords;
    s->npc = fall;
    rr->nregw = 0;       /* it arrives so (isa.h): said here for the compiler */
    return fall;
}

static inline int rdna4_exec_end(rdna4_state *s, gpuref_retire *rr, uint64_t fall, int st)
{
    if (st)
        return st;
    if (__builtin_expect((s->nkm | s->nvm) != 0, 0) && s->fin) { /* halted: loads complete first */
        rdna4_km_drain(s, rr, 0);
        rdna4_vm_drain(s, rr, RDNA4_CNT_ALL, 0);
    }
    uint64_t npc = s->npc;
    rr->next_pc = npc;
    if (npc != fall)
        rr->flags |= GPUREF_RETIRE_BRANCH;
    s->a.pc = npc;
    return GPUREF_OK;
}

#define RDNA4_EXEC(name)                                                                    \
    static inline int rdna4_x_##name##_body(rdna4_state *s, const rdna4_pre *p,             \
                                            gpuref_retire *rr);                             \
    int rdna4_x_##name(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr)              \
    {                                                                                    \
        uint64_t fall = rdna4_exec_begin(s, p, rr);                                         \
        return rdna4_exec_end(s, rr, fall, rdna4_x_##name##_body(s, p, rr));                \
    }                                                                                    \
    static inline int rdna4_x_##name##_body(rdna4_state *s, const rdna4_pre *p,            \
                                            gpuref_retire *rr)

extern const gpuref_isa gpuref_isa_rdna4;

#endif
