// bench.h - what the shared C++ main needs to know of the USC bench.
#include "Vtb_usc.h"
#define VTOP Vtb_usc
#define VTOP_ISA "usc"
