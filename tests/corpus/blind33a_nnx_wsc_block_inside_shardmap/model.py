import jax
from flax import nnx
from jax.sharding import PartitionSpec as P


class Block(nnx.Module):
    def __init__(self, d, rngs):
        self.fc1 = nnx.Linear(d, 4 * d, rngs=rngs)
        self.fc2 = nnx.Linear(4 * d, d, rngs=rngs)

    def __call__(self, x):
        h = self.fc1(x)
        # keep activations batch-sharded (written for the jit/GSPMD path)
        h = jax.lax.with_sharding_constraint(h, P("data", None))
        return x + self.fc2(jax.nn.gelu(h))
