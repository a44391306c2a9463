# gallery — targets:
#   make deps         install the Debian packages the build and tests need (only those missing)
#   make build        debug build of everything (the gallery tool, tests, tools)
#   make demo         deps + build, then import sample-data/ and write its gallery to site/
#   make test         deps + build + the whole test suite (what CI runs)
#   make test-asan    the media, image, import, ZIP and sealing tests built with AddressSanitizer (CI runs it after make test)
#   make bench        release build + benchmarks against the peers; figures appended to bench/RESULTS.md
#   make sample-data  redraw the demo photos in sample-data/ (annotations.json is hand-written)
#   make clean        remove build folders and the demo database

SWIFT ?= swift
DB ?= gallery.db
# A warning in our own Swift sources fails the build (Package.swift gives only our targets the flag).
export GALLERY_WARNINGS_AS_ERRORS = 1

.PHONY: deps build demo test test-asan bench sample-data clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build --build-tests

demo: deps
	$(SWIFT) build --product gallery
	.build/debug/gallery build sample-data --db $(DB) --out site

test: build
	$(SWIFT) test --skip-build

# The C libraries' and our memory errors, found where they happen: FFmpeg, libjpeg, libpng,
# libheif and libwebp fed odd and damaged files (DamagedMediaTests) and the importer's tests,
# in a build of their own (.build-asan). FFmpeg's hand-written SIMD is not instrumented: the
# CLI tests run the real binary under glibc's malloc checks for that (DamagedMediaExportTests).
test-asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	GALLERY_SANITIZER=address ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --filter 'ImagingTests|GalleryImportTests|GalleryZipTests|GalleryCryptTests'

bench: deps
	@bench/run.sh

sample-data:
	$(SWIFT) build -c release --product make-sample-data
	.build/release/make-sample-data sample-data

clean:
	rm -rf .build .build-* site $(DB) $(DB)-wal $(DB)-shm
