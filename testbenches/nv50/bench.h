// bench.h - what the shared C++ main needs to know of the NV50 bench.
#include "Vtb_nv50.h"
#define VTOP Vtb_nv50
#define VTOP_ISA "nv50"
