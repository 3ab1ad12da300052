# The two commands of the README are `make dev` and `make test`; the rest are helpers.
.PHONY: dev test install generate format bench lighthouse helm-check

# Installs what is missing, starts Postgres, every service, the gateway and the web app.
dev:
	node scripts/dev.mjs

# Every check and test of the project; ends with `N passed, N failed`. CI runs this.
test:
	node scripts/test.mjs

# Dependencies exactly as package-lock.json pins them.
install:
	node scripts/install.mjs

# Contracts (buf lint, buf generate into proto/gen), the REST contract's document and types
# (packages/api-types) and the Prisma clients.
generate:
	node scripts/generate.mjs

# Throughput and latency of each hop (see docs/performance.md). The services it starts need
# their generated Prisma clients, which a fresh clone does not have yet.
bench: install generate
	node --import tsx bench/gateway.ts
	node --import tsx bench/resume.ts
	node --import tsx bench/employer.ts
	node --import tsx bench/billing.ts
	npm run build -w @darmankar/web
	node --import tsx bench/resume-pdf.ts
	node --import tsx bench/search.ts
	node --import tsx bench/hiring.ts
	node --import tsx bench/notifications.ts

# Lighthouse (mobile) on five public pages (home, listing, a posting, an employer, the blog) of a
# stack of its own with the demo data, five runs each, medians judged (SEO 100, performance 95);
# like bench, it needs the dependencies and the services' Prisma clients, which a fresh clone does
# not have yet, and it builds the web app when the build is missing or stale. A benchmark, not
# part of `make test`.
lighthouse: install generate
	node --import tsx scripts/lighthouse.mjs

# The chart linted and rendered by a real helm and validated object by object (needs
# kubernetes-models from node_modules).
helm-check: install
	node scripts/check-helm.mjs

# Formats the project's code with Prettier (.prettierrc.json); `make test` checks it is formatted.
format: install
	node node_modules/prettier/bin/prettier.cjs --write --log-level warn "**/*.{ts,tsx,mjs,cjs,js}"
