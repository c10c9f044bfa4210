CP_AXIS = "context"
MAX_TOKENS = 512
SEQ_LEN = MAX_TOKENS + 2   # room for <bos> and <eos>
N_HEADS = 8
HEAD_DIM = 64
