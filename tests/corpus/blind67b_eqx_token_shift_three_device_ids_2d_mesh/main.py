import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from model import TokenShiftMix

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("fsdp", "sp"))
layer = TokenShiftMix(256, key=jax.random.PRNGKey(0))


def forward(layer, x):
  return shard_map(lambda m, xs: m(xs), mesh, in_specs=(P(), P("sp")),
                   out_specs=P("sp"), check_rep=False)(layer, x)


forward = jax.jit(forward)

if __name__ == "__main__":
  x = jax.ShapeDtypeStruct((1024, 256), jnp.float32)
  forward.trace(layer, x).lower(lowering_platforms=("tpu",))
