import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from ringattn import RingSelfAttention

RING = 4
mesh = jax.make_mesh((RING,), ("ring",))

layer = RingSelfAttention(64, axis_name="ring", axis_size=RING, rngs=nnx.Rngs(0))


def attend(model, x):
  return model(x)


attend = nnx.shard_map(attend, mesh=mesh, in_specs=(P(), P(None, "ring")),
                       out_specs=P(None, "ring"))
attend = nnx.jit(attend)

if __name__ == "__main__":
  x = jax.device_put(jnp.ones((2, 256, 64)), jax.NamedSharding(mesh, P(None, "ring")))
  attend.trace(layer, x).lower(lowering_platforms=("cuda",))
