import equinox as eqx
import jax
import jax.random as jr
from jax import lax


class ShardedDropout(eqx.Module):
    """Dropout whose mask differs between data-parallel shards."""

    dropout: eqx.nn.Dropout
    axis_name: str = eqx.field(static=True)

    def __init__(self, p, axis_name):
        self.dropout = eqx.nn.Dropout(p)
        self.axis_name = axis_name

    def __call__(self, x, *, key):
        key = jr.fold_in(key, lax.axis_index(self.axis_name))
        return self.dropout(x, key=key)


class Net(eqx.Module):
    mlp: eqx.nn.MLP
    drop: ShardedDropout
    head: eqx.nn.Linear

    def __init__(self, key, axis_name="batch"):
        k1, k2 = jr.split(key)
        self.mlp = eqx.nn.MLP(8, 32, 32, 1, key=k1)
        self.drop = ShardedDropout(0.1, axis_name)
        self.head = eqx.nn.Linear(32, 1, key=k2)

    def __call__(self, x, *, key):
        return self.head(self.drop(self.mlp(x), key=key))
