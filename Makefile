# gpuref - golden reference models of GPU shader pipelines, with lockstep benches.
#
#   make            build library, command and pkg-config file (build/)
#   make run        install what is missing, build, run the lockstep regression
#   make test       install what is missing, build, run every test suite
#   make test SUITE=unit[,cosim,...] ISA=rdna4   only those suites / that ISA's and
#                   the ISA-neutral ones (make test SUITE=list names the suites)
#   make test-long  the long sweeps
#   make bench      speed figures (rates and ratios, medians of several runs)
#   make cosim ISA=nv50 [VEC=file.yaml] [TRACE=1]   lockstep bench on vectors
#   make fuzz [FUZZ_SECONDS=600]   every libFuzzer harness under ASan/UBSan (clang-16)
#   make fuzz-check FUZZ_SECONDS=N  make test's fixed-seed fuzzing, N s per harness
#   make lint synth install PREFIX=... clean
#
# Configuration comes through make variables; every generated file goes to build/.

CC        ?= gcc
CXX       ?= g++
PREFIX    ?= /usr/local
ISA       ?= nv50
# the pipelines: the one list in model/core/isas.def
ISAS      := $(shell sed -n 's/^GPUREF_ISA(\([a-z0-9_]*\)).*/\1/p' model/core/isas.def)
# the pipelines with an RTL core and a lockstep bench (R700: the model only, so far)
RTL_ISAS  := $(foreach i,$(ISAS),$(if $(wildcard testbenches/$(i)/tb_$(i).sv),$(i)))
VEC       ?=
TRACE     ?= 0
JOBS      ?= 2
SAN       ?= 0
B         := build

CSTD      := -std=c11
WARN      := -Wall -Wextra -Wpedantic -Werror
OPT       ?= -O2 -g
CFLAGS_ALL = $(CSTD) $(OPT) $(WARN) -fPIC -Imodel/include -Imodel/core -Imodel/fp -D_POSIX_C_SOURCE=200809L
ifeq ($(SAN),1)
CFLAGS_ALL += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDSAN      := -fsanitize=address,undefined
B          := build/san
endif

