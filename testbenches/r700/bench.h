// bench.h - what the shared C++ main needs to know of the R700 bench.
#include "Vtb_r700.h"
#define VTOP Vtb_r700
#define VTOP_ISA "r700"
