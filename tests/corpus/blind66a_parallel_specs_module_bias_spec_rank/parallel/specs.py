from jax.sharding import PartitionSpec as PS

DATA = "data"
MODEL = "model"

ACT = PS(DATA, None)           # [batch, d_model]
W1 = PS(None, MODEL)           # [d_model, d_ff]   column parallel
B1 = PS(None, MODEL)           # [d_ff]
W2 = PS(MODEL, None)           # [d_ff, d_model]   row parallel
B2 = PS()                      # [d_model]

PARAM_SPECS = {"w1": W1, "b1": B1, "w2": W2, "b2": B2}

__all__ = ["DATA", "MODEL", "ACT", "W1", "B1", "W2", "B2", "PARAM_SPECS"]
