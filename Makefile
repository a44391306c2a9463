# gallery — targets:
#   make deps         install the Debian packages the build and tests need (only those missing)
#   make build        debug build of everything (the gallery tool, tests, tools)
#   make demo         deps + build, then import sample-data/ and write its gallery to site/
#   make test         deps + build + the whole test suite (what CI runs)
#   make bench        release build + benchmarks against the peers; figures appended to bench/RESULTS.md
#   make sample-data  redraw the demo photos in sample-data/ (annotations.json is hand-written)
#   make clean        remove build folders and the demo database

SWIFT ?= swift
DB ?= gallery.db

.PHONY: deps build demo test bench sample-data clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build --build-tests

demo: deps
	$(SWIFT) build --product gallery
	.build/debug/gallery build sample-data --db $(DB) --out site

test: build
	$(SWIFT) test --skip-build

bench: deps
	@bench/run.sh

sample-data:
	$(SWIFT) build -c release --product make-sample-data
	.build/release/make-sample-data sample-data

clean:
	rm -rf .build .build-* site $(DB) $(DB)-wal $(DB)-shm
