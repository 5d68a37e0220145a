# Build of the sparse GCC plugin and its runtime.  See README.md.

CC      ?= gcc
CXX     ?= g++
# GCC 12 is the compiler the plugin plugs into (and is built with).
HOSTCC  := gcc-12
HOSTCXX := g++-12
# Where `make install` puts things (DESTDIR is prepended to each); the
# plugin goes with the library, and the .pc files say where it is.
PREFIX  ?= /usr/local
LIBDIR  ?= $(PREFIX)/lib
INCDIR  ?= $(PREFIX)/include
PLUGINDIR ?= $(LIBDIR)/sparse
MANDIR  ?= $(PREFIX)/share/man
BINDIR  ?= $(PREFIX)/bin
B       := build
# The runtime's version; its shared library's soname carries the major.
VERSION := 0.1.0
SOMAJOR := 0

OPT     ?= -O2
CFLAGS_RT := -std=c11 $(OPT) -g -Wall -Wextra -fPIC -D_POSIX_C_SOURCE=200809L -Iinclude -Iattrs -Iruntime
PLUGIN_DIR := $(shell $(HOSTCC) -print-file-name=plugin 2>/dev/null)
# GCC's own directory of plugins: one there loads as -fplugin=sparse.
GCC_PLUGIN_DIR := $(PLUGIN_DIR)
CXXFLAGS_PL := -std=gnu++17 $(OPT) -g -Wall -fPIC -fno-rtti -fno-exceptions \
               -I$(PLUGIN_DIR)/include -Iinclude -Ilowering -Iattrs
CFLAGS_CORE := -std=c11 $(OPT) -g -Wall -Wextra -fPIC -D_POSIX_C_SOURCE=200809L -Iinclude -Iattrs -Ilowering

