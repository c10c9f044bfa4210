import equinox as eqx
import jax
from jax.sharding import PartitionSpec as P


class ParallelMLP(eqx.Module):
    up: eqx.nn.Linear
    down: eqx.nn.Linear

    def __init__(self, d_model, d_ff, *, key):
        k1, k2 = jax.random.split(key)
        self.up = eqx.nn.Linear(d_model, d_ff, key=k1)
        self.down = eqx.nn.Linear(d_ff, d_model, key=k2)

    def __call__(self, x):
        h = jax.nn.gelu(self.up(x))
        return self.down(h)


def shard_params(model: ParallelMLP) -> ParallelMLP:
    """Column-parallel up projection, row-parallel down projection (Megatron)."""
    up_w = jax.device_put(model.up.weight, P("model", None))     # (d_ff, d_model)
    up_b = jax.device_put(model.up.bias, P("model"))
    down_w = jax.device_put(model.down.weight, P(None, "model"))  # (d_model, d_ff)
    model = eqx.tree_at(lambda m: (m.up.weight, m.up.bias, m.down.weight), model, (up_w, up_b, down_w))
    return model
