/**
 * Results history: every run stored in a database (embedded H2 by default, PostgreSQL for teams),
 * series keyed by a fingerprint of what breaks history, change points by e-divisive means with a
 * t-test (as Apache Otava), and the cron gate {@code history check}. Plain JDBC with prepared
 * statements; versioned migrations in {@code schema_version}. Nothing here imports {@code cli}.
 */
package dev.vbench.history;
