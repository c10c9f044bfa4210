from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))


class SyncLayerNorm(nnx.Module):
    """LayerNorm over features whose running stats are averaged across the data axis."""

    def __init__(self, dim, axis_name="data"):
        self.scale = nnx.Param(jnp.ones((dim,)))
        self.axis_name = axis_name

    def __call__(self, x):
        mu = jax.lax.pmean(jnp.mean(x, axis=0), self.axis_name)
        return (x - mu) * self.scale[...]


class Net(nnx.Module):
    def __init__(self, dim, depth, rngs):
        self.layers = nnx.List(
            [nnx.Linear(dim, dim, rngs=rngs) for _ in range(depth)]
        )
        self.norms = nnx.List([SyncLayerNorm(dim) for _ in range(depth)])

    def __call__(self, x):
        for lin, norm in zip(self.layers, self.norms):
            x = norm(jax.nn.relu(lin(x)))
        return x


model = Net(16, 2, nnx.Rngs(0))
graphdef, state = nnx.split(model)


def apply(state, x):
    return nnx.merge(graphdef, state)(x)


@jax.jit
def train_forward(state, x):
    return jax.shard_map(apply, mesh=mesh, in_specs=(P(), P("data")),
                         out_specs=P("data"))(state, x)


@nnx.jit
def predict(model, x):
    gd, st = nnx.split(model)
    return jax.shard_map(lambda s, x: nnx.merge(gd, s)(x), mesh=mesh,
                         in_specs=(P(), P("data")), out_specs=P("data"))(st, x)


x = jnp.ones((8, 16))
print(train_forward.trace(state, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
print(jax.jit(lambda s, x: predict(nnx.merge(graphdef, s), x)).trace(state, x)
      .lower(lowering_platforms=("cuda",)).as_text()[:40])
