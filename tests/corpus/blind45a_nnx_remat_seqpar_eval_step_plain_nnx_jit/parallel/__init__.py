from .seq import gather_kv, SEQ_AXIS
