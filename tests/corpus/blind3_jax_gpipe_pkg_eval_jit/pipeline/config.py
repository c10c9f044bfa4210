"""Pipeline-parallel settings shared by the launcher and the schedule."""
STAGE_AXIS = "stage"
NUM_STAGES = 4
NUM_MICROBATCHES = 8
MICROBATCH = 2
D_MODEL = 32
