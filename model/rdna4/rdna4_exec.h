/* rdna4_exec.h - binding of exec functions to opcode rows (exec_table.c). */
#ifndef GPUREF_RDNA4_EXEC_H
#define GPUREF_RDNA4_EXEC_H

#include "rdna4.h"

typedef struct r4_bind {
    unsigned   row;
    r4_exec_fn fn;
} r4_bind;

extern const r4_bind r4_salu_bind[];   /* exec_salu.c */
extern const r4_bind r4_smem_bind[];   /* exec_smem.c */
extern const r4_bind r4_sfloat_bind[]; /* exec_sfloat.c */

#endif
