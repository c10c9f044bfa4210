import jax
import jax.random as jr
import equinox as eqx
from jax.sharding import PartitionSpec as P

from layers import ColumnParallelLinear, RowParallelLinear


class ParallelMLP(eqx.Module):
    up: ColumnParallelLinear
    down: RowParallelLinear

    def __init__(self, dim, hidden, *, tp_axis="tp", key):
        k1, k2 = jr.split(key)
        self.up = ColumnParallelLinear(dim, hidden, key=k1)
        self.down = RowParallelLinear(hidden, dim, axis_name=tp_axis, key=k2)

    def __call__(self, x):
        return self.down(jax.nn.gelu(self.up(x)))


def param_specs(params, tp_axis="tp"):
    specs = jax.tree.map(lambda _: P(), params)
    return eqx.tree_at(
        lambda m: (m.up.weight, m.up.bias, m.down.weight),
        specs,
        (P(tp_axis, None), P(tp_axis), P(None, tp_axis)),
    )
