# CareKit for Swift on Linux. `make test` runs every test; `make run` starts the care app.
SWIFT ?= swift

.PHONY: deps test build run bench clean

deps:
	scripts/install-deps

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build
