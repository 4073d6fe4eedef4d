/**
 * Generated inputs shared by the file-based workloads: a directory of generated files with a
 * checksum manifest ({@link dev.vbench.workload.inputs.GeneratedFiles}), verified before every
 * reuse and regenerated with a warning when it is corrupt or partial, and small deterministic
 * helpers ({@link dev.vbench.workload.inputs.Seeds}). Nothing here runs on a timed path.
 */
package dev.vbench.workload.inputs;
