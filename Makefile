# yomi - build, test and install.
#   make            ./yomi, optimized (-O2), warnings are errors; every target builds
#                   in parallel (one job per core) unless -j says otherwise
#   make check      everything under AddressSanitizer + UBSan: unit tests (cmocka),
#                   end-to-end tests of the binary, the parser fuzz corpus, and a
#                   compile without this machine's instruction-set flags (portable);
#                   the threaded paths again under ThreadSanitizer (make tsan); each
#                   script and unit test a target (e2e-cli, unit-test_search, ...), run
#                   side by side
#   make run        build, then show the Dobutsu start position and its exact value with a
#                   perfect line (building the Dobutsu table once, when none is found)
#   make fuzz       libFuzzer on the position and move parsers (clang; FUZZ_SECONDS=60)
#   make fuzz-table libFuzzer on the table file reader (clang; FUZZ_SECONDS=60)
#   make fuzz-serve libFuzzer on the server's JSON API (clang; FUZZ_SECONDS=60)
#   make fuzz-proto libFuzzer on the engine protocols and match clients (clang; FUZZ_SECONDS=60)
#   make install    PREFIX=/usr/local: the binary, the man page, and the folder of
#                   installed tables, the Othello weights and each game's bench positions,
#                   PREFIX/share/yomi (DATADIR=...)
#   make deps       install missing Debian packages (tools/deps)
# Parallel by default: as many jobs as cores, unless a -j was given (on the command line,
# which overrides this, or in MAKEFLAGS: the environment's or a parent make's).
ifeq ($(filter -j% j% --jobs%,$(shell printf '%s' "$$MAKEFLAGS")),)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 2)
endif
CC ?= gcc
ifeq ($(origin CC),default)
CC = gcc
endif
VERSION := 0.1.0
PREFIX ?= /usr/local
# Where installed tables are looked for (compiled into src/solve/table_path.c); the
# sanitized builds, which only the tests run, look in a folder of their own instead.
DATADIR ?= $(PREFIX)/share/yomi
SAN_DATADIR := $(CURDIR)/build/san/share/yomi
WARN := -Wall -Wextra -Werror
CPPFLAGS := -Iinclude -Isrc -D_GNU_SOURCE -DYOMI_VERSION='"$(VERSION)"'
CFLAGS ?= -O2 -g
# x86-64: the hardware popcount (every x86-64 CPU since about 2008), and AVX2 and BMI2
# where this machine has them (BMI2 only where fast); Othello's inner loops use them
# (tools/cpu-flags says which and why).
# The binary is for this machine: a build for others sets ARCH (e.g. ARCH=-mpopcnt).
ARCH ?= $(shell sh tools/cpu-flags)
CFLAGS += -std=c17 $(WARN) $(ARCH)
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
TSAN := -fsanitize=thread -fno-omit-frame-pointer
LDLIBS := -lxxhash -lzstd -lpthread -lm
SERVE_LIBS := -lmicrohttpd

