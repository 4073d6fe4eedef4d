/**
 * The history dashboard: the pages of {@code vbench history serve} and of {@code history export --site}
 * over the results store. {@link dev.vbench.dashboard.Dashboard} reads what each page shows (series with
 * their change points, a run's cells with significance-gated deltas, a change point's runs, Why lines and
 * differential flame graph), {@link dev.vbench.dashboard.Pages} renders it as HTML and
 * {@link dev.vbench.dashboard.SeriesData} a series' points as JSON for the chart the bundled script draws;
 * {@link dev.vbench.dashboard.DashboardServer} answers them over the JDK's HTTP server (read-only, GET only,
 * its routes only) and {@link dev.vbench.dashboard.Site} lists them as static files. Every stored string
 * is redacted and escaped where it is rendered; nothing is fetched from the network. Files are written by
 * the caller ({@code app/}), never here.
 */
package dev.vbench.dashboard;
