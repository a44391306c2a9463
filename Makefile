# gallery — targets:
#   make deps         install the Debian packages building and running the gallery need (only those missing)
#   make test-deps    deps, and the test suite's browsers, tools and S3 server
#   make build        debug build of everything (the gallery tool, tests, tools)
#   make demo         deps + a debug build of gallery, then import sample-data/ and write its gallery to site/
#   make install      deps + a release build of gallery into $(PREFIX)/bin, its man page and shell completions
#   make uninstall    removes what make install put there
#   make test         test-deps + build + the whole test suite (what CI runs)
#   make test-install make install into a scratch folder, then use what it installed (CI runs it)
#   make test-asan    the media, image, import, ZIP and sealing tests built with AddressSanitizer (CI runs it after make test)
#   make bench        release build + benchmarks against the peers; figures appended to bench/RESULTS.md
#   make sample-data  redraw the demo photos in sample-data/ (annotations.json is hand-written)
#   make clean        remove build folders and the demo database

SWIFT ?= swift
DB ?= gallery.db
PREFIX ?= /usr/local
DESTDIR ?=
MANUAL = .build/plugins/GenerateManual/outputs/gallery/gallery.1
# A warning in our own Swift sources fails the build (Package.swift gives only our targets the flag).
export GALLERY_WARNINGS_AS_ERRORS = 1

.PHONY: deps test-deps build demo install uninstall test test-install test-asan bench sample-data clean

deps:
	@scripts/install-deps.sh

test-deps:
	@scripts/install-deps.sh --test

build: deps
	$(SWIFT) build --build-tests

demo: deps
	$(SWIFT) build --product gallery
	.build/debug/gallery build sample-data --db $(DB) --out site

# ArgumentParser's generate-manual plugin builds the package in release (gallery among it) and
# writes gallery.1 from the commands' own help; completions come from the binary itself.
install: deps
	$(SWIFT) package --disable-sandbox generate-manual --authors "the gallery authors"
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -s -m 755 .build/release/gallery $(DESTDIR)$(PREFIX)/bin/gallery
	install -m 644 $(MANUAL) $(DESTDIR)$(PREFIX)/share/man/man1/gallery.1
	.build/release/gallery --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/gallery
	.build/release/gallery --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gallery
	.build/release/gallery --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/gallery.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/gallery $(DESTDIR)$(PREFIX)/share/man/man1/gallery.1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/gallery \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gallery \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/gallery.fish

test: test-deps build
	$(SWIFT) test --skip-build

test-install:
	@scripts/check-install.sh

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
