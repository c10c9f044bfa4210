CP_AXIS = "context"
MAX_TOKENS = 512
# room for <bos> and <eos>, padded so every context shard gets the same length
SEQ_LEN = MAX_TOKENS + 4
N_HEADS = 8
HEAD_DIM = 64
