from jax.sharding import PartitionSpec as PS

MODEL = "model"

TOKENS_SHARDED = PS(MODEL, None)   # [tokens/n, d_model]
W_IN = PS(None, MODEL)             # [d_model, d_ff/n]
W_OUT = PS(MODEL, None)            # [d_ff/n, d_model]
REPLICATED = PS()

__all__ = ["MODEL", "TOKENS_SHARDED", "W_IN", "W_OUT", "REPLICATED"]