LIB_SRC   := $(wildcard model/core/*.c) $(wildcard model/fp/*.c) $(foreach i,$(ISAS),$(wildcard model/$(i)/*.c))
LIB_OBJ   := $(patsubst %.c,$(B)/obj/%.o,$(LIB_SRC))
CLI_SRC   := $(wildcard model/cli/*.c)
CLI_OBJ   := $(patsubst %.c,$(B)/obj/%.o,$(CLI_SRC))
ALL_ISAS  := nv50 rdna4 r700 usc nvfp
# tests of an ISA not (yet) in ISAS are not built
TEST_SRC  := $(filter-out $(foreach i,$(filter-out $(ISAS),$(ALL_ISAS)),model/tests/test_$(i)_%.c),$(wildcard model/tests/test_*.c))
TEST_BIN  := $(patsubst model/tests/%.c,$(B)/tests/%,$(TEST_SRC))
HDRS      := $(wildcard model/include/*.h model/core/*.h model/fp/*.h model/*/*.h model/*/*.def)
LIBS      := -lyaml -lm

.SECONDARY:
.PHONY: all lib cli checklib deps run test test-check test-long bench cov cosim lint synth install clean unit help \
        fuzz fuzz-build fuzz-check fuzz-replay fuzz-seeds
all: lib cli $(B)/lib/pkgconfig/gpuref.pc checklib

checklib: $(B)/lib/libgpuref_check.a $(B)/lib/libgpuref_check.so $(B)/lib/libgpuref_dpi.a \
          $(B)/lib/pkgconfig/gpuref-check.pc

help:
	@sed -n '2,14p' Makefile | sed 's/^# \{0,1\}//'

deps:
	@sh scripts/deps.sh

lib: $(B)/lib/libgpuref.a $(B)/lib/libgpuref.so
cli: $(B)/bin/gpuref

$(B)/obj/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

# Tests that compare with the host FPU need IEEE-faithful host arithmetic.
$(B)/obj/model/tests/test_fp%.o: CFLAGS_ALL += -ffp-contract=off -frounding-math

$(B)/lib/libgpuref.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

# library version (gpuref.h GPUREF_VERSION); the SONAME changes with every
# 0.x minor version, whose interfaces are not compatible with each other
VERSION   := $(shell sed -n 's/^\#define GPUREF_VERSION "\(.*\)"/\1/p' model/include/gpuref.h)
SOVER     := $(shell echo $(VERSION) | cut -d. -f1-2)

$(B)/lib/libgpuref.so: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) -shared -Wl,-soname,libgpuref.so.$(SOVER) -o $@ $^ $(LIBS) $(LDSAN)

$(B)/bin/gpuref: $(CLI_OBJ) $(B)/lib/libgpuref.a
	@mkdir -p $(dir $@)
	$(CC) -o $@ $(CLI_OBJ) $(B)/lib/libgpuref.a $(LIBS) $(LDSAN)

$(B)/lib/pkgconfig/gpuref.pc: scripts/gpuref.pc.in model/include/gpuref.h
	@mkdir -p $(dir $@)
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' $< > $@

$(B)/tests/test_fp_mpfr%: $(B)/obj/model/tests/test_fp_mpfr%.o $(B)/lib/libgpuref.a
	@mkdir -p $(dir $@)
	$(CC) -o $@ $< $(B)/lib/libgpuref.a -lmpfr -lgmp $(LIBS) $(LDSAN)

# tests of the lockstep checker link its library
CHK_TESTS := test_contract test_deferred
$(foreach t,$(CHK_TESTS),$(B)/obj/model/tests/$(t).o): CFLAGS_ALL += -Itestbenches/common
$(foreach t,$(CHK_TESTS),$(B)/tests/$(t)): $(B)/tests/%: $(B)/obj/model/tests/%.o $(B)/lib/libgpuref_check.a $(B)/lib/libgpuref.a
	@mkdir -p $(dir $@)
	$(CC) -o $@ $< $(B)/lib/libgpuref_check.a $(B)/lib/libgpuref.a $(LIBS) $(LDSAN)

$(B)/tests/%: $(B)/obj/model/tests/%.o $(B)/lib/libgpuref.a
	@mkdir -p $(dir $@)
	$(CC) -o $@ $< $(B)/lib/libgpuref.a $(LIBS) $(LDSAN)

# the CLI too: the suites run $(B)/bin/gpuref, and `make SAN=1 unit` must not
# leave build/san/bin/gpuref older than its library
unit: $(TEST_BIN) $(B)/bin/gpuref

# ---------------------------------------------------------------- fuzzing
# libFuzzer harnesses (model/tests/fuzz/, model/tests/README.md "Fuzzing"):
# disasm, asm and exec once per ISA of isas.def, yaml and covdat once.  The
# library is rebuilt with clang-16 and sanitizer + fuzzer instrumentation into
# build/fuzz/; a plain main() (fuzz_main.c) built with $(CC) replays inputs
# where there is no clang (the committed reproducers, in make test).
FUZZ_CC      ?= clang-16
FUZZ_SECONDS ?= 600
FUZZ_PER_ISA := disasm asm exec
FUZZ_NAMES   := $(foreach h,$(FUZZ_PER_ISA),$(foreach i,$(ISAS),$(h)_$(i))) yaml covdat
FUZZ_DIR     ?= build/fuzz
FZ           := $(FUZZ_DIR)
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS  := $(CSTD) -O1 -g -Wall -Wextra -Imodel/include -Imodel/core -Imodel/fp \
                -Imodel/tests/fuzz -D_POSIX_C_SOURCE=200809L $(FUZZ_SAN)
FUZZ_LIB_OBJ := $(patsubst %.c,$(FZ)/obj/%.o,$(LIB_SRC))
fuzz_isa      = $(lastword $(subst _, ,$(1)))
fuzz_src      = model/tests/fuzz/fuzz_$(firstword $(subst _, ,$(1))).c
fuzz_def      = $(if $(filter $(FUZZ_PER_ISA),$(firstword $(subst _, ,$(1)))),-DFUZZ_ISA='"$(call fuzz_isa,$(1))"')

$(FZ)/obj/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FZ)/libgpuref.a: $(FUZZ_LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

define fuzz_rule
$(FZ)/bin/fuzz_$(1): $(call fuzz_src,$(1)) model/tests/fuzz/fuzz.h $(FZ)/libgpuref.a
	@mkdir -p $$(dir $$@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(call fuzz_def,$(1)) -o $$@ $$< $(FZ)/libgpuref.a $(LIBS)
$(B)/fuzz/replay_$(1): $(call fuzz_src,$(1)) model/tests/fuzz/fuzz_main.c model/tests/fuzz/fuzz.h $(B)/lib/libgpuref.a
	@mkdir -p $$(dir $$@)
	$(CC) $(CFLAGS_ALL) -Imodel/tests/fuzz $(call fuzz_def,$(1)) -o $$@ $$< model/tests/fuzz/fuzz_main.c $(B)/lib/libgpuref.a $(LIBS) $(LDSAN)
endef
$(foreach h,$(FUZZ_NAMES),$(eval $(call fuzz_rule,$(h))))

$(B)/fuzz/fuzz_seeds: model/tests/fuzz/fuzz_seeds.c $(B)/lib/libgpuref.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $< $(B)/lib/libgpuref.a $(LIBS) $(LDSAN)

FUZZ_ENV = ISAS="$(ISAS)" FUZZ_NAMES="$(FUZZ_NAMES)" FUZZ_DIR="$(FUZZ_DIR)"
# the replay drivers (gcc; with SAN=1 under ASan/UBSan)
fuzz-replay: $(foreach h,$(FUZZ_NAMES),$(B)/fuzz/replay_$(h)) $(B)/fuzz/fuzz_seeds
# the seed corpora (build/fuzz/seeds/<harness>/), made with gcc
fuzz-seeds: all $(B)/fuzz/fuzz_seeds
	@$(FUZZ_ENV) sh scripts/fuzz.sh $(B) corpus
# the libFuzzer binaries and the seed corpora
fuzz-build: fuzz-seeds $(foreach h,$(FUZZ_NAMES),$(FZ)/bin/fuzz_$(h))
fuzz: deps
	@$(MAKE) --no-print-directory fuzz-build
	@$(FUZZ_ENV) sh scripts/fuzz.sh $(B) run $(FUZZ_SECONDS)
# make test's fixed-seed sequence, FUZZ_SECONDS each (make fuzz-check FUZZ_SECONDS=120)
fuzz-check: deps
	@$(MAKE) --no-print-directory fuzz-build
	@$(FUZZ_ENV) sh scripts/fuzz.sh $(B) check $(FUZZ_SECONDS)

# ---------------------------------------------------------------- lockstep
VERILATOR  ?= verilator
VINC       := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)/include
DPI_OBJ    := $(B)/obj/dpi/gpuref_dpi.o
CHK_OBJ    := $(B)/obj/testbenches/common/checker.o $(B)/obj/testbenches/common/gpuref_check_dpi.o
export OBJCACHE ?= $(shell command -v ccache >/dev/null 2>&1 && echo ccache)
VFLAGS     := --cc --exe --build -j $(JOBS)
VFLAGS     += -Wno-fatal                       # benches: RTL lint is a separate, fatal step
VFLAGS     += --x-assign unique --x-initial unique   # catch reliance on uninitialised state
VFLAGS     += -MAKEFLAGS "OPT_FAST=-O2"         # faster simulation at no build cost
VFLAGS     += -CFLAGS "-I$(abspath model/include) -I$(abspath testbenches/common)"
VFLAGS     += --trace-fst                      # waves only when +trace is given
VFLAGS     += -CFLAGS -DVL_USER_FINISH         # main.cpp ends tests without a banner per $$finish

# the model's DPI shim sees the installed header only; the checker's its own
$(B)/obj/dpi/%.o: dpi/%.c model/include/gpuref.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -I$(VINC)/vltstd -c $< -o $@

$(B)/obj/testbenches/common/%.o: testbenches/common/%.c $(HDRS) testbenches/common/gpuref_check.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Itestbenches/common -I$(VINC)/vltstd -c $< -o $@

$(B)/lib/libgpuref_dpi.a: $(DPI_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

# the lockstep checker and its DPI shim: a library of its own (the shim's sv*
# calls resolve in the simulator that links it)
$(B)/lib/libgpuref_check.a: $(CHK_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(B)/lib/libgpuref_check.so: $(CHK_OBJ) $(B)/lib/libgpuref.so
	@mkdir -p $(dir $@)
	$(CC) -shared -Wl,-soname,libgpuref_check.so.$(SOVER) -o $@ $(CHK_OBJ) -L$(B)/lib -lgpuref $(LIBS) $(LDSAN)

$(B)/lib/pkgconfig/gpuref-check.pc: scripts/gpuref-check.pc.in
	@mkdir -p $(dir $@)
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' $< > $@

TB_COMMON  := dpi/gpuref_pkg.sv testbenches/common/gpuref_check_pkg.sv testbenches/common/gpuref_retire_if.sv \
              testbenches/common/gpuref_retire_mon.sv
# included by the benches (not compiled on their own): prerequisites only
TB_INC     := $(wildcard testbenches/common/*.svh)
# One bench per ISA (and its coverage build).
define tb_rule
$(B)/tb/$(1)$(2)/Vtb_$(1): $$(TB_COMMON) $$(TB_INC) $$(wildcard rtl/$(1)/*.sv rtl/common/*.sv rtl/common/fp/*.sv) testbenches/$(1)/tb_$(1).sv testbenches/$(1)/bench.h testbenches/common/main.cpp $(B)/lib/libgpuref_check.a $(B)/lib/libgpuref_dpi.a $(B)/lib/libgpuref.a
	@mkdir -p $$(dir $$@)
	rm -f $$@
	$$(VERILATOR) $$(VFLAGS) $(3) --Mdir $(B)/tb/$(1)$(2) --top-module tb_$(1) -o Vtb_$(1) \
	  $$(TB_COMMON) $$(wildcard rtl/common/*.sv rtl/common/fp/*.sv rtl/$(1)/*_pkg.sv) $$(filter-out %_pkg.sv,$$(wildcard rtl/$(1)/*.sv)) testbenches/$(1)/tb_$(1).sv \
	  -CFLAGS "-I$$(abspath testbenches/$(1))" $$(abspath testbenches/common/main.cpp $(B)/lib/libgpuref_check.a $(B)/lib/libgpuref_dpi.a $(B)/lib/libgpuref.a) \
	  -LDFLAGS "-lyaml -lm $(LDSAN)" > $(B)/tb/$(1)$(2).log 2>&1 || (tail -30 $(B)/tb/$(1)$(2).log; exit 1)
endef
# The lockstep bench of an ISA with a mutation list (scripts/mutations/<isa>.txt)
# is its mutant bench below with no mutant selected: every mutation site is
# "if (sel == K) mutant else the text as written", sel 0, so it runs the RTL as
# written, and one Verilator build serves cosim, the regressions and the
# mutation runs (build/tb/<isa>/Vtb_<isa> is a link to build/tb/<isa>-mut/).
# PLAIN_BENCH=1 compiles it from rtl/ alone (file names in its messages are
# then the sources', and it runs 3-9 % faster: 120-123 s of CPU for the RDNA4
# directed set against 124-134 s).
PLAIN_BENCH ?= 0
define tb_link
$(B)/tb/$(1)/Vtb_$(1): $(B)/tb/$(1)-mut/Vtb_$(1)
	@mkdir -p $$(dir $$@)
	ln -sfn ../$(1)-mut/Vtb_$(1) $$@
endef
$(foreach i,$(RTL_ISAS),$(if $(and $(filter 0,$(PLAIN_BENCH)),$(wildcard scripts/mutations/$(i).txt)),$(eval $(call tb_link,$(i))),$(eval $(call tb_rule,$(i),,))))
# coverage builds: line and user points (toggle coverage is ~5x the build time)
$(foreach i,$(RTL_ISAS),$(eval $(call tb_rule,$(i),-cov,--coverage-line --coverage-user)))
# One mutant bench per ISA: every entry of scripts/mutations/<isa>.txt (the
# deliberate bugs of check-bugs.sh and the mutants of mutate.py) is compiled in
# as a run-time choice; +gpuref_mutant=NAME selects one, none = the correct RTL.
# scripts/mutate.py --gen writes the mutated copy of the RTL into $(B)/mut/<isa>
# (a file only when its text changes; files.f carries a hash of them all, so
# the bench is rebuilt only when the generated RTL changes).
define mut_rule
$(B)/mut/$(1)/files.f: FORCE
	@python3 scripts/mutate.py --isa $(1) --gen $(B)/mut/$(1)
$(B)/tb/$(1)-mut/Vtb_$(1): $(B)/mut/$(1)/files.f $$(TB_COMMON) $$(TB_INC) testbenches/$(1)/tb_$(1).sv testbenches/$(1)/bench.h testbenches/common/main.cpp $(B)/lib/libgpuref_check.a $(B)/lib/libgpuref_dpi.a $(B)/lib/libgpuref.a
	@mkdir -p $$(dir $$@)
	rm -f $$@
	$$(VERILATOR) $$(VFLAGS) -CFLAGS -DGPUREF_MUT_BENCH --Mdir $(B)/tb/$(1)-mut --top-module tb_$(1) -o Vtb_$(1) \
	  $$(TB_COMMON) -f $(B)/mut/$(1)/files.f testbenches/$(1)/tb_$(1).sv \
	  -CFLAGS "-I$$(abspath testbenches/$(1))" $$(abspath testbenches/common/main.cpp $(B)/lib/libgpuref_check.a $(B)/lib/libgpuref_dpi.a $(B)/lib/libgpuref.a) \
	  -LDFLAGS "-lyaml -lm $(LDSAN)" > $(B)/tb/$(1)-mut.log 2>&1 || (tail -30 $(B)/tb/$(1)-mut.log; exit 1)
endef
$(foreach i,$(RTL_ISAS),$(if $(wildcard scripts/mutations/$(i).txt),$(eval $(call mut_rule,$(i)))))
.PHONY: FORCE
FORCE:

# SystemC wrapper of the model and its test (C++17: libsystemc is built so)
$(B)/sc/sc_test: dpi/systemc/gpuref_sc.cpp dpi/systemc/sc_main.cpp dpi/systemc/gpuref_sc.h $(B)/lib/libgpuref.a
	@mkdir -p $(dir $@)
	$(CXX) -std=gnu++17 -O2 -Wall -Wextra -Imodel/include -Idpi/systemc -o $@ dpi/systemc/gpuref_sc.cpp dpi/systemc/sc_main.cpp $(B)/lib/libgpuref.a -lsystemc -lyaml -lm $(LDSAN)

# Functional (model) and RTL coverage in lockstep: the directed vectors, then
# COV_SEEDS seeds of random programs (the lockstep mix), each merged over the
# ISAs into one coverage.dat (build/cov/directed.dat, seed-N.dat, all.dat).
# Reports: the text totals and holes, and the HTML report of gpuref cov html
# (build/cov/html/index.html: its curve is over directed, seed-1, seed-2 ...).
# COV_TOGGLE=1: benches built with toggle coverage too (-covt; about 5x the
# build time of line coverage).
COV_SEEDS  ?= 4
COV_COUNT  ?= 30
COV_TOGGLE ?= 0
COV_V      := $(if $(filter 1,$(COV_TOGGLE)),-covt,-cov)
$(foreach i,$(RTL_ISAS),$(eval $(call tb_rule,$(i),-covt,--coverage-line --coverage-toggle --coverage-user)))
# the random part: ISAs whose model has a generator and whose RTL says what it
# runs (scripts/testdata/<isa>-rtl.mix.yaml, the mix random lockstep programs use)
GEN_RTL_ISAS := $(foreach i,$(RTL_ISAS),$(if $(wildcard model/$(i)/$(i)_gen.c),$(if $(wildcard scripts/testdata/$(i)-rtl.mix.yaml),$(i))))
cov: all $(foreach i,$(RTL_ISAS),$(B)/tb/$(i)$(COV_V)/Vtb_$(i))
	@mkdir -p $(B)/cov
	@for i in $(RTL_ISAS); do skip=""; [ -f testbenches/$$i/lockstep_skip.txt ] && skip="--skip testbenches/$$i/lockstep_skip.txt"; \
	  $(B)/tb/$$i$(COV_V)/Vtb_$$i -q $$skip --out $(B)/cov/reports-$$i --cov $(B)/cov/$$i.dat vectors/$$i/directed/*.yaml | tail -n 1; done
	@$(B)/bin/gpuref cov merge -o $(B)/cov/directed.dat $(foreach i,$(RTL_ISAS),$(B)/cov/$(i).dat)
	@for s in $$(seq 1 $(COV_SEEDS)); do \
	  for i in $(GEN_RTL_ISAS); do \
	    mix=""; [ -f scripts/testdata/$$i-rtl.mix.yaml ] && mix="--mix scripts/testdata/$$i-rtl.mix.yaml"; \
	    $(B)/bin/gpuref gen --isa $$i --seed $$s --count $(COV_COUNT) $$mix -q -o $(B)/cov/seed-$$s-$$i.yaml || exit 1; \
	    $(B)/tb/$$i$(COV_V)/Vtb_$$i -q --out $(B)/cov/reports-$$i --cov $(B)/cov/seed-$$s-$$i.dat $(B)/cov/seed-$$s-$$i.yaml | tail -n 1; \
	  done; \
	  $(B)/bin/gpuref cov merge -o $(B)/cov/seed-$$s.dat $(foreach i,$(GEN_RTL_ISAS),$(B)/cov/seed-$$s-$(i).dat) || exit 1; \
	done
	@$(B)/bin/gpuref cov merge -o $(B)/cov/all.dat $(B)/cov/directed.dat $$(for s in $$(seq 1 $(COV_SEEDS)); do echo $(B)/cov/seed-$$s.dat; done)
	$(B)/bin/gpuref cov report --no-html $(B)/cov/all.dat > $(B)/cov/report.txt; head -n 30 $(B)/cov/report.txt
	$(B)/bin/gpuref cov html -o $(B)/cov/html $(B)/cov/directed.dat $$(for s in $$(seq 1 $(COV_SEEDS)); do echo $(B)/cov/seed-$$s.dat; done)

cosim: all $(if $(filter $(ISA),$(RTL_ISAS)),$(B)/tb/$(ISA)/Vtb_$(ISA))
	@$(if $(filter $(ISA),$(RTL_ISAS)),sh scripts/cosim.sh $(B) $(ISA) "$(VEC)" $(TRACE),echo "cosim: $(ISA) has no RTL bench yet (its vectors run on the model: gpuref run)"; exit 2)

# ------------------------------------------------------------ entry points
SEEDS     ?= 8
COUNT     ?= 200
run: deps
	@$(MAKE) --no-print-directory all $(foreach i,$(RTL_ISAS),$(B)/tb/$(i)/Vtb_$(i))
	@python3 scripts/regress.py --build $(B) -j $(JOBS) $(foreach i,$(RTL_ISAS),--isa $(i)) --seeds $(SEEDS) --count $(COUNT)

# make test SUITE=a,b ISA=x: the suites and the ISA selected (ISA only when given)
SUITE     ?=
comma     := ,
TEST_SUITES := $(subst $(comma), ,$(SUITE))
TEST_ISA  := $(if $(filter command,$(origin ISA)),$(ISA),)
TEST_ISAS := $(filter $(RTL_ISAS),$(or $(TEST_ISA),$(ISAS)))
# suites that need no RTL bench and no SystemC build (san builds its own library, lint reads the RTL)
TEST_LIGHT := $(if $(TEST_SUITES),$(if $(filter-out unit vectors llvm bad-input long slurm fuzz cov-html san lint,$(TEST_SUITES)),,1),)
# suites that run the mutant benches (the whole set runs them too)
TEST_MUT  := $(if $(TEST_SUITES),$(filter mutants bugs shrink,$(TEST_SUITES)),1)
TEST_ENV  = ISAS="$(ISAS)" RTL_ISAS="$(RTL_ISAS)" ISA="$(TEST_ISA)" SUITE="$(SUITE)" TEST_JOBS="$(TEST_JOBS)" FUZZ_NAMES="$(FUZZ_NAMES)" FUZZ_DIR="$(FUZZ_DIR)"

test-check:
	@$(TEST_ENV) sh scripts/run-tests.sh $(B) --check

test: test-check $(if $(filter list,$(TEST_SUITES)),,deps)
	@$(if $(filter list,$(TEST_SUITES)),:,$(MAKE) --no-print-directory -j$(JOBS) all unit $(B)/bench/bench_model $(if $(TEST_LIGHT),, \
	  $(B)/sc/sc_test $(foreach i,$(TEST_ISAS),$(B)/tb/$(i)/Vtb_$(i)) \
	  $(if $(TEST_MUT),$(foreach i,$(TEST_ISAS),$(if $(wildcard scripts/mutations/$(i).txt),$(B)/tb/$(i)-mut/Vtb_$(i))))))
	@$(TEST_ENV) sh scripts/run-tests.sh $(B)

test-long: test-check $(if $(filter list,$(TEST_SUITES)),,deps)
	@$(if $(filter list,$(TEST_SUITES)),:,$(MAKE) --no-print-directory -j$(JOBS) all unit $(foreach i,$(TEST_ISAS),$(B)/tb/$(i)/Vtb_$(i)))
	@$(TEST_ENV) GPUREF_LONG=1 sh scripts/run-tests.sh $(B)

bench: deps
	@$(MAKE) --no-print-directory all $(B)/bench/bench_model $(B)/bench/bench_fp $(B)/bench/bench_cov $(foreach i,$(RTL_ISAS),$(B)/tb/$(i)/Vtb_$(i)) \
	  $(if $(shell command -v $(FUZZ_CC)),fuzz-build)
	@$(FUZZ_ENV) sh scripts/bench.sh $(B)

$(B)/obj/model/tests/bench_fp.o: CFLAGS_ALL += -ffp-contract=off -frounding-math
$(B)/bench/bench_%: $(B)/obj/model/tests/bench_%.o $(B)/lib/libgpuref.a
	@mkdir -p $(dir $@)
	$(CC) -o $@ $< $(B)/lib/libgpuref.a $(LIBS)

lint:
	@for i in $(RTL_ISAS); do NV50_NO_SYNTH=1 GPUREF_SYNTH=coarse sh rtl/$$i/lint.sh || exit 1; done

synth:
	@for i in $(RTL_ISAS); do \
	    if [ ! -f rtl/$$i/synth.ys ]; then echo "synth $$i: skipped: no rtl/$$i/synth.ys (rtl/$$i/README.md)"; continue; fi; \
	    sh scripts/synth.sh $$i full && echo "synth $$i: ok" || exit 1; done

# Everything a user needs outside the repository (dpi/README.md "Bring your
# own RTL"): headers, libraries (static, shared with SONAME), pkg-config
# files, the SV packages, interface and monitor, the DPI shim, the SystemC
# wrapper, the vector schema and docs, coverage exclusions and generator mixes.
DATA := $(DESTDIR)$(PREFIX)/share/gpuref
install: all
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/bin \
	  $(DATA)/sv $(DATA)/systemc $(DATA)/doc $(DATA)/coverage/exclusions $(DATA)/mix $(DATA)/examples/byo
	install -m 644 $(B)/lib/libgpuref.a $(B)/lib/libgpuref_check.a $(B)/lib/libgpuref_dpi.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(B)/lib/libgpuref.so $(DESTDIR)$(PREFIX)/lib/libgpuref.so.$(VERSION)
	ln -sf libgpuref.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libgpuref.so.$(SOVER)
	ln -sf libgpuref.so.$(SOVER) $(DESTDIR)$(PREFIX)/lib/libgpuref.so
	install -m 755 $(B)/lib/libgpuref_check.so $(DESTDIR)$(PREFIX)/lib/libgpuref_check.so.$(VERSION)
	ln -sf libgpuref_check.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libgpuref_check.so.$(SOVER)
	ln -sf libgpuref_check.so.$(SOVER) $(DESTDIR)$(PREFIX)/lib/libgpuref_check.so
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' scripts/gpuref.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/gpuref.pc
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' scripts/gpuref-check.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/gpuref-check.pc
	install -m 644 model/include/*.h testbenches/common/gpuref_check.h $(DESTDIR)$(PREFIX)/include/
	install -m 644 dpi/gpuref_pkg.sv dpi/gpuref_dpi.c testbenches/common/gpuref_check_pkg.sv \
	  testbenches/common/gpuref_retire_if.sv testbenches/common/gpuref_retire_mon.sv $(DATA)/sv/
	install -m 644 dpi/systemc/gpuref_sc.h dpi/systemc/gpuref_sc.cpp $(DATA)/systemc/
	install -m 644 vectors/README.md $(DATA)/doc/vectors-schema.md
	install -m 644 dpi/README.md $(DATA)/doc/dpi.md
	install -m 644 model/core/README.md $(DATA)/doc/core.md
	for i in $(ISAS); do install -m 644 model/$$i/README.md $(DATA)/doc/$$i.md; done
	install -m 644 coverage/exclusions/*.txt $(DATA)/coverage/exclusions/
	install -m 644 scripts/testdata/*.mix.yaml $(DATA)/mix/
	install -m 644 dpi/examples/byo/* $(DATA)/examples/byo/
	install -m 755 $(B)/bin/gpuref $(DESTDIR)$(PREFIX)/bin/

clean:
	rm -rf build
