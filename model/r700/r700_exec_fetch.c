/* r700_exec_fetch.c - fetch clauses (vertex, texture, memory read, LDS) and
 * memory exports.  Not implemented yet: the CF instructions that start them
 * (TEX, VTX, VTX_TC, CALL_FS) and MEM_* stop with "unimplemented: <mnemonic>"
 * (r700_cf_fetch, r700_cf_mem in r700_exec_cf.c); they decode and
 * disassemble.  README "Not implemented". */
#include "r700.h"

/* the fetch clause word layouts (chapter 10.3-10.6) are described in README
 * "Encoding"; their decoder comes with the fetch unit. */