# What a format annotation says (the parser, the level types, the named
# formats), linked into both the runtime and the plugin.
FORMAT_SRC := $(wildcard attrs/*.c)
# The work of a contraction order, estimated by the compiler and
# evaluated by the runtime when the order is chosen at run time.
ORDER_COST_SRC := lowering/order-cost.c
RT_SRC    := $(wildcard runtime/*.c) $(FORMAT_SRC) $(ORDER_COST_SRC)
RT_OBJ    := $(patsubst %.c,$(B)/rt/%.o,$(RT_SRC))
CORE_SRC  := $(wildcard lowering/*.c) $(FORMAT_SRC)
CORE_OBJ  := $(patsubst %.c,$(B)/core/%.o,$(CORE_SRC))
PL_SRC    := $(wildcard plugin/*.cc)
PL_OBJ    := $(patsubst %.cc,$(B)/pl/%.o,$(PL_SRC))
HEADERS   := $(wildcard include/*.h runtime/*.h lowering/*.h attrs/*.h plugin/*.h \
                       lowering/*.def)

.PHONY: all deps check check-valgrind check-corpus install install-gcc-plugin \
        uninstall clean bench bench-mpi example fuzz fuzz-pragmas fuzz-order

# Distributed tensors (sparse_mpi.h, mpi/): libsparse-mpi, built with
# MPI's compiler wrapper when there is one (MPICC= builds without it).
# The wrapper compiles with HOSTCC (Open MPI's OMPI_CC, MPICH's
# MPICH_CC).
ifeq ($(origin MPICC),undefined)
MPICC := $(shell command -v mpicc 2>/dev/null)
endif
MPI_SRC   := $(wildcard mpi/*.c)
MPI_OBJ   := $(patsubst %.c,$(B)/%.o,$(MPI_SRC))
MPI_BUILT := $(if $(MPICC),$(B)/libsparse-mpi.a $(B)/sparse-mpi.pc)

all: $(B)/libsparsert.a $(B)/libsparsert.so $(B)/sparse.so $(B)/libsparsecore.a \
     $(B)/sparse $(MPI_BUILT)

# The Debian packages the build, the tests and the benchmarks need
# (deps.sh, plain sh: it also installs make itself).
deps:
	@sh deps.sh

$(B)/rt/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(CFLAGS_RT) -c $< -o $@

# The short-list sorts and the transpose's check of pos vectorise at -O3
# only (runtime/ksort.c, vsort.c, fast2d.c).
$(B)/rt/runtime/ksort.o $(B)/rt/runtime/vsort.o \
$(B)/rt/runtime/fast2d.o: CFLAGS_RT += -O3

# A level type without its case in attrs/level_types.c is an error.
$(patsubst %.c,$(B)/rt/%.o,$(FORMAT_SRC)): CFLAGS_RT += -Werror=switch
$(patsubst %.c,$(B)/core/%.o,$(FORMAT_SRC)): CFLAGS_CORE += -Werror=switch

$(B)/core/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(CFLAGS_CORE) -c $< -o $@

$(B)/pl/%.o: %.cc $(HEADERS)
	@mkdir -p $(dir $@)
	$(HOSTCXX) $(CXXFLAGS_PL) -c $< -o $@

$(B)/libsparsert.a: $(RT_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(B)/libsparsert.so.$(VERSION): $(RT_OBJ)
	$(HOSTCC) -shared -Wl,-soname,libsparsert.so.$(SOMAJOR) -o $@ $^ -lm -pthread

$(B)/libsparsert.so: $(B)/libsparsert.so.$(VERSION)
	ln -sf libsparsert.so.$(VERSION) $(B)/libsparsert.so.$(SOMAJOR)
	ln -sf libsparsert.so.$(VERSION) $@

$(B)/mpi/%.o: mpi/%.c mpi/mpi-int.h $(HEADERS)
	@mkdir -p $(dir $@)
	OMPI_CC=$(HOSTCC) MPICH_CC=$(HOSTCC) $(MPICC) $(CFLAGS_RT) -c $< -o $@

$(B)/libsparse-mpi.a: $(MPI_OBJ)
	@rm -f $@
	ar rcs $@ $^

# Its .pc for the PREFIX of this make (`make install` writes it anew).
$(B)/sparse-mpi.pc: Makefile FORCE
	@mkdir -p $(B)
	@printf '%s\n' "$$PC_MPI" > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

.PHONY: FORCE
FORCE:

# The `sparse` program (tools/): the runtime's public API only, linked
# statically so that it runs wherever it is installed.
CFLAGS_TOOL := -std=c11 $(OPT) -g -Wall -Wextra -D_POSIX_C_SOURCE=200809L -Iinclude \
               -DSPARSE_VERSION='"$(VERSION)"'
TOOL_OBJ  := $(patsubst %.c,$(B)/%.o,$(wildcard tools/*.c))

$(B)/tools/%.o: tools/%.c tools/tool.h tools/svg.h include/sparse.h Makefile
	@mkdir -p $(dir $@)
	$(HOSTCC) $(CFLAGS_TOOL) -c $< -o $@

$(B)/sparse: $(TOOL_OBJ) $(B)/libsparsert.a
	$(HOSTCC) -o $@ $^ -lm -pthread

# The GCC-independent compiler core on its own, for its unit tests.
$(B)/libsparsecore.a: $(CORE_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(B)/sparse.so: $(PL_OBJ) $(CORE_OBJ)
	$(HOSTCXX) -shared -o $@ $^ -lm

# The .pc files of an install at PREFIX, made by `make install`: sparse
# for a program compiled with the plugin (its flag, the headers and the
# runtime), sparse-runtime for the runtime alone (C or C++, any
# compiler).  The runtime's directory is also the programs' run path, so
# that a PREFIX outside the linker's search finds it.
define PC_RUNTIME
prefix=$(PREFIX)
libdir=$(LIBDIR)
includedir=$(INCDIR)

Name: sparse-runtime
Description: sparse tensor storage and kernels: the runtime of the sparse GCC plugin
Version: $(VERSION)
Cflags: -I$${includedir}
Libs: -L$${libdir} -Wl,-rpath,$${libdir} -lsparsert -lm
endef
define PC_PLUGIN
plugindir=$(PLUGINDIR)
plugin_cflags=-fplugin=$${plugindir}/sparse.so

Name: sparse
Description: sparse tensor algebra for C through a GCC 12 plugin
Version: $(VERSION)
Requires: sparse-runtime = $(VERSION)
Cflags: $${plugin_cflags}
endef
# sparse-mpi for a program of distributed tensors, compiled and linked
# with mpicc: libsparse-mpi before the runtime.
define PC_MPI
prefix=$(PREFIX)
libdir=$(LIBDIR)
includedir=$(INCDIR)

Name: sparse-mpi
Description: sparse tensors distributed over MPI ranks (compile and link with mpicc)
Version: $(VERSION)
Requires: sparse-runtime = $(VERSION)
Cflags: -I$${includedir}
Libs: -L$${libdir} -lsparse-mpi
endef
export PC_RUNTIME PC_PLUGIN PC_MPI

INSTALLED_LIBS := libsparsert.a libsparsert.so libsparsert.so.$(SOMAJOR) \
                  libsparsert.so.$(VERSION)
MPI_HEADER := include/sparse_mpi.h
INSTALLED_HEADERS := $(notdir $(filter-out $(MPI_HEADER),$(wildcard include/*.h)))

install: all
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCDIR) \
	  $(DESTDIR)$(PLUGINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BINDIR)
	install -m 755 $(B)/sparse $(DESTDIR)$(BINDIR)/
	install -m 644 $(B)/libsparsert.a $(DESTDIR)$(LIBDIR)/
	install -m 755 $(B)/libsparsert.so.$(VERSION) $(DESTDIR)$(LIBDIR)/
	ln -sf libsparsert.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libsparsert.so.$(SOMAJOR)
	ln -sf libsparsert.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libsparsert.so
	install -m 644 $(addprefix include/,$(INSTALLED_HEADERS)) $(DESTDIR)$(INCDIR)/
	install -m 755 $(B)/sparse.so $(DESTDIR)$(PLUGINDIR)/
	install -m 644 doc/sparse.1 $(DESTDIR)$(MANDIR)/man1/
	printf '%s\n' "$$PC_RUNTIME" > $(DESTDIR)$(LIBDIR)/pkgconfig/sparse-runtime.pc
	printf '%s\n' "$$PC_PLUGIN" > $(DESTDIR)$(LIBDIR)/pkgconfig/sparse.pc
ifneq ($(MPICC),)
	install -m 644 $(B)/libsparse-mpi.a $(DESTDIR)$(LIBDIR)/
	install -m 644 $(MPI_HEADER) $(DESTDIR)$(INCDIR)/
	printf '%s\n' "$$PC_MPI" > $(DESTDIR)$(LIBDIR)/pkgconfig/sparse-mpi.pc
endif

# The plugin in GCC's own directory too, for the short -fplugin=sparse
# (as root: that directory belongs to the system's GCC).
install-gcc-plugin: $(B)/sparse.so
	install -d $(DESTDIR)$(GCC_PLUGIN_DIR)
	install -m 755 $(B)/sparse.so $(DESTDIR)$(GCC_PLUGIN_DIR)/

uninstall:
	rm -f $(addprefix $(DESTDIR)$(LIBDIR)/,$(INSTALLED_LIBS)) \
	  $(addprefix $(DESTDIR)$(INCDIR)/,$(INSTALLED_HEADERS)) \
	  $(DESTDIR)$(LIBDIR)/pkgconfig/sparse.pc \
	  $(DESTDIR)$(LIBDIR)/pkgconfig/sparse-runtime.pc \
	  $(DESTDIR)$(LIBDIR)/libsparse-mpi.a $(DESTDIR)$(INCDIR)/$(notdir $(MPI_HEADER)) \
	  $(DESTDIR)$(LIBDIR)/pkgconfig/sparse-mpi.pc \
	  $(DESTDIR)$(PLUGINDIR)/sparse.so $(DESTDIR)$(MANDIR)/man1/sparse.1 \
	  $(DESTDIR)$(BINDIR)/sparse
	-rmdir $(DESTDIR)$(PLUGINDIR) 2>/dev/null
	@if [ -f $(DESTDIR)$(GCC_PLUGIN_DIR)/sparse.so ]; then \
	  echo "rm -f $(DESTDIR)$(GCC_PLUGIN_DIR)/sparse.so"; \
	  rm -f $(DESTDIR)$(GCC_PLUGIN_DIR)/sparse.so; fi

# The whole DejaGnu testsuite, run in build/testsuite; its last line is
# "N passed, N failed".  RUNTESTFLAGS selects, e.g. RUNTESTFLAGS=runtime.exp.
TS ?= $(B)/testsuite
check: all
	@mkdir -p $(TS)
	@printf 'set srcdir "%s/testsuite"\nset SPARSE_ROOT "%s"\nset SPARSE_CC "%s"\nset tool sparse\n' \
	  '$(CURDIR)' '$(CURDIR)' '$(HOSTCC)' > $(TS)/site.exp
	@cd $(TS) && rm -f sparse.sum sparse.log && \
	  SPARSE_VALGRIND=$(SPARSE_VALGRIND) runtest --tool sparse --srcdir $(CURDIR)/testsuite $(RUNTESTFLAGS) >runtest.out 2>&1; \
	  rc=$$?; grep -E '^(FAIL|XPASS|UNRESOLVED|ERROR)' sparse.sum; \
	  grep -E '^# of' sparse.sum; \
	  p=$$(grep -cE '^(PASS|XFAIL):' sparse.sum); \
	  f=$$(grep -cE '^(FAIL|XPASS|UNRESOLVED|ERROR):' sparse.sum); \
	  echo "$$p passed, $$f failed"; test $$rc -eq 0 -a $$f -eq 0

# GCC's own torture programs built with and without the plugin must come
# out the same (needs gcc-12-source; see testsuite/corpus/run-corpus.sh).
check-corpus: all
	$(MAKE) -C testsuite/corpus check

# The runtime and core tests again, every program under valgrind memcheck.
check-valgrind: all
	$(MAKE) check SPARSE_VALGRIND=1 RUNTESTFLAGS="runtime.exp core.exp run.exp"

# libFuzzer harnesses (fuzz/*.c) over the readers, the format parser and
# the einsum parser;
# each runs FUZZ_SECONDS, its corpus kept in build/fuzz/NAME.corpus.
# The runtime keeps no freed block there (SP_KEEP_MB=0), so that
# AddressSanitizer sees every array freed.
FUZZ_SECONDS ?= 60
FUZZ_CC := clang-14 -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined \
           -D_POSIX_C_SOURCE=200809L -Iinclude -Iattrs -Iruntime
FUZZ_SRC := $(wildcard fuzz/*.c)
fuzz: $(patsubst fuzz/%.c,$(B)/fuzz/%,$(FUZZ_SRC))
	@for f in $^; do mkdir -p $$f.corpus; \
	  echo "fuzzing $$f for $(FUZZ_SECONDS)s"; \
	  SP_KEEP_MB=0 $$f -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 $$f.corpus \
	    2>&1 | tail -4 || exit 1; done

# Random einsum pragmas with random formats, with and without the plugin,
# on 1 to 4 threads: same output or a refusal (fuzz/pragma_diff.py).
PRAGMA_SEEDS ?= 1-500
fuzz-pragmas: all
	python3 fuzz/pragma_diff.py --seeds $(PRAGMA_SEEDS) --keep $(B)/pragma-fails

# Random loop nests adding several terms into one element per iteration,
# their outputs near 1e16: the same bits or the fallback
# (fuzz/order_diff.py).
ORDER_SEEDS ?= 1-500
fuzz-order: all
	python3 fuzz/order_diff.py --seeds $(ORDER_SEEDS) --keep $(B)/order-fails

$(B)/fuzz/%: fuzz/%.c $(RT_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $< $(RT_SRC) -lm -o $@

# The einsum parser lives in the compiler core.
$(B)/fuzz/einsum_fuzz: fuzz/einsum_fuzz.c $(CORE_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -Ilowering $< $(CORE_SRC) -lm -o $@

# Benchmarks: same-run ratios against CXSparse, Eigen, GraphBLAS and plain
# C; generated inputs go to bench/out (not committed), results to
# bench/results-*.md, the kernels' ratios drawn in bench/results-kernels.svg.  BENCH_QUICK=1 takes small generated inputs only.
# The kernels of the pragma, the C and Eigen are built twice: serial, and
# with -fopenmp for the 2-thread rows (OMP_NUM_THREADS=2).
REAL_DIR ?= $(wildcard ../shared/data/real)
REAL_MTX := $(if $(REAL_DIR),$(wildcard $(REAL_DIR)/*.mtx))
# The peers' loops aligned to 64 bytes: otherwise where the linker happens
# to place a hot loop moves identical code by up to 15-40%, which is not
# what is compared.  The plugin's kernels are built as users build them:
# the plugin aligns their loops itself (plugin/align.cc).
BENCH_SPARSE_CFLAGS := -std=c11 -O2 -march=native -Wall -Wextra -Iinclude -Ibench -D_POSIX_C_SOURCE=200809L
BENCH_CFLAGS := $(BENCH_SPARSE_CFLAGS) -falign-loops=64
BENCH_CXXFLAGS := -O2 -march=native -falign-loops=64 -DNDEBUG -Wall -isystem /usr/include/eigen3 -Iinclude -Ibench
BENCH_H := $(wildcard bench/*.h) tools/svg.h $(HEADERS) Makefile
BENCH_OBJ := $(addprefix $(B)/bench/,bench_kernels.o check.o inputs.o report.o plot.o \
               placement.o targets.o triad_omp.o gen.o baseline.o peer_cxsparse.o \
               peer_graphblas.o kernels_ref.o kernels_ref_omp.o \
               kernels_sparse.o kernels_sparse_omp.o kernels_eigen.o \
               kernels_eigen_omp.o)

$(B)/bench_runtime: bench/bench_runtime.c bench/gen.c bench/baseline.c bench/timing.h $(B)/libsparsert.a
	$(HOSTCC) $(BENCH_CFLAGS) -Iruntime $(filter %.c,$^) $(B)/libsparsert.a -lcxsparse -lm -lpthread -o $@

$(B)/bench/%.o: bench/%.c $(BENCH_H)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(BENCH_CFLAGS) -c $< -o $@

$(B)/bench/%_omp.o: bench/%.c $(BENCH_H)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(BENCH_CFLAGS) -fopenmp -c $< -o $@

$(B)/bench/kernels_sparse.o: bench/kernels_sparse.c $(BENCH_H) $(B)/sparse.so
	@mkdir -p $(dir $@)
	$(HOSTCC) $(BENCH_SPARSE_CFLAGS) -fplugin=$(B)/sparse.so -c $< -o $@

$(B)/bench/kernels_sparse_omp.o: bench/kernels_sparse.c $(BENCH_H) $(B)/sparse.so
	@mkdir -p $(dir $@)
	$(HOSTCC) $(BENCH_SPARSE_CFLAGS) -fopenmp -fplugin=$(B)/sparse.so -c $< -o $@

$(B)/bench/kernels_eigen.o: bench/kernels_eigen.cc $(BENCH_H)
	@mkdir -p $(dir $@)
	$(HOSTCXX) $(BENCH_CXXFLAGS) -c $< -o $@

$(B)/bench/kernels_eigen_omp.o: bench/kernels_eigen.cc $(BENCH_H)
	@mkdir -p $(dir $@)
	$(HOSTCXX) $(BENCH_CXXFLAGS) -fopenmp -c $< -o $@

$(B)/bench_kernels: $(BENCH_OBJ) $(B)/libsparsert.a
	$(HOSTCXX) -fopenmp $^ -lgraphblas -lcxsparse -lm -o $@

# Hypersparse operands: the pragma's kernels built as the plugin builds
# them and with -fplugin-arg-sparse-merge-only (the merge before
# intersections could search).
$(B)/bench/hyper_kernels.o: bench/hyper_kernels.c $(BENCH_H) $(B)/sparse.so
	@mkdir -p $(dir $@)
	$(HOSTCC) $(BENCH_SPARSE_CFLAGS) -DHK_SUFFIX= -fplugin=$(B)/sparse.so -c $< -o $@

$(B)/bench/hyper_kernels_merge.o: bench/hyper_kernels.c $(BENCH_H) $(B)/sparse.so
	@mkdir -p $(dir $@)
	$(HOSTCC) $(BENCH_SPARSE_CFLAGS) -DHK_SUFFIX=_merge -fplugin=$(B)/sparse.so -fplugin-arg-sparse-merge-only -c $< -o $@

$(B)/bench_hyper: $(B)/bench/bench_hyper.o $(B)/bench/hyper_kernels.o $(B)/bench/hyper_kernels_merge.o $(B)/bench/plot.o $(B)/libsparsert.a
	$(HOSTCC) $^ -lgraphblas -lm -lpthread -o $@

# Contraction order: the pragma's order against one loop nest, and the
# order chosen at run time against the estimate's.
$(B)/bench/order_kernels.o: bench/order_kernels.c $(BENCH_H) $(B)/sparse.so
	@mkdir -p $(dir $@)
	$(HOSTCC) $(BENCH_SPARSE_CFLAGS) -fplugin=$(B)/sparse.so -c $< -o $@

$(B)/bench/order_chain.o: bench/order_chain.c $(BENCH_H) $(B)/sparse.so
	@mkdir -p $(dir $@)
	$(HOSTCC) $(BENCH_SPARSE_CFLAGS) -DOK_CHAIN=ok_chain -fplugin=$(B)/sparse.so -c $< -o $@

$(B)/bench/order_chain_static.o: bench/order_chain.c $(BENCH_H) $(B)/sparse.so
	@mkdir -p $(dir $@)
	$(HOSTCC) $(BENCH_SPARSE_CFLAGS) -DOK_CHAIN=ok_chain_static -fplugin=$(B)/sparse.so -fplugin-arg-sparse-compile-time-order -c $< -o $@

$(B)/bench_order: $(B)/bench/bench_order.o $(B)/bench/order_kernels.o $(B)/bench/order_chain.o $(B)/bench/order_chain_static.o $(B)/libsparsert.a
	$(HOSTCC) $^ -lm -lpthread -o $@

# Distributed tensors on the ranks of this machine (mpicc and mpirun):
# bench/results-mpi.md.  Reading on 1 and 2 ranks (read_mpi.c); the
# kernels as loop nests over a real matrix (bcsstk16, else a generated
# Laplacian) and a generated tensor on 1, 2 and 4 ranks (kernels_mpi.c),
# PETSc's MatMult beside them when PETSc is installed (peer_petsc.c), and
# the model of 2 to 64 nodes (report_mpi.c).
MPIRUN_FLAGS := --oversubscribe $(if $(filter 0,$(shell id -u)),--allow-run-as-root)
MPI_BENCH_MTX := $(or $(filter %/bcsstk16.mtx,$(REAL_MTX)),gen:poisson2d_300)
MPI_BENCH_TNS := gen:powerlaw3d_1M
HAVE_PETSC := $(shell pkg-config --exists petsc 2>/dev/null && echo yes)
MPI_BENCH_CC = OMPI_CC=$(HOSTCC) MPICH_CC=$(HOSTCC) $(MPICC) $(BENCH_CFLAGS)
$(B)/read_mpi: bench/read_mpi.c bench/timing.h $(B)/libsparse-mpi.a $(B)/libsparsert.a
	$(MPI_BENCH_CC) $< $(B)/libsparse-mpi.a $(B)/libsparsert.a -lm -lpthread -o $@
$(B)/kernels_mpi: bench/kernels_mpi.c bench/gen.c bench/gen.h $(B)/sparse.so \
                  $(B)/libsparse-mpi.a $(B)/libsparsert.a
	$(MPI_BENCH_CC) -fplugin=$(B)/sparse.so bench/kernels_mpi.c bench/gen.c \
	  $(B)/libsparse-mpi.a $(B)/libsparsert.a -lm -lpthread -o $@
$(B)/peer_petsc: bench/peer_petsc.c bench/gen.c bench/gen.h $(B)/libsparsert.a
	$(MPI_BENCH_CC) $$(pkg-config --cflags petsc) $< bench/gen.c $(B)/libsparsert.a \
	  $$(pkg-config --libs petsc) -lm -lpthread -o $@
$(B)/report_mpi: bench/report_mpi.c
	$(HOSTCC) $(BENCH_CFLAGS) $< -o $@

bench-mpi: $(B)/read_mpi $(B)/kernels_mpi $(B)/report_mpi $(if $(HAVE_PETSC),$(B)/peer_petsc)
	@mkdir -p bench/out
	@rm -f bench/out/mpi.tsv
	@{ printf '# Distributed tensors (make bench-mpi, %s)\n\n## Reading\n\n' \
	    "$${BENCH_REV:-$$(git describe --always --dirty 2>/dev/null)}"; \
	  printf 'Best of 7 runs, each the slowest rank'"'"'s time.\n\n'; \
	  printf '| file | shape | entries | ranks | sp_read ms | sp_read_dist ms |\n|---|---|---|---|---|---|\n'; \
	  for np in 1 2; do mpirun $(MPIRUN_FLAGS) -np $$np $(B)/read_mpi $(REAL_MTX) || exit 1; done; \
	  echo; \
	} > bench/results-mpi.md
	for np in 1 2 4; do \
	  mpirun $(MPIRUN_FLAGS) -np $$np $(B)/kernels_mpi $(MPI_BENCH_MTX) $(MPI_BENCH_TNS) 40 bench/out/mpi.tsv || exit 1; \
	  $(if $(HAVE_PETSC),for o in "" -mat_no_inode; do \
	    mpirun $(MPIRUN_FLAGS) -np $$np $(B)/peer_petsc $(MPI_BENCH_MTX) 40 bench/out/mpi.tsv $$o || exit 1; done;) \
	done
	$(B)/report_mpi bench/out/mpi.tsv $(MPI_BENCH_MTX) $(MPI_BENCH_TNS) bench/results-mpi.md
	@cat bench/results-mpi.md

bench: $(B)/bench_runtime $(B)/bench_kernels $(B)/bench_hyper $(B)/bench_order
	@mkdir -p bench/out
	$(B)/bench_runtime bench/out bench/results-runtime.md $(REAL_MTX)
	OMP_NUM_THREADS=2 BENCH_REV="$${BENCH_REV:-$$(git describe --always --dirty 2>/dev/null)}" \
	  $(B)/bench_kernels bench/out bench/results-kernels.md $(REAL_MTX)
	BENCH_REV="$${BENCH_REV:-$$(git describe --always --dirty 2>/dev/null)}" \
	  $(B)/bench_hyper bench/out bench/results-kernels.md
	$(B)/bench_order >> bench/results-kernels.md

example: all
	$(MAKE) -C examples run

clean:
	rm -rf $(B)
