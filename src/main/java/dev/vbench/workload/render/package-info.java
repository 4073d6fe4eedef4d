/**
 * The {@code render} workload (seed 001, the FOSS4G 2010 WMS benchmark as run on GeoServer):
 * draw a seeded map of the requested size with antialiased Java2D, then encode it as PNG.
 * {@link dev.vbench.workload.render.RenderWorkloadProvider} is the entry point.
 */
package dev.vbench.workload.render;
