SP_AXIS = "sp"
N_HEADS = 8  # must be a multiple of the sequence-parallel degree
HEAD_DIM = 64
D_MODEL = N_HEADS * HEAD_DIM
