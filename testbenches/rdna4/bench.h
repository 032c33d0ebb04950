// bench.h - what the shared C++ main needs to know of the RDNA4 bench.
#include "Vtb_rdna4.h"
#define VTOP Vtb_rdna4
#define VTOP_ISA "rdna4"
#define VTOP_TB_OPTS "vm_ooo"   // +tb_vm_ooo: vector loads return out of order
