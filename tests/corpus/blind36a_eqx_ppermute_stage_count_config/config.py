# pipeline layout, shared by the launcher and the schedule
NUM_STAGES = 8          # one stage per accelerator on the full slice
MICROBATCHES = 6
