/**
 * The {@code thumbnail} workload (seed 000, JPhotoTagger's folder load): decode a progressive
 * 1920×1080 JPEG, scale it to a 150-pixel thumbnail, JPEG-encode it and upsert it into a thumbnail
 * cache table of an embedded H2 database; plus the cache micro-operations of the same report.
 * {@link dev.vbench.workload.thumbnail.ThumbnailWorkloadProvider} is the entry point.
 */
package dev.vbench.workload.thumbnail;
