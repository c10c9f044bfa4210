"""Stack of tensor-parallel blocks (nn.scan over nn.remat'd layers) applied inside shard_map:
the psum in every block is bound by the enclosing shard_map over 'tp'."""
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import AxisType, PartitionSpec as P

TP = "tp"


class TPBlock(nn.Module):
    ff_local: int

    @nn.compact
    def __call__(self, x, _):
        h = nn.relu(nn.Dense(self.ff_local, use_bias=False, name="up")(nn.LayerNorm()(x)))
        y = nn.Dense(x.shape[-1], use_bias=False, name="down")(h)
        return x + jax.lax.psum(y, TP), None


class Stack(nn.Module):
    layers: int
    ff_local: int

    @nn.compact
    def __call__(self, x):
        Scanned = nn.scan(nn.remat(TPBlock), variable_axes={"params": 0}, split_rngs={"params": True},
                          length=self.layers)
        x, _ = Scanned(self.ff_local, name="blocks")(x, None)
        return x


mesh = jax.make_mesh((4,), (TP,), axis_types=(AxisType.Explicit,))
model = Stack(layers=3, ff_local=32)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P()), out_specs=P())
def forward(variables, x):
    return model.apply(variables, x)


x = jnp.ones((8, 16))
variables = jax.eval_shape(lambda: jax.shard_map(lambda: model.init(jax.random.key(0), x), mesh=mesh,
                                                  in_specs=(), out_specs=P())())
lowered = jax.jit(forward).trace(variables, x).lower(lowering_platforms=("cuda",))
print("ok")
