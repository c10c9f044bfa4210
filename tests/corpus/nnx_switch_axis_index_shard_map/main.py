"""nnx.switch on axis_index('stage') picks each device's layer, inside nnx.shard_map."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.devices(), ('stage',))


class Stages(nnx.Module):
  def __init__(self, d, *, rngs: nnx.Rngs):
    self.embed = nnx.Linear(d, d, rngs=rngs)
    self.middle = nnx.Linear(d, d, rngs=rngs)
    self.head = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    # Device 0 embeds, the last device applies the head, the others the middle layer.
    branch = jnp.clip(jax.lax.axis_index('stage'), 0, 2)
    return nnx.switch(
        branch,
        [lambda m, x: m.embed(x), lambda m, x: m.middle(x), lambda m, x: m.head(x)],
        self, x,
    )


model = Stages(16, rngs=nnx.Rngs(0))
x = jnp.ones((16, 16))


@nnx.jit
def forward(model, x):
  return nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P('stage')),
                       out_specs=P('stage'))(model, x)


forward.trace(model, x).lower(lowering_platforms=("cuda",))
