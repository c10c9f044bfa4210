# Mesh axis names shared across the project.
DATA = "data"

# Kept for checkpoints written by the pmap version of the trainer.
LEGACY_BATCH = "batch"
