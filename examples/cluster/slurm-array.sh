#!/bin/bash
# One vbench plan as a Slurm job array: each array task runs one shard (--shard auto reads
# SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT), writes its own result, and (with VBENCH_HISTORY set)
# stores it in the team history under the array's job id. Merge the shards once the array is done:
#
#   jobid=$(sbatch --parsable examples/cluster/slurm-array.sh)
#   sbatch --dependency=afterany:$jobid --wrap "./vbench merge results/$jobid/shard-*.json -o results/$jobid/all.json"
#
# --exclusive: one shard per machine at a time, so nothing else runs beside a measurement. Submit from
# the repository root (or set VBENCH to the launcher's path); SUITE and SCALE pick the plan.
#SBATCH --job-name=vbench
#SBATCH --array=0-2
#SBATCH --exclusive
#SBATCH --output=vbench-%A-%a.log
set -euo pipefail
suite=${SUITE:-workloads/seed-004-virtual-vs-platform.yaml}
out=results/${SLURM_ARRAY_JOB_ID}
mkdir -p "$out"
history=()
if [ -n "${VBENCH_HISTORY:-}" ]; then history=(--history "$VBENCH_HISTORY"); fi  # run id: SLURM_ARRAY_JOB_ID
exec "${VBENCH:-./vbench}" run "$suite" --scale "${SCALE:-full}" --shard auto --no-progress \
    -o "$out/shard-${SLURM_ARRAY_TASK_ID}.json" "${history[@]}"
