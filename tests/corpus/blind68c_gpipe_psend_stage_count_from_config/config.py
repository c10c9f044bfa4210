# Pipeline configuration (tuned on an 8-GPU node).
NUM_STAGES = 8
NUM_MICROBATCHES = 8
LAYERS_PER_STAGE = 2
D_MODEL = 512
MICROBATCH_SIZE = 4
