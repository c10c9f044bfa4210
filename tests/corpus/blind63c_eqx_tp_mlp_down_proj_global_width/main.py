import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from tp_mlp import FeedForward, param_specs

DIM, HIDDEN = 256, 1024


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "tensor"))
  ffn = FeedForward(DIM, HIDDEN, key=jax.random.PRNGKey(0))
  params, static = eqx.partition(ffn, eqx.is_array)
  specs = param_specs(params, P, "tensor")

  def local_forward(params, x):
    layer = eqx.combine(params, static)
    return jax.vmap(lambda t: layer(t, "tensor"))(x)

  forward = shard_map(local_forward, mesh=mesh, in_specs=(specs, P("data")), out_specs=P("data"))
  x = jax.ShapeDtypeStruct((32, DIM), jnp.float32)
  jax.jit(forward).trace(params, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