LIB_SRC := $(sort $(wildcard src/games/*.c src/games/*/*.c src/search/*.c src/solve/*.c \
                            src/proto/*.c))
CLI_SRC := $(sort $(wildcard src/cli/*.c))
# The server (yomi serve), its page compiled in: build/gen/web.c from src/serve/web/.
SERVE_SRC := $(sort $(wildcard src/serve/*.c))
WEB_FILES := $(sort $(wildcard src/serve/web/*))
TEST_NAMES := $(patsubst tests/%.c,%,$(sort $(wildcard tests/test_*.c)))
HEADERS := $(wildcard include/yomi/*.h src/*/*.h src/*/*/*.h)
BENCH_GAMES := $(patsubst data/%/bench.txt,%,$(sort $(wildcard data/*/bench.txt)))

REL_LIB := $(LIB_SRC:%.c=build/rel/%.o)
REL_CLI := $(CLI_SRC:%.c=build/rel/%.o)
SAN_LIB := $(LIB_SRC:%.c=build/san/%.o)
SAN_CLI := $(CLI_SRC:%.c=build/san/%.o)
REL_SERVE := $(SERVE_SRC:%.c=build/rel/%.o) build/rel/gen/web.o
SAN_SERVE := $(SERVE_SRC:%.c=build/san/%.o) build/san/gen/web.o
TSAN_OBJ := $(LIB_SRC:%.c=build/tsan/%.o) $(CLI_SRC:%.c=build/tsan/%.o) \
	$(SERVE_SRC:%.c=build/tsan/%.o) build/tsan/gen/web.o
TSAN_LIB := $(LIB_SRC:%.c=build/tsan/%.o)

# The compiler and flags each build tree was compiled with: objects of other flags (another
# ARCH or CFLAGS, another compiler) are rebuilt rather than linked with new ones.
REL_FLAGS := $(CC) $(CPPFLAGS) $(CFLAGS) $(DATADIR)
SAN_FLAGS := $(CC) $(CPPFLAGS) $(CFLAGS) $(SAN_DATADIR) $(SAN)
TSAN_FLAGS := $(CC) $(CPPFLAGS) $(CFLAGS) $(SAN_DATADIR) $(TSAN)
ifneq ($(file <build/rel/flags),$(REL_FLAGS))
$(shell mkdir -p build/rel)
$(file >build/rel/flags,$(REL_FLAGS))
endif
ifneq ($(file <build/san/flags),$(SAN_FLAGS))
$(shell mkdir -p build/san)
$(file >build/san/flags,$(SAN_FLAGS))
endif
ifneq ($(file <build/tsan/flags),$(TSAN_FLAGS))
$(shell mkdir -p build/tsan)
$(file >build/tsan/flags,$(TSAN_FLAGS))
endif

.PHONY: all check check-all unit e2e fuzz-replay portable serve-check tsan tsan-retro \
	tsan-threads tsan-cli run fuzz fuzz-table fuzz-serve fuzz-proto install deps clean

all: yomi

yomi: $(REL_LIB) $(REL_CLI) $(REL_SERVE)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS) $(SERVE_LIBS)

build/embed: tools/embed.c
	@mkdir -p build
	$(CC) -O1 -o $@ $<

build/gen/web.c: $(WEB_FILES) build/embed
	@mkdir -p build/gen
	build/embed $@ $(WEB_FILES)

build/rel/gen/web.o: build/gen/web.c src/serve/server.h build/rel/flags
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

build/san/gen/web.o: build/gen/web.c src/serve/server.h build/san/flags
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SAN) -c -o $@ $<

# ThreadSanitizer: the server's concurrent paths (tests/serve_tsan.sh).
build/tsan/gen/web.o: build/gen/web.c src/serve/server.h build/tsan/flags
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(TSAN) -c -o $@ $<

build/tsan/%.o: %.c $(HEADERS) build/tsan/flags | deps-ok
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(TSAN) -c -o $@ $<

build/tsan/yomi: $(TSAN_OBJ)
	$(CC) $(CFLAGS) $(TSAN) -o $@ $^ $(LDLIBS) $(SERVE_LIBS)

build/rel/%.o: %.c $(HEADERS) build/rel/flags | deps-ok
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

build/rel/src/solve/table_path.o: CPPFLAGS += -DYOMI_DATADIR='"$(DATADIR)"'
build/san/src/solve/table_path.o: CPPFLAGS += -DYOMI_DATADIR='"$(SAN_DATADIR)"'
build/tsan/src/solve/table_path.o: CPPFLAGS += -DYOMI_DATADIR='"$(SAN_DATADIR)"'
build/rel/src/games/othello/othello_weights.o: CPPFLAGS += -DYOMI_DATADIR='"$(DATADIR)"'
build/san/src/games/othello/othello_weights.o: CPPFLAGS += -DYOMI_DATADIR='"$(SAN_DATADIR)"'
build/tsan/src/games/othello/othello_weights.o: CPPFLAGS += -DYOMI_DATADIR='"$(SAN_DATADIR)"'

build/san/%.o: %.c $(HEADERS) build/san/flags | deps-ok
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SAN) -c -o $@ $<

build/san/yomi: $(SAN_LIB) $(SAN_CLI) $(SAN_SERVE)
	$(CC) $(CFLAGS) $(SAN) -o $@ $^ $(LDLIBS) $(SERVE_LIBS)

build/tsan/tests/%: tests/%.c tests/testdata.h tests/testline.h $(TSAN_LIB) build/tsan/flags
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(TSAN) -o $@ $< $(TSAN_LIB) $(LDLIBS) -lcmocka

# Drives the protocol engines through scripted sessions (tests/cli_proto.sh).
build/proto_chat: tests/proto_chat.c
	@mkdir -p build
	$(CC) $(CPPFLAGS) -std=c17 $(WARN) -O1 -o $@ $<

build/san/tests/%: tests/%.c tests/testdata.h tests/testline.h $(SAN_LIB) build/san/flags
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SAN) -o $@ $< $(SAN_LIB) $(LDLIBS) -lcmocka

# the JSON builder's test compiles src/serve/json.c in
build/san/tests/test_serve_json: src/serve/json.c src/serve/json.h

build/san/fuzz_replay: tests/fuzz_parse.c tests/fuzz_replay.c $(SAN_LIB)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SAN) -o $@ tests/fuzz_parse.c tests/fuzz_replay.c $(SAN_LIB) $(LDLIBS)

build/san/fuzz_table_replay: tests/fuzz_table.c tests/fuzz_replay.c $(SAN_LIB)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SAN) -o $@ tests/fuzz_table.c tests/fuzz_replay.c $(SAN_LIB) $(LDLIBS)

build/san/fuzz_serve_replay: tests/fuzz_serve.c tests/fuzz_replay.c $(SAN_LIB) \
		build/san/src/serve/api.o build/san/src/serve/json.o
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SAN) -o $@ tests/fuzz_serve.c tests/fuzz_replay.c $(SAN_LIB) \
		build/san/src/serve/api.o build/san/src/serve/json.o $(LDLIBS)

build/san/fuzz_proto_replay: tests/fuzz_proto.c tests/fuzz_replay.c $(SAN_LIB)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SAN) -o $@ tests/fuzz_proto.c tests/fuzz_replay.c $(SAN_LIB) $(LDLIBS)

build/san/table_resum: tests/table_resum.c build/san/flags
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SAN) -o $@ $< -lxxhash

build/table_excerpt: tests/table_excerpt.c
	@mkdir -p build
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $<

# The test groups run side by side, one job per core, each script and each unit test a
# target of its own.  The longest chain goes first: the sanitized binary, the Dobutsu table's
# build with it (two threads, minutes), then the scripts that read the table whole; the
# others, by length, fill the cores around it (e2e-solve first: the tests that run the
# sanitized binaries wait for it, see E2E).  The sanitized binary is built before a make of
# its own runs the rest (check-all): one make would start every other compile before linking
# it (make links a target whose prerequisites were still being built when it first came to it
# only after a pass over all the others), and the table would start minutes later.
check: build/san/yomi build/san/table_resum
	@$(MAKE) --no-print-directory check-all DEPS_CHECKED=1
check-all: e2e-solve build/tables/dobutsu.yomi yomi e2e-solve-dobutsu e2e-survival unit \
	   e2e-proto tsan e2e-shogi e2e-cli serve-check e2e-othello e2e-play fuzz-replay \
	   e2e-serve e2e-formats e2e-tables e2e-man e2e-install portable
	@echo "make check: all test groups passed"

# The threaded paths under ThreadSanitizer: the retrograde driver on made-up games
# (tests/test_retro.c), threads sharing one transposition table (tests/test_threads.c: any
# access to shared memory that is not atomic or ordered is a failure), then the binary's
# threaded commands (tests/cli_threads.sh).  A race ends the run with status 66.
tsan: tsan-retro tsan-threads tsan-cli
tsan-retro: build/tsan/tests/test_retro
	TSAN_OPTIONS="halt_on_error=1 exitcode=66" build/tsan/tests/test_retro
tsan-threads: build/tsan/tests/test_threads
	YOMI_DATA=data TSAN_OPTIONS="halt_on_error=1 exitcode=66" build/tsan/tests/test_threads
tsan-cli: build/tsan/yomi | e2e-solve
	TSAN_OPTIONS="halt_on_error=1 exitcode=66" YOMI=build/tsan/yomi sh tests/cli_threads.sh

# The sources compile for a plain x86-64 (or any CPU) without this machine's ARCH flags:
# every use of an instruction-set extension has its portable path (a build with ARCH=
# for another machine must not fail).  Compile only, unoptimized: a few seconds.  The
# programs under bench/ and tools/ (not built by make) are compiled too, so that they do
# not drift from the library's interfaces.
portable:
	@set -e; for f in $(LIB_SRC) $(CLI_SRC) $(SERVE_SRC); do \
		$(CC) $(CPPFLAGS) -std=c17 $(WARN) -O0 -c -o /dev/null $$f; done
	@echo "portable: the sources compile without ARCH flags"
	@set -e; for f in bench/*.c tools/*.c; do \
		$(CC) -Iinclude -Isrc -std=c17 $(WARN) $(ARCH) -fsyntax-only $$f; done
	@echo "portable: the bench and tools programs still compile against the library"
	@if command -v clang >/dev/null; then set -e; for f in $(LIB_SRC) tests/fuzz_*.c; do \
		clang $(CPPFLAGS) -std=c17 $(ARCH) -w -fsyntax-only $$f; done; \
		echo "portable: and with clang, as the fuzzers are built"; fi

# each unit test a target of its own (unit-test_search, ...), so that they fill the cores
UNIT_RUNS := $(TEST_NAMES:%=unit-%)
.PHONY: $(UNIT_RUNS)
unit: $(UNIT_RUNS)
$(UNIT_RUNS): unit-%: build/san/tests/%
	@echo "== $<"
	@YOMI_DATA=data $<

# The Dobutsu table is built by the sanitized binary (the build and the table writer under
# ASan and UBSan: about 105 s on two cores, against 50 s optimized), then probed by it (solve
# and probe checks, the perfect player's games); the checks that read it whole run in the
# optimized binary (tests/cli_solve_dobutsu.sh, tests/cli_survival.sh).  Its --verbose log
# is kept for tests/cli_solve_dobutsu.sh, which checks the round counts; shown when the
# build fails.
build/tables/dobutsu.yomi: build/san/yomi
	@mkdir -p build/tables
	build/san/yomi solve --verbose -o $@ 2>build/tables/dobutsu.log || { cat build/tables/dobutsu.log; exit 1; }

# The end-to-end scripts, a target each (make e2e runs them all), side by side under make -j.
# Each script works in a scratch folder of its own (mktemp), its servers on ports of their
# own (--port 0); the Dobutsu table they share is only read.  One thing is shared: the
# sanitized builds' installed-tables folder (SAN_DATADIR, compiled into build/san/yomi and
# build/tsan/yomi), where tests/cli_solve.sh puts a tic-tac-toe table for a moment to see it
# found there; every other test that runs those binaries (and could find it: analyze, serve
# and the engines look for tables) waits for that script (| e2e-solve).
E2E := e2e-solve e2e-solve-dobutsu e2e-survival e2e-cli e2e-play e2e-othello e2e-formats \
	e2e-tables e2e-shogi e2e-man e2e-serve e2e-proto e2e-install
.PHONY: $(E2E)
e2e: $(E2E)

# solve and probe without the Dobutsu table: tic-tac-toe, where tables are looked for, bad tables
e2e-solve: build/san/yomi build/san/table_resum
	YOMI=build/san/yomi YOMI_SYSTEM_TABLES=$(SAN_DATADIR) TABLE_RESUM=build/san/table_resum \
		sh tests/cli_solve.sh
# the Dobutsu table: probed by the sanitized binary, read whole by the optimized one
e2e-solve-dobutsu: build/san/yomi yomi build/tables/dobutsu.yomi build/san/table_resum | e2e-solve
	YOMI=build/san/yomi YOMI_FAST=./yomi DOBUTSU_TABLE=build/tables/dobutsu.yomi \
		DOBUTSU_LOG=build/tables/dobutsu.log TABLE_RESUM=build/san/table_resum \
		sh tests/cli_solve_dobutsu.sh
e2e-survival: build/san/yomi yomi build/tables/dobutsu.yomi | e2e-solve
	YOMI=build/san/yomi YOMI_FAST=./yomi DOBUTSU_TABLE=build/tables/dobutsu.yomi \
		sh tests/cli_survival.sh
# (the table too: cli.sh checks make run's answer from it)
e2e-cli: build/san/yomi yomi build/tables/dobutsu.yomi | e2e-solve
	YOMI=build/san/yomi sh tests/cli.sh
e2e-play: build/san/yomi build/tables/dobutsu.yomi | e2e-solve
	YOMI=build/san/yomi YOMI_TABLES=build/tables sh tests/cli_play.sh
e2e-othello: build/san/yomi | e2e-solve
	YOMI=build/san/yomi sh tests/cli_othello.sh
e2e-formats: build/san/yomi | e2e-solve
	YOMI=build/san/yomi sh tests/cli_formats.sh
e2e-tables: build/san/yomi yomi build/tables/dobutsu.yomi | e2e-solve
	YOMI=build/san/yomi YOMI_FAST=./yomi DOBUTSU_TABLE=build/tables/dobutsu.yomi \
		sh tests/cli_tables.sh
e2e-shogi: build/san/yomi | e2e-solve
	YOMI=build/san/yomi sh tests/cli_shogi.sh
e2e-man: build/san/yomi | e2e-solve
	YOMI=build/san/yomi sh tests/man_examples.sh
e2e-serve: build/san/yomi build/tables/dobutsu.yomi | e2e-solve
	YOMI=build/san/yomi DOBUTSU_TABLE=build/tables/dobutsu.yomi sh tests/serve_api.sh
e2e-proto: build/san/yomi build/tsan/yomi build/proto_chat build/tables/dobutsu.yomi | e2e-solve
	YOMI=build/san/yomi YOMI_TSAN=build/tsan/yomi CHAT=build/proto_chat \
		DOBUTSU_TABLE=build/tables/dobutsu.yomi sh tests/cli_proto.sh
# (a build and an install of its own, in a scratch folder)
e2e-install:
	sh tests/install.sh

# yomi serve under ThreadSanitizer, and its page in Debian's Chromium (Playwright); the
# screenshots go to build/screenshots.
serve-check: build/tsan/yomi build/san/yomi yomi build/tables/dobutsu.yomi | e2e-solve
	YOMI=build/tsan/yomi DOBUTSU_TABLE=build/tables/dobutsu.yomi sh tests/serve_tsan.sh
	YOMI=build/san/yomi YOMI_FAST=./yomi DOBUTSU_TABLE=build/tables/dobutsu.yomi \
		node tests/serve_web.js

fuzz-replay: build/san/fuzz_replay build/san/fuzz_table_replay build/san/fuzz_serve_replay \
             build/san/fuzz_proto_replay yomi build/tables/dobutsu.yomi
	build/san/fuzz_replay tests/corpus/*
	build/san/fuzz_table_replay tests/corpus-table/*
	build/san/fuzz_proto_replay tests/corpus-proto/*
	build/san/fuzz_serve_replay tests/corpus-serve/*
	@mkdir -p build/fuzz-serve-tables
	@ln -sf ../tables/dobutsu.yomi build/fuzz-serve-tables/dobutsu.yomi
	@[ -s build/fuzz-serve-tables/tictactoe.yomi ] || ./yomi --game tictactoe solve \
		-o build/fuzz-serve-tables/tictactoe.yomi >/dev/null
	FUZZ_SERVE_TABLES=build/fuzz-serve-tables build/san/fuzz_serve_replay tests/corpus-serve/*

# The exact value of the start position and a perfect line, from the Dobutsu table: built
# once, with its progress shown, when none is found (where: yomi(1), FILES).
run: yomi
	./yomi show
	@./yomi probe >/dev/null 2>&1 || { echo "No Dobutsu table yet: building it once (./yomi solve)."; ./yomi solve; }
	./yomi analyze

# Coverage-guided fuzzing of the parsers (not part of check: it runs until stopped).
FUZZ_SECONDS ?= 60
# Each fuzzer, build/fuzz_NAME, is tests/fuzz_NAME.c over the library (and FUZZ_EXTRA_NAME).
FUZZ_EXTRA_serve := src/serve/api.c src/serve/json.c
.SECONDEXPANSION:
build/fuzz_%: tests/fuzz_%.c $(LIB_SRC) $$(FUZZ_EXTRA_$$*) $(HEADERS)
	@command -v clang >/dev/null || { echo "yomi: the fuzzers need clang: apt-get install clang" >&2; exit 1; }
	@mkdir -p build
	clang $(CPPFLAGS) -std=c17 $(ARCH) -O1 -g -fsanitize=fuzzer,address,undefined -o $@ $< \
		$(LIB_SRC) $(FUZZ_EXTRA_$*) $(LDLIBS)

fuzz: build/fuzz_parse
	@mkdir -p build/corpus
	build/fuzz_parse -max_total_time=$(FUZZ_SECONDS) -max_len=256 build/corpus tests/corpus

# The server's JSON API on any position (tests/fuzz_serve.c), with the test build's tables.
fuzz-serve: build/fuzz_serve yomi build/tables/dobutsu.yomi
	@mkdir -p build/corpus-serve build/fuzz-serve-tables
	@ln -sf ../tables/dobutsu.yomi build/fuzz-serve-tables/dobutsu.yomi
	@[ -s build/fuzz-serve-tables/tictactoe.yomi ] || ./yomi --game tictactoe solve \
		-o build/fuzz-serve-tables/tictactoe.yomi >/dev/null
	FUZZ_SERVE_TABLES=build/fuzz-serve-tables build/fuzz_serve -max_total_time=$(FUZZ_SECONDS) \
		-max_len=600 build/corpus-serve tests/corpus-serve

# The engine protocols (USI, GTP, NBoard) on whole sessions of command lines, and the match
# clients (USI, GTP) on whole engine outputs (tests/fuzz_proto.c).  -timeout: a session that
# does not end within it is a hang.
fuzz-proto: build/fuzz_proto
	@mkdir -p build/corpus-proto
	build/fuzz_proto -max_total_time=$(FUZZ_SECONDS) -max_len=1024 -timeout=20 build/corpus-proto \
		tests/corpus-proto

# The table reader on mutated table files (checksums recomputed, see tests/fuzz_table.c).
fuzz-table: build/fuzz_table
	@mkdir -p build/corpus-table
	build/fuzz_table -max_total_time=$(FUZZ_SECONDS) -max_len=16384 build/corpus-table tests/corpus-table

install: yomi
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(DATADIR)
	install -m 755 yomi $(DESTDIR)$(PREFIX)/bin/yomi
	install -m 644 man/yomi.1 $(DESTDIR)$(PREFIX)/share/man/man1/yomi.1
	install -d $(DESTDIR)$(DATADIR)/othello
	install -m 644 data/othello/eval.bin $(DESTDIR)$(DATADIR)/othello/eval.bin
	@# each game's bench positions, as DATADIR/GAME/bench.txt: where yomi bench finds them
	set -e; for g in $(BENCH_GAMES); do \
		install -D -m 644 data/$$g/bench.txt $(DESTDIR)$(DATADIR)/$$g/bench.txt; done

# Installs what is missing (as root), or stops with one line naming the package.
deps:
	@sh tools/deps

# Every object waits for this check (| deps-ok).  The make that check starts (check-all) does
# not check again (DEPS_CHECKED=1): the check would be a job that all its compiles wait for,
# and make would start the targets with no prerequisites (the install test, portable) in the
# meantime, ahead of the table's build.
ifeq ($(DEPS_CHECKED),)
deps-ok:
	@sh tools/deps --quiet
else
deps-ok: ;
endif

clean:
	rm -rf build yomi
