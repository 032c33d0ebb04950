// bench.h - what the shared C++ main needs to know of the NVFP bench.
#include "Vtb_nvfp.h"
#define VTOP Vtb_nvfp
#define VTOP_ISA "nvfp"
